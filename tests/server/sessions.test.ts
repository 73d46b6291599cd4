import { describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { sessions } from '../../src/server/db/schema';
import { sessionCookieOf, signIn, setUpTestApp } from './support/test-app';

const testApp = setUpTestApp();
const email = 'maya.okafor@example.com';
const day = 24 * 60 * 60 * 1000;
const signedOut = { sessionId: '', userName: '', userId: '', roles: [] };

function checkSession(cookie?: string) {
  return testApp().app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: cookie === undefined ? {} : { cookie },
  });
}

describe('the session cookie', () => {
  test('is HttpOnly, SameSite=Lax, Secure on an https app and lasts 30 days', async () => {
    const reply = await signIn(testApp(), email);

    expect(reply.cookies).toHaveLength(1);
    const [{ value, ...attributes } = { value: '' }] = reply.cookies;
    expect(value).toMatch(/^[\w-]{43}$/);
    expect(attributes).toEqual({
      name: 'ss-id',
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
    });
    const [stored] = await testApp().db.select().from(sessions);
    expect(stored?.tokenHash).not.toBe(value);
  });

  test('is not Secure on a plain-http app, as in development', async () => {
    const developmentApp = buildApp({
      ...testApp().deps,
      config: readConfig({ APP_ORIGIN: 'http://127.0.0.1:5173' }),
    });
    const reply = await signIn({ ...testApp(), app: developmentApp }, email);

    expect(reply.cookies).toMatchObject([{ name: 'ss-id', httpOnly: true, sameSite: 'Lax' }]);
    expect(reply.cookies[0]?.secure).toBeUndefined();
    await developmentApp.close();
  });
});

describe('session checks', () => {
  test('answer the signed-in user from the cookie', async () => {
    const login = await signIn(testApp(), email);
    const cookie = sessionCookieOf(login);

    for (const reply of [
      await checkSession(cookie),
      await testApp().app.inject({ method: 'POST', url: '/auth', headers: { cookie } }),
    ]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual(login.json());
    }
  });

  test('answer signed out without a cookie or with an unknown one', async () => {
    expect((await checkSession()).json()).toEqual(signedOut);
    expect((await checkSession('ss-id=forged')).json()).toEqual(signedOut);
  });

  test('accept POST /auth with the empty JSON object the app sends', async () => {
    const reply = await testApp().app.inject({ method: 'POST', url: '/auth', payload: {} });
    expect(reply.json()).toEqual(signedOut);
  });

  test('extend a session used more than a day after it was last seen, for 30 days', async () => {
    const cookie = sessionCookieOf(await signIn(testApp(), email));

    testApp().clock.advance(day / 2);
    expect((await checkSession(cookie)).cookies).toEqual([]);

    testApp().clock.advance(day);
    const renewed = await checkSession(cookie);
    expect(renewed.cookies).toMatchObject([{ name: 'ss-id', maxAge: 30 * 24 * 60 * 60 }]);
    const [stored] = await testApp().db.select().from(sessions);
    expect(stored?.expiresAt).toEqual(new Date(testApp().clock.now().getTime() + 30 * day));

    testApp().clock.advance(29 * day);
    expect((await checkSession(cookie)).json()).toMatchObject({ userName: email });
  });

  test('end after 30 days unused', async () => {
    const cookie = sessionCookieOf(await signIn(testApp(), email));
    testApp().clock.advance(30 * day);

    expect((await checkSession(cookie)).json()).toEqual(signedOut);
  });
});

describe('signing out', () => {
  test('revokes the session and expires the cookie', async () => {
    const cookie = sessionCookieOf(await signIn(testApp(), email));

    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie },
    });

    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
    expect(reply.cookies).toMatchObject([{ name: 'ss-id', value: '', maxAge: 0 }]);
    expect(await testApp().db.$count(sessions)).toBe(0);
    expect((await checkSession(cookie)).json()).toEqual(signedOut);
  });

  test('twice is harmless', async () => {
    const reply = await testApp().app.inject({ method: 'POST', url: '/auth/logout' });
    expect(reply.statusCode).toBe(204);
  });
});

test('a secured operation answers 401 without a live session', async () => {
  const reply = await testApp().app.inject({ method: 'GET', url: '/v2/account' });

  expect(reply.statusCode).toBe(401);
  expect(reply.json()).toEqual({
    responseStatus: { errorCode: 'Unauthorized', message: 'Please sign in again.', errors: [] },
  });
});
