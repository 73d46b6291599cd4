import { describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { signInTokens } from '../../src/server/db/schema';
import { ApiProblem } from '../../src/server/http/api-problem';
import type { Handlers } from '../../src/server/http/handler';
import { handlers } from '../../src/server/handlers';
import { sessionCookieOf, signIn, setUpTestApp } from './support/test-app';

const receivedIds: unknown[] = [];

const testApp = setUpTestApp({
  handlers: {
    ...handlers,
    // Each breaks the contract in its own way; response validation must catch it.
    checkSession: () => ({ status: 200, body: { sessionId: 42 } as never }),
    countLinks: () => {
      throw ApiProblem.notFound(); // countLinks declares no 404
    },
    listLinks: ({ query }) => {
      receivedIds.push(query.ids);
      return {
        status: 200,
        body: { results: [], page: { skip: 0, take: 20, total: 0 }, recentClicks: {} },
      };
    },
    listCollections: undefined,
  } satisfies Handlers,
});

const serverError = {
  responseStatus: {
    errorCode: 'InternalServerError',
    message: 'Something went wrong on our side. We have been told about it.',
    errors: [],
  },
};

async function signedInCookie() {
  return sessionCookieOf(await signIn(testApp(), 'maya.okafor@example.com'));
}

describe('replies that break the contract', () => {
  test('are caught by response validation and answered 500', async () => {
    const reply = await testApp().app.inject({ method: 'GET', url: '/auth/session' });

    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual(serverError);
  });

  test('include statuses the operation does not declare', async () => {
    const reply = await testApp().app.inject({
      method: 'GET',
      url: '/v1/links/count',
      headers: { cookie: await signedInCookie() },
    });

    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual(serverError);
  });
});

test('an operation without a handler answers 501 once the request is valid', async () => {
  const cookie = await signedInCookie();

  const reply = await testApp().app.inject({
    method: 'GET',
    url: '/v2/collections/list',
    headers: { cookie },
  });
  const invalid = await testApp().app.inject({
    method: 'GET',
    url: '/v2/collections/list?limit=1000',
    headers: { cookie },
  });

  expect(reply.statusCode).toBe(501);
  expect(reply.json()).toEqual({
    responseStatus: {
      errorCode: 'NotImplemented',
      message: 'listCollections is not implemented yet.',
      errors: [],
    },
  });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.json()).toMatchObject({
    responseStatus: { errors: [{ fieldName: 'Limit', errorCode: 'Range' }] },
  });
});

test('comma-separated array parameters (explode: false) arrive as arrays', async () => {
  receivedIds.length = 0;
  const cookie = await signedInCookie();

  const reply = await testApp().app.inject({
    method: 'GET',
    url: '/v1/links/list?ids=lnk_01HZX3K9QF,lnk_01HZX3M2RA',
    headers: { cookie },
  });

  expect(reply.statusCode).toBe(200);
  expect(receivedIds).toEqual([['lnk_01HZX3K9QF', 'lnk_01HZX3M2RA']]);
});

describe('request bodies', () => {
  test('over 64 KiB are refused with 413', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup/link',
      payload: { email: `${'a'.repeat(70_000)}@example.com` },
    });

    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'PayloadTooLarge' } });
    expect(await testApp().db.$count(signInTokens)).toBe(0);
  });

  test('that are not JSON are refused with 400', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup/link',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errorCode: 'ValidationException', errors: [] },
    });
  });
});

describe('requests other sites can send without asking', () => {
  test('a text/plain body is refused with 415, never handed to the operation', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup/link',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'maya.okafor@example.com' }),
    });

    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'UnsupportedMediaType' } });
    expect(await testApp().db.$count(signInTokens)).toBe(0);
  });

  test('a change a browser marks as cross-site is refused with 403; reads and own pages pass', async () => {
    const send = (method: 'GET' | 'POST', url: string, site: string) =>
      testApp().app.inject({
        method,
        url,
        headers: { 'sec-fetch-site': site },
        ...(method === 'POST' ? { payload: { email: 'maya.okafor@example.com' } } : {}),
      });

    const crossSite = await send('POST', '/v1/signup/link', 'cross-site');
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({
      responseStatus: { errorCode: 'Forbidden', message: 'Another site cannot make changes here.' },
    });
    expect(await testApp().db.$count(signInTokens)).toBe(0);

    expect(
      (
        await send(
          'GET',
          '/v1/vanity-codes/availability?domain=shelf.to&code=orchard',
          'cross-site',
        )
      ).statusCode,
    ).toBe(200);
    expect((await send('POST', '/v1/signup/link', 'same-origin')).statusCode).toBe(200);
    expect((await send('POST', '/v1/signup/link', 'none')).statusCode).toBe(200);
    expect(await testApp().db.$count(signInTokens)).toBe(2);
  });
});

test('apiPrefix serves the contract under a path, as behind the web app at /api', async () => {
  const app = buildApp(testApp().deps, { apiPrefix: '/api' });

  expect((await app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(404);
  await app.close();
});

test('a path outside the contract answers 404 in the same error shape', async () => {
  const reply = await testApp().app.inject({ method: 'GET', url: '/v3/nothing' });

  expect(reply.statusCode).toBe(404);
  expect(reply.json()).toEqual({
    responseStatus: { errorCode: 'NotFound', message: 'We could not find that.', errors: [] },
  });
});
