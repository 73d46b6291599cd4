import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { signInTokens, users } from '../../src/server/db/schema';
import { lastSignInToken, sessionCookieOf, signIn, setUpTestApp } from './support/test-app';

const testApp = setUpTestApp();
const email = 'maya.okafor@example.com';
const minute = 60 * 1000;

function requestLink(address: string, remoteAddress = '203.0.113.7') {
  return testApp().app.inject({
    method: 'POST',
    url: '/v1/signup/link',
    payload: { email: address },
    remoteAddress,
  });
}

function login(token: string) {
  return testApp().app.inject({ method: 'POST', url: '/v1/login', payload: { token } });
}

const failedSignIn = {
  sessionId: '',
  userName: '',
  userId: '',
  roles: [],
  responseStatus: { errorCode: 'TokenExpired', errors: [] },
};

describe('sign-in links', () => {
  test('e-mails a one-time link to the app, storing only its hash', async () => {
    const reply = await requestLink('Maya.Okafor@Example.com');

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ email, expiresInMinutes: 15 });
    const [message] = testApp().mail;
    expect(message).toMatchObject({ to: email, subject: 'Your Shelflink sign-in link' });
    expect(message?.actionUrl).toMatch(/^https:\/\/app\.shelflink\.test\/login\/[\w-]{43}$/);
    expect(message?.text).toContain(message?.actionUrl);
    const token = lastSignInToken(testApp(), email);
    const stored = await testApp().db.select().from(signInTokens);
    expect(stored).toEqual([expect.objectContaining({ email, purpose: 'sign-in', usedAt: null })]);
    expect(stored[0]?.tokenHash).not.toBe(token);
  });

  test('signs a new address in, creating its account', async () => {
    const reply = await signIn(testApp(), email);

    expect(reply.statusCode).toBe(200);
    const [user] = await testApp().db.select().from(users);
    const { sessionId, ...identity } = reply.json<{ sessionId: string }>();
    expect(sessionId).toMatch(/^ses_/);
    expect(identity).toEqual({ userName: email, userId: String(user?.id), email, roles: [] });
    expect(user).toMatchObject({ email, lastSignInAt: testApp().clock.now() });
  });

  test('signs a returning address in to the same account', async () => {
    const first = await signIn(testApp(), email);
    const second = await signIn(testApp(), email);

    expect(second.json<{ userId: string }>().userId).toBe(first.json<{ userId: string }>().userId);
    expect(await testApp().db.$count(users)).toBe(1);
  });

  test('refuses a used token', async () => {
    await requestLink(email);
    const token = lastSignInToken(testApp(), email);
    await login(token);

    const reply = await login(token);

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject(failedSignIn);
    expect(reply.cookies).toEqual([]);
  });

  test('refuses a token after 15 minutes', async () => {
    await requestLink(email);
    testApp().clock.advance(15 * minute);

    const reply = await login(lastSignInToken(testApp(), email));

    expect(reply.json()).toMatchObject(failedSignIn);
    expect(await testApp().db.$count(users)).toBe(0);
  });

  test('refuses an unknown token', async () => {
    const reply = await login('sl_9f2c41d7b8e34a6c');

    expect(reply.json()).toMatchObject(failedSignIn);
  });

  test('of eight concurrent uses of one token, exactly one signs in', async () => {
    await requestLink(email);
    const token = lastSignInToken(testApp(), email);

    const replies = await Promise.all(Array.from({ length: 8 }, () => login(token)));

    const sessionIds = replies.map((reply) => reply.json<{ sessionId: string }>().sessionId);
    expect(sessionIds.filter((id) => id !== '')).toHaveLength(1);
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
  });
});

function preview(token: string, headers: Record<string, string> = {}) {
  return testApp().app.inject({
    method: 'POST',
    url: '/v1/login/preview',
    payload: { token },
    headers,
  });
}

function problem(statusCode: number, errorCode: string, message: string) {
  return { statusCode, body: { responseStatus: { errorCode, message, errors: [] } } };
}

describe('previewing a sign-in link', () => {
  test('answers the address the link was sent to and leaves the token usable', async () => {
    await requestLink(email);
    const token = lastSignInToken(testApp(), email);

    const previewed = await preview(token);

    expect(previewed.statusCode).toBe(200);
    expect(previewed.json()).toEqual({ email });
    expect(previewed.cookies).toEqual([]);
    const [stored] = await testApp().db.select().from(signInTokens);
    expect(stored?.usedAt).toBeNull();
    expect(await testApp().db.$count(users)).toBe(0);
    const signedIn = await login(token);
    expect(signedIn.json<{ sessionId: string }>().sessionId).toMatch(/^ses_/);
  });

  test('does not depend on who is signed in', async () => {
    const other = await signIn(testApp(), 'ada@example.org');
    await requestLink(email);

    const previewed = await preview(lastSignInToken(testApp(), email), {
      cookie: sessionCookieOf(other),
    });

    expect(previewed.json()).toEqual({ email });
  });

  test('answers the address of a signup confirmation link, leaving it usable', async () => {
    const signedUp = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup',
      payload: {
        email,
        url: 'https://books.apple.com/us/book/the-salt-orchard/id6447301128',
        code: 'salt-orchard',
        affiliateProgramGuid: '00000000-0000-0000-0000-000000000000',
        affiliateParameters: {},
      },
    });
    expect(signedUp.statusCode).toBe(200);
    const token = testApp().mail.at(-1)?.actionUrl.split('/confirm/')[1] ?? '';

    expect((await preview(token)).json()).toEqual({ email });
    const [stored] = await testApp().db.select().from(signInTokens);
    expect(stored).toMatchObject({ purpose: 'claim', usedAt: null });
  });

  test('answers 404 for a token never issued', async () => {
    const reply = await preview('sl_9f2c41d7b8e34a6c');

    expect({ statusCode: reply.statusCode, body: reply.json<unknown>() }).toEqual(
      problem(
        404,
        'TokenNotFound',
        'This link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.',
      ),
    );
  });

  test('answers 410 TokenUsed for a used token', async () => {
    await requestLink(email);
    const token = lastSignInToken(testApp(), email);
    await login(token);

    const reply = await preview(token);

    expect({ statusCode: reply.statusCode, body: reply.json<unknown>() }).toEqual(
      problem(410, 'TokenUsed', 'This link was already used. Ask for a new one.'),
    );
  });

  test('answers 410 TokenExpired after 15 minutes', async () => {
    await requestLink(email);
    testApp().clock.advance(15 * minute);

    const reply = await preview(lastSignInToken(testApp(), email));

    expect({ statusCode: reply.statusCode, body: reply.json<unknown>() }).toEqual(
      problem(410, 'TokenExpired', 'This link has expired. Ask for a new one.'),
    );
  });

  test('refuses a malformed token with a field error, never looking it up', async () => {
    const reply = await preview('not a token!');

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errorCode: 'ValidationException', errors: [{ fieldName: 'Token' }] },
    });
  });
});

describe('sign-in link rate limits', () => {
  test('allow 5 links an address per 15 minutes, then answer 429 with Retry-After', async () => {
    for (let sent = 0; sent < 5; sent++) expect((await requestLink(email)).statusCode).toBe(200);
    testApp().clock.advance(5 * minute);

    const limited = await requestLink(email);

    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(10 * 60));
    expect(limited.json()).toEqual({
      responseStatus: {
        errorCode: 'TooManyRequests',
        message: 'Too many requests. Please wait a moment and try again.',
        errors: [],
      },
    });
    expect(testApp().mail).toHaveLength(5);

    testApp().clock.advance(10 * minute);
    expect((await requestLink(email)).statusCode).toBe(200);
  });

  test('allow 20 links from one IP address per 15 minutes', async () => {
    for (let sent = 0; sent < 20; sent++) {
      expect((await requestLink(`reader${sent}@example.org`)).statusCode).toBe(200);
    }

    expect((await requestLink('reader20@example.org')).statusCode).toBe(429);
    expect((await requestLink('reader20@example.org', '198.51.100.4')).statusCode).toBe(200);
  });
});

describe('the per-address mail limit counts one mailbox however it is written', () => {
  test.each([
    ['a quoted local part', '"maya.okafor"@example.com'],
    ['a list after the address', 'maya.okafor@example.com,x'],
    ['a list before the address', 'x,maya.okafor@example.com'],
    ['a display name', 'Maya <maya.okafor@example.com>'],
    ['a control character', 'maya.okafor\u0001@example.com'],
  ])('%s is refused at Email and sends nothing', async (_kind, address) => {
    const reply = await requestLink(address);

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Email', errorCode: 'Format' }] },
    });
    expect(testApp().mail).toEqual([]);
  });

  test('an address in other letter cases counts against the same limit', async () => {
    for (let sent = 0; sent < 5; sent++) expect((await requestLink(email)).statusCode).toBe(200);

    expect((await requestLink('Maya.Okafor@EXAMPLE.com', '198.51.100.4')).statusCode).toBe(429);
    expect(testApp().mail).toHaveLength(5);
  });
});

describe('an invalid sign-in link request', () => {
  test('gets one field error per invalid field and writes nothing', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup/link',
      payload: { email: 'not-an-address', remember: true },
    });

    expect(reply.statusCode).toBe(400);
    const { responseStatus } = reply.json<{ responseStatus: { errors: unknown[] } }>();
    expect(responseStatus).toMatchObject({
      errorCode: 'ValidationException',
      message: 'Please check the highlighted fields.',
    });
    expect(responseStatus.errors).toHaveLength(2);
    expect(responseStatus.errors).toEqual(
      expect.arrayContaining([
        {
          fieldName: 'Email',
          errorCode: 'Format',
          message: 'This value is not in the expected format.',
        },
        {
          fieldName: 'Remember',
          errorCode: 'NotAllowed',
          message: 'This field is not allowed here.',
        },
      ]),
    );
    expect(await testApp().db.$count(signInTokens)).toBe(0);
    expect(testApp().mail).toEqual([]);
  });

  test('names a missing field', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup/link',
      payload: {},
    });

    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Email', errorCode: 'Required' }] },
    });
  });
});

test('a token is stored with its expiry', async () => {
  await requestLink(email);
  const [stored] = await testApp()
    .db.select()
    .from(signInTokens)
    .where(eq(signInTokens.email, email));
  expect(stored?.expiresAt).toEqual(new Date(testApp().clock.now().getTime() + 15 * minute));
});
