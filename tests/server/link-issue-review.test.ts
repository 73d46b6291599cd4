import { describe, expect, test } from 'vitest';
import { links } from '../../src/server/db/schema';
import { adminEmail, sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const testApp = setUpTestApp();
const ownerEmail = 'maya.okafor@example.com';

/** An owned link with a reader's report about it; the owner's and an administrator's cookies. */
async function reportedLink() {
  const owner = await signIn(testApp(), ownerEmail);
  await testApp()
    .db.insert(links)
    .values({
      id: 'lnk_salt',
      ownerId: Number(owner.json<{ userId: string }>().userId),
      domain: 'shelf.to',
      code: 'salt-orchard',
      baseCode: 'salt-orchard',
      url: 'https://www.amazon.co.uk/dp/1668012340',
    });
  const reported = await testApp().app.inject({
    method: 'POST',
    url: '/v1/report-link-issue',
    payload: {
      domain: 'shelf.to',
      code: 'salt-orchard',
      kind: 'wrongBook',
      details: 'It opens a cookbook.',
      email: 'reader@example.org',
    },
  });
  const { reference } = reported.json<{ reference: string }>();
  const admin = sessionCookieOf(await signIn(testApp(), adminEmail));
  testApp().mail.length = 0;
  return { reference, owner: sessionCookieOf(owner), admin };
}

function asUser(cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) {
  return testApp().app.inject({ method, url, headers: { cookie }, payload });
}

function decide(cookie: string, reference: string, outcome: string) {
  return asUser(cookie, 'PUT', `/v2/admin/link-issues/${reference}/resolution`, { outcome });
}

async function shortLinkStatus(code: string): Promise<number> {
  const { host, close } = await buildTestShortLinkHost(testApp());
  try {
    return (await host.inject({ url: `/${code}` })).statusCode;
  } finally {
    await close();
  }
}

describe('reviewing reported link issues', () => {
  test('lists open reports with the link, its owner and the reporter', async () => {
    const { reference, admin } = await reportedLink();

    const open = await asUser(admin, 'GET', '/v2/admin/link-issues');

    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      results: [
        {
          reference,
          shortUrl: 'https://shelf.to/salt-orchard',
          destination: 'https://www.amazon.co.uk/dp/1668012340',
          linkDisabled: false,
          ownerEmail,
          kind: 'wrongBook',
          details: 'It opens a cookbook.',
          reporterEmail: 'reader@example.org',
          reportedAt: '2026-11-21T09:00:00.000Z',
          resolution: null,
        },
      ],
      total: 1,
    });
  });

  test('upholding disables the link at once, tells its owner, and moves the report to resolved', async () => {
    const { reference, admin } = await reportedLink();
    expect(await shortLinkStatus('salt-orchard')).toBe(302);

    const upheld = await decide(admin, reference, 'upheld');

    expect(upheld.statusCode).toBe(200);
    expect(upheld.json()).toMatchObject({
      reference,
      linkDisabled: true,
      resolution: {
        outcome: 'upheld',
        decidedAt: '2026-11-21T09:00:00.000Z',
        decidedBy: adminEmail,
      },
    });
    expect(await shortLinkStatus('salt-orchard')).toBe(410);
    expect(testApp().mail.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: ownerEmail, subject: "shelf.to/salt-orchard was switched off after a reader's report" },
    ]);
    const open = await asUser(admin, 'GET', '/v2/admin/link-issues');
    const resolved = await asUser(admin, 'GET', '/v2/admin/link-issues?status=resolved');
    expect(open.json()).toEqual({ results: [], total: 0 });
    expect(resolved.json()).toMatchObject({ results: [{ reference }], total: 1 });
  });

  test('dismissing leaves the link working and tells nobody', async () => {
    const { reference, admin } = await reportedLink();

    const dismissed = await decide(admin, reference, 'dismissed');

    expect(dismissed.json()).toMatchObject({
      linkDisabled: false,
      resolution: { outcome: 'dismissed' },
    });
    expect(await shortLinkStatus('salt-orchard')).toBe(302);
    expect(testApp().mail).toEqual([]);
  });

  test('a report is decided once; an unknown one is not found', async () => {
    const { reference, admin } = await reportedLink();
    await decide(admin, reference, 'dismissed');

    const again = await decide(admin, reference, 'upheld');
    const unknown = await decide(admin, 'LI-20261121-9999', 'upheld');

    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ responseStatus: { errorCode: 'AlreadyDecided' } });
    expect(await shortLinkStatus('salt-orchard')).toBe(302);
    expect(unknown.statusCode).toBe(404);
  });

  test('names the administrator who decided, also while they act as someone else', async () => {
    const { reference, owner, admin } = await reportedLink();
    const session = await asUser(owner, 'GET', '/auth/session');
    const ownerId = session.json<{ userId: string }>().userId;

    const upheld = await testApp().app.inject({
      method: 'PUT',
      url: `/v2/admin/link-issues/${reference}/resolution`,
      headers: { cookie: admin, 'x-impersonate': ownerId },
      payload: { outcome: 'upheld' },
    });

    expect(upheld.json()).toMatchObject({ resolution: { decidedBy: adminEmail } });
  });

  test('is for administrators only', async () => {
    const { reference, owner } = await reportedLink();

    const list = await asUser(owner, 'GET', '/v2/admin/link-issues');
    const decision = await decide(owner, reference, 'upheld');

    expect([list.statusCode, decision.statusCode]).toEqual([403, 403]);
  });

  describe('after a decision', () => {
    const fixed = {
      domain: 'shelf.to',
      code: 'salt-orchard',
      baseCode: 'salt-orchard',
      url: 'https://www.amazon.com/dp/1668012340',
    };

    test('an upheld link works again at once when its author gives it a new destination', async () => {
      const { reference, admin, owner } = await reportedLink();
      await decide(admin, reference, 'upheld');
      const { host, close } = await buildTestShortLinkHost(testApp());
      try {
        expect((await host.inject({ url: '/salt-orchard' })).statusCode).toBe(410);

        const sameDestination = await asUser(owner, 'PUT', '/v1/links', {
          ...fixed,
          url: 'https://www.amazon.co.uk/dp/1668012340',
          title: 'The Salt Orchard',
        });
        expect(sameDestination.json()).toMatchObject({ disabled: { reason: 'reportUpheld' } });

        const changed = await asUser(owner, 'PUT', '/v1/links', fixed);

        expect(changed.json()).toMatchObject({ disabled: null });
        const followed = await host.inject({ url: '/salt-orchard' });
        expect(followed.statusCode).toBe(302);
        expect(followed.headers.location).toContain('https://www.amazon.com/dp/1668012340');
      } finally {
        await close();
      }
    });

    test('the upheld owner is told that fixing the destination brings the link back', async () => {
      const { reference, admin } = await reportedLink();

      await decide(admin, reference, 'upheld');

      const [message] = testApp().mail;
      expect(message?.text).toContain('Fix the destination and the link works again at once');
      expect(message?.text).not.toContain('create a new link');
    });

    test('a link found to be abuse stays off whatever its author changes, and its owner is told to contact support', async () => {
      const { reference, admin, owner } = await reportedLink();

      const decided = await decide(admin, reference, 'abuse');
      const changed = await asUser(owner, 'PUT', '/v1/links', fixed);

      expect(decided.json()).toMatchObject({
        linkDisabled: true,
        resolution: { outcome: 'abuse' },
      });
      expect(changed.json()).toMatchObject({ disabled: { reason: 'abuse' } });
      const { host, close } = await buildTestShortLinkHost(testApp());
      try {
        const followed = await host.inject({ url: '/salt-orchard' });
        expect(followed.statusCode).toBe(410);
        expect(followed.body).toContain('used to mislead or harm readers');
      } finally {
        await close();
      }
      const [message] = testApp().mail;
      expect(message?.text).toContain('Only our support team can turn it back on');
    });

    test('upholding a second report does not lift an abuse decision', async () => {
      const first = await reportedLink();
      await decide(first.admin, first.reference, 'abuse');
      const second = await testApp().app.inject({
        method: 'POST',
        url: '/v1/report-link-issue',
        payload: { domain: 'shelf.to', code: 'salt-orchard', kind: 'other', details: 'Again.' },
      });

      await decide(first.admin, second.json<{ reference: string }>().reference, 'upheld');
      const changed = await asUser(first.owner, 'PUT', '/v1/links', fixed);

      expect(changed.json()).toMatchObject({ disabled: { reason: 'abuse' } });
    });
  });
});
