// The host's answer from the cache (cached-redirect.ts) must be the answer its routes give: the
// same requests are sent over real HTTP twice, first reaching the routes (the link is not cached
// yet), then answered before Fastify routes them, and the replies and clicks compared.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createId } from '../../../src/server/db/ids';
import { clicks, collectionLinks, collections, links } from '../../../src/server/db/schema';
import type { ClickRecorder } from '../../../src/server/smart-links/click-recorder';
import { setUpTestApp } from '../support/test-app';
import { insertLinks } from './clicks';
import { buildTestShortLinkHost } from '../support/short-link-host';

const testApp = setUpTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
let host: FastifyInstance;
let recorder: ClickRecorder;
let closeHost: () => Promise<void>;
let origin: string;
/** Requests that reached the host's routes. */
let routed: string[];

beforeEach(async () => {
  ({ host, clicks: recorder, close: closeHost } = await buildTestShortLinkHost(testApp()));
  routed = [];
  host.addHook('onRequest', (request, _reply, done) => {
    routed.push(request.url);
    done();
  });
  origin = await host.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await closeHost();
});

const reader = {
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'accept-language': 'en-GB,en;q=0.8',
  referer: 'https://www.instagram.com/',
  'x-forwarded-for': '203.0.113.7',
};

async function visit(path: string, headers: Record<string, string> = reader) {
  const response = await fetch(`${origin}${path}`, { headers, redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control'),
    length: response.headers.get('content-length'),
    contentType: response.headers.get('content-type'),
  };
}

/**
 * The link's clicks once `count` are stored. A click reaches the recorder after the day's visitor
 * salt is read, which may be after the reply has arrived.
 */
function storedClicks(linkId: string, count: number) {
  return vi.waitFor(
    async () => {
      await recorder.flush();
      const rows = await testApp()
        .db.select({
          traffic: clicks.traffic,
          isUnique: clicks.isUnique,
          visitorKey: clicks.visitorKey,
          country: clicks.country,
          referrer: clicks.referrer,
          device: clicks.device,
          browser: clicks.browser,
          storefront: clicks.storefront,
        })
        .from(clicks)
        .where(eq(clicks.linkId, linkId))
        .orderBy(clicks.id);
      expect(rows).toHaveLength(count);
      return rows;
    },
    { timeout: 5000 },
  );
}

test('a cached link’s redirect is the one its route gives, and records the same click', async () => {
  const [linkId = ''] = await insertLinks(testApp().db, ['Orchard']);
  await testApp().db.update(links).set({ localise: true }).where(eq(links.id, linkId));
  const path = '/orchard?utm_source=instagram';

  const fromRoute = await visit(path);
  expect(routed).toEqual([path]);
  const fromCache = await visit(path);
  expect(routed).toEqual([path]);

  expect(fromRoute).toEqual({
    status: 302,
    location: 'https://www.amazon.co.uk/dp/1668012340?utm_source=instagram',
    cacheControl: 'no-store',
    length: '0',
    contentType: null,
  });
  expect(fromCache).toEqual(fromRoute);
  const [first, second] = await storedClicks(linkId, 2);
  expect(first?.visitorKey).toMatch(/^[\w-]{22}$/);
  expect(first).toMatchObject({
    traffic: 'reader',
    isUnique: true,
    country: 'GB',
    referrer: 'www.instagram.com',
    device: 'mobile',
    browser: 'Mobile Safari',
    storefront: 'GB',
  });
  // The same visitor, known by the address the trusted proxy forwarded: a repeat.
  expect(second).toEqual({ ...first, isUnique: false });
});

test('what the cache can’t answer alone goes on to the routes', async () => {
  const [linkId = ''] = await insertLinks(testApp().db, ['Orchard']);
  await visit('/orchard');
  routed = [];

  const withCookie = await visit('/orchard', { ...reader, cookie: 'shelf-store=kobo' });
  expect(withCookie.status).toBe(302);
  const head = await fetch(`${origin}/orchard`, { method: 'HEAD', redirect: 'manual' });
  expect(head.status).toBe(302);
  // Longer than the contract's 512 characters: the routes refuse it, and nothing is counted.
  const unreadable = await visit('/orchard', {
    ...reader,
    'accept-language': 'en-GB,'.repeat(100),
  });
  expect(unreadable.status).toBe(400);
  expect(routed).toHaveLength(3);

  await testApp().db.update(links).set({ disabledAt: new Date() }).where(eq(links.id, linkId));
  testApp().deps.linkCache.forgetLink('shelf.to', 'orchard');
  await visit('/orchard');
  routed = [];
  expect((await visit('/orchard')).status).toBe(410);
  expect(routed).toHaveLength(1);
  const traffic = (await storedClicks(linkId, 3)).map((click) => click.traffic);
  expect(traffic.sort()).toEqual(['head', 'reader', 'reader']);
});

test('a link whose stored destination is not an http(s) address is never redirected to', async () => {
  const { db } = testApp();
  const [unsafeId = '', safeId = ''] = await insertLinks(db, ['Orchard', 'Harbour']);
  await db.update(links).set({ url: 'javascript:alert(1)' }).where(eq(links.id, unsafeId));
  const [owner] = await db.select({ id: links.ownerId }).from(links).where(eq(links.id, unsafeId));
  const collectionId = createId('col');
  await db
    .insert(collections)
    .values({ id: collectionId, ownerId: owner?.id ?? 0, title: 'Shelf', aliasCode: 'shelf' });
  await db.insert(collectionLinks).values([
    { collectionId, linkId: unsafeId, position: 0 },
    { collectionId, linkId: safeId, position: 1 },
  ]);

  const fromRoute = await visit('/orchard');
  const fromCache = await visit('/orchard');
  const page = await fetch(`${origin}/c/shelf`);
  const chosen = await fetch(`${origin}/c/shelf`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'store=Orchard:local',
    redirect: 'manual',
  });

  expect(fromRoute).toMatchObject({ status: 404, location: null });
  expect(fromRoute.contentType).toContain('text/html');
  expect(fromCache).toEqual(fromRoute);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('value="Harbour:local"');
  expect(html).not.toContain('Orchard:');
  expect(html).not.toContain('javascript:');
  expect(chosen.status).toBe(400);
  expect(chosen.headers.get('location')).toBeNull();
});
