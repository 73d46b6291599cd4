// The server under database faults on PostgreSQL: connections cut in the middle of transactions
// under a write load, and readers following links and collections through a long outage. The
// database is cut by a proxy in front of it (tests/server/support/database-line.ts), so the
// cluster itself keeps running and each outage ends at once.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { DatabaseLine } from '../server/support/database-line';
import { buildTestShortLinkHost } from '../server/support/short-link-host';
import { sessionCookieOf, setUpTestApp, signIn } from '../server/support/test-app';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) throw new Error('The fault suite runs on PostgreSQL: set DATABASE_URL');

const line = new DatabaseLine(new URL(postgresUrl));
beforeAll(() => line.listen());
afterAll(() => {
  line.server.close();
});
afterEach(() => {
  line.restore();
});

const testApp = setUpTestApp({ connectVia: (url) => line.route(url) });

function expectUnavailable(reply: LightMyRequestResponse) {
  expect(`${reply.statusCode} ${reply.body}`).toMatch(/^503 /);
  expect(reply.headers['retry-after']).toBe('5');
  expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'ServiceUnavailable' } });
}

describe('a write load while the database goes away', () => {
  interface Sent {
    /** The outage under way when the request was sent and when it was answered; 0 for none. */
    startedInOutage: number;
    endedInOutage: number;
    reply: LightMyRequestResponse;
  }

  /** Writers that create collections and links back to back until stopped, each a transaction. */
  function startWriteLoad(cookie: string, outageUnderWay: () => number) {
    const sent: Sent[] = [];
    let running = true;
    const writer = async (index: number) => {
      for (let request = 0; running; request += 1) {
        const startedInOutage = outageUnderWay();
        const reply = await testApp().app.inject(
          index % 2 === 0
            ? {
                method: 'POST',
                url: '/v2/collections',
                headers: { cookie },
                payload: { title: `Load ${index}-${request}`, linkIds: [], aliasCode: '' },
              }
            : {
                method: 'POST',
                url: '/v1/links',
                headers: { cookie },
                payload: { url: `https://www.kobo.com/us/en/ebook/load-${index}-${request}` },
              },
        );
        sent.push({ startedInOutage, endedInOutage: outageUnderWay(), reply });
      }
    };
    const writers = Promise.all(Array.from({ length: 6 }, (_, index) => writer(index)));
    return {
      sent,
      stop: async () => {
        running = false;
        await writers;
      },
    };
  }

  test('ten outages mid-transaction never crash the server, answer 503 with Retry-After throughout, and each recovers by itself', async () => {
    const cookie = sessionCookieOf(await signIn(testApp(), 'nell.farrow@shelflink.test'));
    let outageUnderWay = 0;
    const load = startWriteLoad(cookie, () => outageUnderWay);
    try {
      for (let outage = 1; outage <= 10; outage += 1) {
        const before = load.sent.length;
        await vi.waitFor(
          () => {
            const succeeded = load.sent.slice(before).filter(({ reply }) => reply.statusCode < 300);
            expect(succeeded.length).toBeGreaterThan(3);
          },
          { timeout: 15_000, interval: 20 },
        );
        outageUnderWay = outage;
        line.cutOff();
        const cutAt = load.sent.length;
        await new Promise((resolve) => setTimeout(resolve, 400));
        outageUnderWay = 0;
        line.restore();

        const duringOutage = load.sent.slice(cutAt);
        expect(
          duringOutage.filter(({ startedInOutage }) => startedInOutage === outage).length,
        ).toBeGreaterThan(0);
        for (const { startedInOutage, endedInOutage, reply } of duringOutage) {
          // A request in flight at the cut either committed before it or failed with it; one
          // that began during the cut may still connect once the line is back, and be answered
          // during the next outage.
          const wholeInOneOutage = startedInOutage !== 0 && startedInOutage === endedInOutage;
          if (wholeInOneOutage || reply.statusCode >= 300) expectUnavailable(reply);
        }
      }
      await vi.waitFor(
        () => {
          expect(load.sent.at(-1)?.reply.statusCode).toBeLessThan(300);
        },
        { timeout: 15_000, interval: 20 },
      );
    } finally {
      await load.stop();
    }
    expect(load.sent.every(({ reply }) => reply.statusCode < 300 || reply.statusCode === 503)).toBe(
      true,
    );
  });
});

describe('readers during a long outage', () => {
  let host: FastifyInstance;
  let closeHost: () => Promise<void>;
  let origin: string;

  beforeEach(async () => {
    ({ host, close: closeHost } = await buildTestShortLinkHost(testApp()));
    origin = await host.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    line.restore();
    await closeHost();
  });

  const reader = {
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  };

  async function visit(path: string) {
    const response = await fetch(`${origin}${path}`, { headers: reader, redirect: 'manual' });
    return {
      status: response.status,
      location: response.headers.get('location'),
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  }

  async function authorWithCollection() {
    const cookie = sessionCookieOf(await signIn(testApp(), 'ida.marsh@shelflink.test'));
    const { app } = testApp();
    const link = await app.inject({
      method: 'POST',
      url: '/v1/links',
      headers: { cookie },
      payload: { url: 'https://www.kobo.com/us/en/ebook/the-tide-clock' },
    });
    expect(link.statusCode).toBe(201);
    const { id: linkId, code } = link.json<{ id: string; code: string }>();
    const collection = await app.inject({
      method: 'POST',
      url: '/v2/collections',
      headers: { cookie },
      payload: { title: 'Tide Books', linkIds: [linkId], aliasCode: 'tide-books' },
    });
    expect(collection.statusCode).toBe(201);
    return { cookie, code, collectionId: collection.json<{ id: string }>().id };
  }

  test('a redirect and a collection page keep answering 302 and 200 through a 60 s outage, past the link cache lifetime', async () => {
    const { code } = await authorWithCollection();
    const redirect = await visit(`/${code}`);
    expect(redirect.status).toBe(302);
    const page = await visit('/c/tide-books');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Tide Books');

    line.cutOff();
    // Twelve visits five seconds apart: a minute, twice the link cache's 30 s lifetime.
    for (let second = 5; second <= 60; second += 5) {
      testApp().clock.advance(5_000);
      const during = await visit(`/${code}`);
      expect({ second, status: during.status, location: during.location }).toEqual({
        second,
        status: 302,
        location: redirect.location,
      });
      const duringPage = await visit('/c/tide-books');
      expect({ second, status: duringPage.status }).toEqual({ second, status: 200 });
      expect(duringPage.body).toContain('Tide Books');
    }
  });

  test('during an outage, a link or collection never looked up gets the host’s 503 page with Retry-After', async () => {
    await authorWithCollection();
    line.cutOff();
    for (const path of ['/never-visited', '/c/tide-books']) {
      const reply = await visit(path);
      expect({ path, status: reply.status, retryAfter: reply.retryAfter }).toEqual({
        path,
        status: 503,
        retryAfter: '5',
      });
      expect(reply.body).toContain('<!doctype html>');
    }
  });

  test('edits still change a cached redirect and collection page at once once the database is back', async () => {
    const { cookie, code, collectionId } = await authorWithCollection();
    expect((await visit(`/${code}`)).status).toBe(302);
    expect((await visit('/c/tide-books')).status).toBe(200);
    line.cutOff();
    testApp().clock.advance(40_000);
    expect((await visit('/c/tide-books')).status).toBe(200);
    line.restore();

    const { app } = testApp();
    const renamed = await app.inject({
      method: 'PUT',
      url: `/v2/collections/${collectionId}`,
      headers: { cookie },
      payload: { title: 'Tide Books, Revised', linkIds: [] },
    });
    expect(renamed.statusCode).toBe(200);
    const page = await visit('/c/tide-books');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Tide Books, Revised');

    const created = (await visit(`/${code}`)).location;
    const changed = await app.inject({
      method: 'PUT',
      url: '/v1/links',
      headers: { cookie },
      payload: {
        domain: 'shelf.to',
        code,
        baseCode: code,
        url: 'https://www.kobo.com/gb/en/ebook/the-tide-clock',
      },
    });
    expect(changed.statusCode).toBe(200);
    const moved = await visit(`/${code}`);
    expect(moved.status).toBe(302);
    expect(moved.location).not.toBe(created);
    expect(moved.location).toContain('/gb/en/ebook/the-tide-clock');
  });
});
