import { afterEach, beforeEach, expect, test } from 'vitest';
import { metricsRegistry } from '../../src/server/metrics/metrics';
import { listenForScrapes, type MetricsServer } from '../../src/server/metrics/metrics-server';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost, type TestShortLinkHost } from './support/short-link-host';

const testApp = setUpTestApp();
let shortLinks: TestShortLinkHost;
let scrapes: MetricsServer;

beforeEach(async () => {
  shortLinks = await buildTestShortLinkHost(testApp());
  scrapes = await listenForScrapes(0, '127.0.0.1');
});
afterEach(async () => {
  await shortLinks.close();
  await scrapes.close();
});

/** The scraped text's value of one series, 0 when it has not been written yet. */
async function scraped(series: string): Promise<number> {
  const reply = await fetch(`${scrapes.origin}/metrics`);
  expect(reply.headers.get('content-type')).toContain('text/plain');
  const line = (await reply.text())
    .split('\n')
    .find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrapedAll(series: readonly string[]): Promise<number[]> {
  return Promise.all(series.map(scraped));
}

test('requests, redirects, clicks and the link cache are counted as they happen', async () => {
  const cookie = sessionCookieOf(await signIn(testApp(), 'maya.okafor@shelflink.test'));
  const series = [
    'shelflink_http_request_duration_seconds_count{host="api",operation="createLink",status="201"}',
    'shelflink_http_request_duration_seconds_count{host="short-links",operation="/:code",status="302"}',
    'shelflink_redirects_total{path="router"}',
    'shelflink_clicks_total{outcome="buffered"}',
    'shelflink_clicks_total{outcome="stored"}',
    'shelflink_link_cache_lookups_total{result="miss"}',
    'shelflink_link_cache_lookups_total{result="hit"}',
    'shelflink_link_cache_invalidations_total{scope="link"}',
  ] as const;
  const before = await scrapedAll(series);

  const created = await testApp().app.inject({
    method: 'POST',
    url: '/v1/links',
    headers: { cookie },
    payload: { url: 'https://www.amazon.com/dp/1668012340' },
  });
  expect(created.statusCode).toBe(201);
  const { code } = created.json<{ code: string }>();
  for (const reader of ['1', '2']) {
    const followed = await shortLinks.host.inject({
      method: 'GET',
      url: `/${code}`,
      headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.${reader}` },
    });
    expect(followed.statusCode).toBe(302);
  }
  // Clicks are recorded after the reply; they are held before the flush and stored by it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await scraped('shelflink_clicks_buffered')).toBeGreaterThanOrEqual(1);
  await shortLinks.clicks.flush();

  const after = await scrapedAll(series);
  const change = after.map((value, index) => value - (before[index] ?? 0));
  expect(change).toEqual([1, 2, 2, 2, 2, 1, 1, change[7]]);
  // Creating the link forgot whatever memory held for its code.
  expect(change[7]).toBeGreaterThanOrEqual(1);
  expect(await scraped('shelflink_clicks_buffered')).toBe(0);
});

test('Node’s own figures are served beside the product’s, and nothing but /metrics is', async () => {
  const text = await (await fetch(`${scrapes.origin}/metrics`)).text();
  expect(text).toContain('nodejs_eventloop_lag_seconds');
  expect(text).toContain('process_resident_memory_bytes');
  expect(text).toContain('# TYPE shelflink_database_pool_connections gauge');
  expect((await fetch(`${scrapes.origin}/`)).status).toBe(404);
  expect((await fetch(`${scrapes.origin}/metrics`, { method: 'POST' })).status).toBe(404);
  expect(metricsRegistry.contentType).toContain('text/plain');
});
