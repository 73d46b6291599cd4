// Input that once reached the handlers or the database and came back as a 500: missing bodies,
// text no column can keep, numbers that are not written as numbers, and requests Fastify or
// Node answered in their own words before any route ran. Each gets a declared 4xx in the
// contract's ErrorResponse.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { collections, links, users } from '../../src/server/db/schema';
import { loadContract } from '../../src/server/http/contract';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const testApp = setUpTestApp();

async function signedIn() {
  return sessionCookieOf(await signIn(testApp(), 'maya.okafor@example.com'));
}

/**
 * Every API operation whose body the contract requires, with its path parameters filled in and
 * what it answers without one: a JSON body, or for the cover upload, one of the image files.
 */
function operationsRequiringBodies() {
  const { document, operationsRequiringBodies: required } = loadContract();
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
      const operationId = item[method]?.operationId;
      const mediaTypes = operationId === undefined ? undefined : required.get(operationId);
      if (operationId === undefined || mediaTypes === undefined) return [];
      const url = path.replaceAll(/\{[^}]+\}/g, 'abc');
      const message = mediaTypes.includes('application/json')
        ? 'This request needs a JSON body, sent with Content-Type: application/json.'
        : 'This request needs a file, sent with Content-Type: image/png, image/jpeg or image/webp.';
      return [{ operationId, method: method.toUpperCase() as 'POST', url, message }];
    }),
  );
}

function isErrorResponse(body: unknown): boolean {
  const status = (body as { responseStatus?: Record<string, unknown> }).responseStatus;
  return (
    typeof status?.errorCode === 'string' &&
    typeof status.message === 'string' &&
    Array.isArray(status.errors)
  );
}

describe('a request without its body', () => {
  test.each(operationsRequiringBodies())(
    '$operationId answers 400 without a body or Content-Type',
    async ({ method, url, message }) => {
      const cookie = await signedIn();

      const reply = await testApp().app.inject({ method, url, headers: { cookie } });

      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        responseStatus: { errorCode: 'ValidationException', message },
      });
    },
  );
});

describe('text no database column can keep', () => {
  const unstorable = {
    'a null character': 'Lanterns\u0000Over',
    'a lone surrogate': 'Lanterns\uD800Over',
  };

  test.each(Object.entries(unstorable))(
    'a collection title with %s is refused at its field, storing nothing',
    async (_kind, title) => {
      const cookie = await signedIn();

      const reply = await testApp().app.inject({
        method: 'POST',
        url: '/v2/collections',
        headers: { cookie },
        payload: { title, linkIds: [], aliasCode: 'lanterns' },
      });

      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        responseStatus: { errors: [{ fieldName: 'Title', errorCode: 'Format' }] },
      });
      expect(await testApp().db.$count(collections)).toBe(0);
    },
  );

  test('a link parameter name with a null character is refused at that parameter', async () => {
    const cookie = await signedIn();

    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/links',
      headers: { cookie },
      payload: {
        url: 'https://www.amazon.com/dp/1668012340',
        parameterKeyValues: { 'utm\u0000source': 'newsletter' },
      },
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'ParameterKeyValues.utm\u0000source' }] },
    });
    expect(await testApp().db.$count(links)).toBe(0);
  });

  test('an account name with half of an emoji leaves the account as it was', async () => {
    const cookie = await signedIn();
    const [before] = await testApp().db.select().from(users);

    const reply = await testApp().app.inject({
      method: 'PUT',
      url: '/v2/account',
      headers: { cookie },
      payload: {
        email: 'maya.okafor@example.com',
        name: 'Maya \uD83D',
        preferences: { weeklyReport: true, productUpdates: false },
      },
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'Name' }] } });
    expect((await testApp().db.select().from(users))[0]).toEqual(before);
  });

  test('a search with a null character is refused at `Q`', async () => {
    const cookie = await signedIn();

    const reply = await testApp().app.inject({
      method: 'GET',
      url: '/v1/links/list?q=salt%00orchard',
      headers: { cookie },
    });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ responseStatus: { errors: [{ fieldName: 'Q' }] } });
  });
});

describe('integers', () => {
  test.each(['1e2', '0x10', '%205', '5.0', '+5', '99999999999999999999'])(
    'skip=%s is refused at `Skip`',
    async (skip) => {
      const cookie = await signedIn();

      const reply = await testApp().app.inject({
        method: 'GET',
        url: `/v1/links/list?skip=${skip}`,
        headers: { cookie },
      });

      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        responseStatus: { errors: [{ fieldName: 'Skip' }] },
      });
    },
  );

  test('digits are read as the number they write', async () => {
    const cookie = await signedIn();

    const reply = await testApp().app.inject({
      method: 'GET',
      url: '/v1/links/list?skip=05&take=3',
      headers: { cookie },
    });

    expect(reply.json()).toMatchObject({ page: { skip: 5, take: 3 } });
  });
});

describe('requests the router or Node answers before any operation', () => {
  test('a path parameter over 100 characters gets 414 in the contract’s shape', async () => {
    const cookie = await signedIn();

    const reply = await testApp().app.inject({
      method: 'GET',
      url: `/v2/collections/${'x'.repeat(150)}`,
      headers: { cookie },
    });

    expect(reply.statusCode).toBe(414);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'UriTooLong' } });
    expect(isErrorResponse(reply.json())).toBe(true);
  });

  test('a broken %-escape in a path gets 400 in the contract’s shape', async () => {
    const reply = await testApp().app.inject({ method: 'GET', url: '/v2/collections/%FF' });

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'BadRequest' } });
    expect(isErrorResponse(reply.json())).toBe(true);
  });

  test.each(['q=salt%FF', 'q=50%', 'q=%E2%82'])(
    'a broken %%-escape in the query (%s) gets 400, not a guess at what was meant',
    async (query) => {
      const cookie = await signedIn();

      const reply = await testApp().app.inject({
        method: 'GET',
        url: `/v1/links/list?${query}`,
        headers: { cookie },
      });

      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'BadRequest' } });
    },
  );

  test('a body that is not JSON gets 415 saying what to send', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/signup/link',
      headers: { 'content-type': 'text/plain' },
      payload: 'maya.okafor@example.com',
    });

    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toMatchObject({
      responseStatus: {
        errorCode: 'UnsupportedMediaType',
        message: 'Send the body as JSON, with Content-Type: application/json.',
      },
    });
  });

  test('headers over Node’s limit get 431 in the contract’s shape, over real HTTP', async () => {
    const { app } = testApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const reply = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const sent = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/v1/links/count',
            headers: { cookie: 'x'.repeat(20_000) },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => {
              resolve({
                status: response.statusCode ?? 0,
                type: response.headers['content-type'] ?? '',
                body,
              });
            });
          },
        );
        sent.on('error', reject);
        sent.end();
      },
    );

    expect(reply.status).toBe(431);
    expect(reply.type).toContain('application/json');
    expect(JSON.parse(reply.body)).toMatchObject({
      responseStatus: { errorCode: 'RequestHeaderFieldsTooLarge', errors: [] },
    });
  });
});
