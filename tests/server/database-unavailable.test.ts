import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { DatabaseLine } from './support/database-line';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';

const postgresUrl = process.env.DATABASE_URL;

describe.runIf(postgresUrl)('while PostgreSQL cannot be reached', () => {
  const line = new DatabaseLine(new URL(postgresUrl ?? 'postgres://127.0.0.1'));
  beforeAll(() => line.listen());
  afterAll(() => {
    line.server.close();
  });

  const testApp = setUpTestApp({ connectVia: (url) => line.route(url) });

  function listLinks(cookie: string) {
    return testApp().app.inject({ method: 'GET', url: '/v1/links/list', headers: { cookie } });
  }

  test('every request is answered 503 with Retry-After, nothing is half-written, and service resumes', async () => {
    const { app } = testApp();
    const cookie = sessionCookieOf(await signIn(testApp(), 'mara.quint@shelflink.test'));
    const created = await app.inject({
      method: 'POST',
      url: '/v1/links',
      headers: { cookie },
      payload: { url: 'https://books.apple.com/us/book/the-salt-road/id1587654321' },
    });
    expect(created.statusCode).toBe(201);

    line.cutOff();
    const whileDown = [
      await listLinks(cookie),
      await app.inject({
        method: 'POST',
        url: '/v1/links',
        headers: { cookie },
        payload: { url: 'https://www.kobo.com/us/en/ebook/the-salt-road' },
      }),
      await app.inject({ method: 'GET', url: '/auth/session', headers: { cookie } }),
    ];
    for (const reply of whileDown) {
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBe('5');
      expect(reply.json()).toMatchObject({
        responseStatus: { errorCode: 'ServiceUnavailable' },
      });
    }

    line.restore();
    const afterwards = await listLinks(cookie);
    expect(afterwards.statusCode).toBe(200);
    expect(afterwards.json<{ results: { url: string }[] }>().results.map(({ url }) => url)).toEqual(
      ['https://books.apple.com/us/book/the-salt-road/id1587654321'],
    );
  });
});

describe('telling an unreachable database from a failed query', () => {
  /** One embedded database for these cases: starting one takes seconds. */
  const database = new PGlite();
  const failureOf = (sql: string) => database.query(sql).catch((error: unknown) => error);

  test('a query the database refuses is not unavailability', async () => {
    expect(isDatabaseUnavailable(await failureOf('select * from no_such_table'))).toBe(false);
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });

  test('a refused connection is unavailability, also when wrapped as a failed query', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  test('a stopped embedded database is unavailability', async () => {
    await database.close();
    expect(isDatabaseUnavailable(await failureOf('select 1'))).toBe(true);
  });
});
