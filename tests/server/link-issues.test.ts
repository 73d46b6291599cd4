import { describe, expect, test } from 'vitest';
import { linkIssueReports, links, users } from '../../src/server/db/schema';
import { adminEmail, sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();
const ownerEmail = 'maya.okafor@example.com';
const supportEmail = 'support@shelflink.test';
const report = {
  domain: 'shelf.to',
  code: 'salt-orchard',
  kind: 'brokenStoreLink',
  details: 'The UK store says the book is unavailable.',
  email: 'reader@example.org',
};

/** The owner's link, and an administrator granted the role in the database. */
async function ownedLinkAndAdministrators() {
  const owner = await signIn(testApp(), ownerEmail);
  await testApp()
    .db.insert(users)
    .values({ email: supportEmail, roles: ['Administrator'] });
  await testApp()
    .db.insert(links)
    .values({
      id: 'lnk_salt',
      ownerId: Number(owner.json<{ userId: string }>().userId),
      domain: 'shelf.to',
      code: 'Salt-Orchard',
      baseCode: 'Salt-Orchard',
      url: 'https://books.apple.com/gb/book/the-salt-orchard/id1623456789',
    });
  testApp().mail.length = 0;
  return owner;
}

function reportIssue(payload: object, headers: Record<string, string> = {}) {
  return testApp().app.inject({ method: 'POST', url: '/v1/report-link-issue', payload, headers });
}

describe('reporting a link issue', () => {
  test('stores it under a reference for the day, for readers who are not signed in', async () => {
    await ownedLinkAndAdministrators();

    const first = await reportIssue(report);
    const second = await reportIssue({ ...report, kind: 'wrongBook', email: undefined });

    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ reference: 'LI-20261121-0001' });
    expect(second.json()).toEqual({ reference: 'LI-20261121-0002' });
    const stored = await testApp().db.select().from(linkIssueReports).orderBy(linkIssueReports.id);
    expect(stored).toEqual([
      expect.objectContaining({
        reference: 'LI-20261121-0001',
        linkId: 'lnk_salt',
        domain: 'shelf.to',
        code: 'salt-orchard',
        kind: 'brokenStoreLink',
        details: report.details,
        email: 'reader@example.org',
        reporterId: null,
        createdAt: testApp().clock.now(),
      }),
      expect.objectContaining({ reference: 'LI-20261121-0002', email: null }),
    ]);
  });

  test("mails the link's owner and every administrator, the reader's address to administrators only", async () => {
    await ownedLinkAndAdministrators();

    await reportIssue(report);

    const { mail } = testApp();
    expect(mail.map(({ to }) => to).sort()).toEqual([adminEmail, ownerEmail, supportEmail].sort());
    const toOwner = mail.find(({ to }) => to === ownerEmail);
    expect(toOwner).toMatchObject({
      subject: 'A reader reported a problem with shelf.to/salt-orchard',
      actionUrl: 'https://app.shelflink.test/links',
    });
    expect(toOwner?.text).toContain(report.details);
    expect(toOwner?.text).toContain('LI-20261121-0001');
    expect(toOwner?.text).not.toContain(report.email);
    const toAdministrator = mail.find(({ to }) => to === supportEmail);
    expect(toAdministrator?.subject).toBe('Link issue LI-20261121-0001: shelf.to/salt-orchard');
    expect(toAdministrator?.text).toContain(`Reported by: ${report.email}`);
    expect(toAdministrator?.text).toContain(`Owner: ${ownerEmail}`);
  });

  test('records a signed-in reporter, with their address when they give none', async () => {
    await ownedLinkAndAdministrators();
    const reader = await signIn(testApp(), 'reader@example.org');

    await reportIssue({ ...report, email: undefined }, { cookie: sessionCookieOf(reader) });

    const [stored] = await testApp().db.select().from(linkIssueReports);
    expect(stored).toMatchObject({
      reporterId: Number(reader.json<{ userId: string }>().userId),
      email: 'reader@example.org',
    });
  });

  test('about an unclaimed link mails the administrators only', async () => {
    await ownedLinkAndAdministrators();
    await testApp()
      .db.insert(links)
      .values({
        id: 'lnk_unclaimed',
        domain: 'shelf.to',
        code: 'unclaimed',
        baseCode: 'unclaimed',
        url: 'https://www.amazon.com/dp/1668012340',
        claimExpiresAt: new Date('2026-11-28T09:00:00Z'),
      });

    await reportIssue({ ...report, code: 'unclaimed' });

    expect(
      testApp()
        .mail.map(({ to }) => to)
        .sort(),
    ).toEqual([adminEmail, supportEmail].sort());
  });

  test('about a link that does not exist is not found', async () => {
    await ownedLinkAndAdministrators();

    const reply = await reportIssue({ ...report, code: 'no-such-link' });

    expect(reply.statusCode).toBe(404);
    expect(await testApp().db.$count(linkIssueReports)).toBe(0);
    expect(testApp().mail).toEqual([]);
  });

  test('names invalid fields', async () => {
    const reply = await reportIssue({ ...report, kind: 'rude', email: 'not an address' });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errors: [
          { fieldName: 'Kind', errorCode: 'NotAllowed' },
          { fieldName: 'Email', errorCode: 'Format' },
        ],
      },
    });
  });

  test('is limited to 10 reports an hour from one address', async () => {
    await ownedLinkAndAdministrators();
    for (let count = 0; count < 10; count++) await reportIssue(report);

    const refused = await reportIssue(report);
    const fromElsewhere = await testApp().app.inject({
      method: 'POST',
      url: '/v1/report-link-issue',
      payload: report,
      remoteAddress: '203.0.113.9',
    });
    testApp().clock.advance(60 * 60 * 1000);
    const nextHour = await reportIssue(report);

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(fromElsewhere.statusCode).toBe(202);
    expect(nextHour.statusCode).toBe(202);
  });
});
