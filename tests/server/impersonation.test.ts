import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../src/server/db/schema';
import { handlers } from '../../src/server/handlers';
import {
  adminEmail,
  sessionCookieOf,
  signIn,
  setUpTestApp,
  type TestApp,
} from './support/test-app';

const authorEmail = 'maya.okafor@example.com';

const testApp = setUpTestApp({
  handlers: {
    ...handlers,
    // Answers who the request acts for, to show what handlers receive.
    getAccount: (_request, { auth }) => ({
      status: 200,
      body: {
        userId: String(auth?.actingUser.id),
        email: auth?.actingUser.email ?? '',
        name: '',
        plan: 'standard',
        canUpgrade: false,
        subscribed: false,
        preferences: { weeklyReport: false, productNews: false, defaultStorefront: 'US' },
        createdAt: '2026-11-21T09:00:00.000Z',
      },
    }),
  },
});

async function signedIn(app: TestApp, email: string) {
  const login = await signIn(app, email);
  return { cookie: sessionCookieOf(login), userId: login.json<{ userId: string }>().userId };
}

function get(url: string, headers: Record<string, string>) {
  return testApp().app.inject({ method: 'GET', url, headers });
}

describe('X-Impersonate', () => {
  test('is refused with 403 for a user without the Administrator role', async () => {
    const author = await signedIn(testApp(), authorEmail);
    const other = await signedIn(testApp(), 'jonah.reyes@example.com');

    const reply = await get('/v2/account', {
      cookie: author.cookie,
      'x-impersonate': other.userId,
    });

    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'Forbidden' } });
    expect(await testApp().db.$count(auditLog)).toBe(0);
  });

  test('lets an administrator act as the user, recording each request', async () => {
    const author = await signedIn(testApp(), authorEmail);
    const admin = await signedIn(testApp(), adminEmail);
    const headers = { cookie: admin.cookie, 'x-impersonate': author.userId };

    const account = await get('/v2/account', headers);
    const session = await get('/auth/session', headers);

    expect(account.json()).toMatchObject({ userId: author.userId, email: authorEmail });
    expect(session.json()).toMatchObject({
      userId: admin.userId,
      email: adminEmail,
      roles: ['Administrator'],
      impersonating: { userId: author.userId, email: authorEmail },
    });
    const audited = await testApp().db.select().from(auditLog).orderBy(auditLog.id);
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'impersonate',
        actorId: Number(admin.userId),
        subjectId: Number(author.userId),
        operationId: 'getAccount',
        method: 'GET',
        path: '/v2/account',
        occurredAt: testApp().clock.now(),
        outcome: 'allowed',
        refusalReason: null,
      }),
      expect.objectContaining({ operationId: 'checkSession', path: '/auth/session' }),
    ]);
  });

  test('naming no existing user is refused with 403', async () => {
    const admin = await signedIn(testApp(), adminEmail);

    const reply = await get('/v2/account', { cookie: admin.cookie, 'x-impersonate': '999999' });

    expect(reply.statusCode).toBe(403);
  });

  test('is validated against the contract although the header names differ in case', async () => {
    const admin = await signedIn(testApp(), adminEmail);

    const reply = await get('/v2/account', { cookie: admin.cookie, 'x-impersonate': 'not an id!' });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'X-Impersonate', errorCode: 'Format' }] },
    });
  });

  test('is ignored by operations that do not declare it', async () => {
    const author = await signedIn(testApp(), authorEmail);
    const admin = await signedIn(testApp(), adminEmail);

    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/auth',
      headers: { cookie: admin.cookie, 'x-impersonate': author.userId },
    });

    expect(reply.json()).not.toHaveProperty('impersonating');
    expect(await testApp().db.$count(auditLog)).toBe(0);
  });
});

describe('looking an account up', () => {
  test('shows an administrator the account for an address', async () => {
    const author = await signedIn(testApp(), authorEmail);
    const admin = await signedIn(testApp(), adminEmail);

    const reply = await get(
      `/v1/admin/account?userEmail=${encodeURIComponent('Maya.Okafor@example.com')}`,
      {
        cookie: admin.cookie,
      },
    );

    expect(reply.statusCode).toBe(200);
    const [user] = await testApp().db.select().from(users).where(eq(users.email, authorEmail));
    expect(reply.json()).toEqual({
      userId: author.userId,
      email: authorEmail,
      name: '',
      roles: [],
      plan: 'standard',
      linkCount: 0,
      collectionCount: 0,
      createdAt: user?.createdAt.toISOString(),
      lastSignInAt: testApp().clock.now().toISOString(),
    });
  });

  test('answers 404 for an address without an account', async () => {
    const admin = await signedIn(testApp(), adminEmail);

    const reply = await get('/v1/admin/account?userEmail=nobody@example.com', {
      cookie: admin.cookie,
    });

    expect(reply.statusCode).toBe(404);
  });

  test('is refused to users without the Administrator role, and to the signed out', async () => {
    const author = await signedIn(testApp(), authorEmail);
    const url = `/v1/admin/account?userEmail=${authorEmail}`;

    expect((await get(url, { cookie: author.cookie })).statusCode).toBe(403);
    expect((await get(url, {})).statusCode).toBe(401);
  });
});

describe('an administrator acting as an administrator', () => {
  test('is refused with 403 and recorded as refused with its reason', async () => {
    const admin = await signedIn(testApp(), adminEmail);
    const otherAdmin = await signedIn(testApp(), 'ola.berg@shelflink.test');
    await testApp()
      .db.update(users)
      .set({ roles: ['Administrator'] })
      .where(eq(users.id, Number(otherAdmin.userId)));

    const reply = await get('/v2/account', {
      cookie: admin.cookie,
      'x-impersonate': otherAdmin.userId,
    });

    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errorCode: 'Forbidden',
        message: 'Administrators may not act as another administrator.',
      },
    });
    expect(await testApp().db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorId: Number(admin.userId),
        subjectId: Number(otherAdmin.userId),
        outcome: 'refused',
        refusalReason: 'Administrators may not act as another administrator.',
      }),
    ]);
  });
});

describe('an X-Impersonate that cannot be an account id', () => {
  test.each(['99999999999999999999999', '0', '007', '1234567890123456'])(
    '%s is 400 at X-Impersonate, never a database error',
    async (value) => {
      const admin = await signedIn(testApp(), adminEmail);

      const reply = await get('/v2/account', { cookie: admin.cookie, 'x-impersonate': value });

      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        responseStatus: { errors: [{ fieldName: 'X-Impersonate' }] },
      });
    },
  );
});
