import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { links } from '../../src/server/db/schema';
import type { ClickRecorder } from '../../src/server/smart-links/click-recorder';
import { sessionCookieOf, setUpTestApp, signIn } from './support/test-app';
import { buildTestShortLinkHost } from './support/short-link-host';

const amazonAssociates = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const appleServices = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
/** The Salt Orchard, in the offline catalogue, on Amazon US. */
const saltOrchardOnAmazon = 'https://www.amazon.com/dp/1668012340';
const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const testApp = setUpTestApp();
let host: FastifyInstance;
let clicks: ClickRecorder;
let closeHost: () => Promise<void>;
let cookie: string;

beforeEach(async () => {
  ({ host, clicks, close: closeHost } = await buildTestShortLinkHost(testApp()));
  cookie = sessionCookieOf(await signIn(testApp(), 'maya.okafor@shelflink.test'));
  await api('POST', `/v1/affiliate-tokens?programGuid=${amazonAssociates}`, {
    parameters: { tag: 'mayareads-20', tag_GB: 'mayareads-21' },
  });
});
afterEach(async () => {
  await closeHost();
});

async function api(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) {
  const reply = await testApp().app.inject({ method, url, headers: { cookie }, payload });
  expect(reply.statusCode, reply.body).toBeLessThan(300);
  return reply.json<Record<string, unknown>>();
}

async function createLink(payload: object): Promise<{ code: string; id: string }> {
  return (await api('POST', '/v1/links', payload)) as { code: string; id: string };
}

function follow(
  code: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<LightMyRequestResponse> {
  return host.inject({ method, url: `/${code}`, headers: { 'user-agent': browser, ...headers } });
}

function html(reply: LightMyRequestResponse): string {
  return reply.headers['content-encoding'] === 'gzip'
    ? gunzipSync(reply.rawPayload).toString()
    : reply.body;
}

describe('a short link to one store', () => {
  test('sends a reader in GB to amazon.co.uk with the author’s UK tag', async () => {
    const { code } = await createLink({
      url: saltOrchardOnAmazon,
      affiliatePrograms: [amazonAssociates],
    });
    const reply = await follow(code, { 'cf-ipcountry': 'GB' });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers.location).toBe('https://www.amazon.co.uk/dp/1668012340?tag=mayareads-21');
  });

  test('finds the country in Accept-Language when the CDN names none, and keeps US readers at home', async () => {
    const { code } = await createLink({
      url: saltOrchardOnAmazon,
      affiliatePrograms: [amazonAssociates],
    });
    const fromLanguage = await follow(code, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(fromLanguage.headers.location).toBe('https://www.amazon.de/dp/1668012340');
    const american = await follow(code, { 'cf-ipcountry': 'US' });
    expect(american.headers.location).toBe('https://www.amazon.com/dp/1668012340?tag=mayareads-20');
  });

  test('stays on the author’s store when localisation is off', async () => {
    const { code } = await createLink({
      url: saltOrchardOnAmazon,
      affiliatePrograms: [amazonAssociates],
      localise: false,
    });
    const reply = await follow(code, { 'cf-ipcountry': 'GB' });
    expect(reply.headers.location).toBe('https://www.amazon.com/dp/1668012340?tag=mayareads-20');
  });

  test('passes the reader’s query on, but never lets it replace the affiliate tag', async () => {
    const { code } = await createLink({
      url: saltOrchardOnAmazon,
      affiliatePrograms: [amazonAssociates],
      parameterKeyValues: { ref_: 'newsletter' },
    });
    const reply = await host.inject({
      url: `/${code}?utm_source=mastodon&tag=someone-else-20&ref_=x`,
      headers: { 'cf-ipcountry': 'US' },
    });
    const location = new URL(reply.headers.location as string);
    expect(location.searchParams.getAll('tag')).toEqual(['mayareads-20']);
    expect(location.searchParams.get('ref_')).toBe('newsletter');
    expect(location.searchParams.get('utm_source')).toBe('mastodon');
  });

  test('adds nothing for a program the link was created without', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, affiliatePrograms: [] });
    const reply = await follow(code, { 'cf-ipcountry': 'US' });
    expect(reply.headers.location).toBe('https://www.amazon.com/dp/1668012340');
  });

  test('follows an edit at once, from the cache', async () => {
    const link = await createLink({ url: saltOrchardOnAmazon });
    expect((await follow(link.code)).headers.location).toBe(
      `${saltOrchardOnAmazon}?tag=mayareads-20`,
    );
    await api('PUT', '/v1/links', {
      domain: 'shelf.to',
      code: link.code,
      baseCode: link.code,
      url: 'https://www.kobo.com/us/en/ebook/the-salt-orchard',
    });
    expect((await follow(link.code, { 'cf-ipcountry': 'US' })).headers.location).toBe(
      'https://www.kobo.com/us/en/ebook/the-salt-orchard',
    );
  });

  test('follows a change of the author’s tokens at once', async () => {
    const { code } = await createLink({
      url: 'https://books.apple.com/us/book/the-salt-orchard/id6449128372',
      affiliatePrograms: [appleServices],
    });
    expect((await follow(code, { 'cf-ipcountry': 'US' })).headers.location).not.toContain('at=');
    await api('POST', `/v1/affiliate-tokens?programGuid=${appleServices}`, {
      parameters: { at: '1001lK7s', ct: 'shelflink' },
    });
    const location = new URL(
      (await follow(code, { 'cf-ipcountry': 'FR' })).headers.location as string,
    );
    expect(location.pathname.startsWith('/fr/book/')).toBe(true);
    expect(location.searchParams.get('at')).toBe('1001lK7s');
    expect(location.searchParams.get('ct')).toBe('shelflink');
  });
});

describe('links that do not lead anywhere', () => {
  test('an unknown code gets a small page that offers to make one', async () => {
    for (const path of ['no-such-link', 'favicon.ico']) {
      const reply = await follow(path, { 'accept-encoding': 'gzip' });
      expect(reply.statusCode).toBe(404);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(html(reply)).toContain('href="https://app.shelflink.test/"');
    }
  });

  test('a link switched off after an upheld report gets 410 with a plain explanation', async () => {
    const { code, id } = await createLink({ url: saltOrchardOnAmazon });
    await testApp().db.update(links).set({ disabledAt: new Date() }).where(eq(links.id, id));
    const reply = await follow(code);
    expect(reply.statusCode).toBe(410);
    expect(html(reply)).toContain('switched off');
  });

  test('a header over the contract’s limit gets 400 and a page saying what to try', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon });
    const tooLong = { 'accept-language': 'en-GB,'.repeat(100) };
    for (const reply of [await follow(code, tooLong), await follow('c/no-such-alias', tooLong)]) {
      expect(reply.statusCode).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(html(reply)).toContain('preferred languages');
    }
    expect((await follow(code, { 'accept-language': 'en-GB,'.repeat(85) })).statusCode).toBe(302);
  });
});

test('every page of the host refuses framing, scripts and other sites’ styles', async () => {
  const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });
  for (const reply of [await follow(code), await follow('no-such-link')]) {
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(reply.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  }
});

test('starts without a warning', async () => {
  const logged: { level: number; msg: string }[] = [];
  const quiet = await buildTestShortLinkHost(testApp(), {
    logger: {
      level: 'info',
      stream: { write: (line: string) => logged.push(JSON.parse(line) as (typeof logged)[0]) },
    },
  });
  await quiet.host.ready();
  await quiet.close();
  expect(logged.filter(({ level }) => level >= 40)).toEqual([]);
});

describe('an all-stores link', () => {
  test('shows a page with every store, and remembers the store the reader picks', async () => {
    const { code } = await createLink({
      url: saltOrchardOnAmazon,
      affiliatePrograms: [amazonAssociates],
      allStores: true,
    });
    const page = await follow(code, { 'cf-ipcountry': 'GB', 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.length).toBeLessThan(15 * 1024);
    const document = html(page);
    expect(document).toContain('The Salt Orchard');
    for (const store of ['amazon', 'kobo', 'barnes-noble', 'bookshop', 'google-play', 'local']) {
      expect(document).toContain(`value="${store}"`);
    }
    expect(document).toContain('Waterstones');

    const chosen = await host.inject({
      method: 'POST',
      url: `/${code}`,
      headers: { 'cf-ipcountry': 'GB', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'store=amazon&remember=1',
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('https://www.amazon.co.uk/dp/1668012340?tag=mayareads-21');
    const remembered = chosen.cookies.find(({ name }) => name === 'shelf-store');
    expect(remembered).toMatchObject({
      value: 'amazon',
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
    });

    const returning = await follow(code, { 'cf-ipcountry': 'GB', cookie: 'shelf-store=amazon' });
    expect(returning.statusCode).toBe(302);
    expect(returning.headers.location).toBe(chosen.headers.location);
  });

  test('refuses a store it does not offer, showing the stores again', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });
    const reply = await host.inject({
      method: 'POST',
      url: `/${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'store=local',
    });
    expect(reply.statusCode).toBe(400);
    expect(html(reply)).toContain('value="amazon"');
  });

  test('takes a store choice only as a form', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });
    for (const contentType of ['text/html', 'text/plain', 'application/json']) {
      const reply = await host.inject({
        method: 'POST',
        url: `/${code}`,
        headers: { 'content-type': contentType },
        payload: contentType === 'application/json' ? '{"store":"amazon"}' : 'store=amazon',
      });
      expect(reply.statusCode, contentType).toBe(400);
      expect(reply.headers.location, contentType).toBeUndefined();
    }
  });

  test('is refused for a destination whose book is not known', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/v1/links',
      headers: { cookie },
      payload: { url: 'https://example.com/my-book', allStores: true },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'AllStores' }] },
    });
  });
});

describe('a collection’s alias', () => {
  test('opens a page with each of its books and their stores', async () => {
    const first = await createLink({ url: saltOrchardOnAmazon, allStores: true });
    const second = await createLink({
      url: 'https://books.apple.com/us/book/the-salt-orchard/id6449128372',
    });
    await api('POST', '/v2/collections', {
      title: 'Orchard reading list',
      aliasCode: 'orchard-list',
      linkIds: [first.id, second.id],
    });
    const page = await host.inject({ url: '/c/Orchard-List' });
    expect(page.statusCode).toBe(200);
    expect(html(page)).toContain('Orchard reading list');
    expect(html(page)).toContain(`value="${first.code}:amazon"`);
    expect(html(page)).toContain(`value="${second.code}:apple-books"`);

    const chosen = await host.inject({
      method: 'POST',
      url: '/c/orchard-list',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-ipcountry': 'US' },
      payload: `store=${second.code}:apple-books`,
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toContain('https://books.apple.com/us/book/');
  });
});

describe('how reader pages may be cached', () => {
  test('pages that show a country’s stores are kept by the reader’s browser only', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });
    await api('POST', '/v2/collections', {
      title: 'Orchard reading list',
      aliasCode: 'orchard-list',
      linkIds: [(await createLink({ url: saltOrchardOnAmazon })).id],
    });

    for (const page of [
      await follow(code, { 'cf-ipcountry': 'GB' }),
      await host.inject({ url: '/c/orchard-list', headers: { 'cf-ipcountry': 'GB' } }),
    ]) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers.vary).toBe('accept-encoding, cf-ipcountry, accept-language, cookie');
    }
  });

  test('a redirect chosen by country or a remembered store is never cached', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });

    const remembered = await follow(code, { 'cf-ipcountry': 'GB', cookie: 'shelf-store=amazon' });

    expect(remembered.statusCode).toBe(302);
    expect(remembered.headers['cache-control']).toBe('no-store');
  });

  test('a missing link’s page is kept a minute, and failures are never kept', async () => {
    const missing = await follow('no-such-link');
    const unreadable = await follow('no-such-link', { 'accept-language': 'x'.repeat(600) });

    expect(missing.headers['cache-control']).toBe('public, max-age=60');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.headers['cache-control']).toBe('no-store');
  });
});

describe('a store choice sent by another site', () => {
  async function choose(code: string, headers: Record<string, string>) {
    return host.inject({
      method: 'POST',
      url: `/${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'store=amazon&remember=1',
    });
  }

  test.each([
    ['Sec-Fetch-Site says cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Origin names another site', { origin: 'https://attacker.example' }],
    ['Origin is opaque', { origin: 'null' }],
  ])('is refused with 403 and remembers nothing when %s', async (_case, headers) => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });

    const reply = await choose(code, headers);

    expect(reply.statusCode).toBe(403);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(html(reply)).toContain('store choice wasn');
    expect(reply.headers.location).toBeUndefined();
    expect(reply.cookies).toEqual([]);
  });

  test('is refused on a collection’s page too', async () => {
    const link = await createLink({ url: saltOrchardOnAmazon, allStores: true });
    await api('POST', '/v2/collections', {
      title: 'Orchard reading list',
      aliasCode: 'orchard-list',
      linkIds: [link.id],
    });

    const reply = await host.inject({
      method: 'POST',
      url: '/c/orchard-list',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      payload: `store=${link.code}:amazon&remember=1`,
    });

    expect(reply.statusCode).toBe(403);
    expect(reply.cookies).toEqual([]);
  });

  test('is taken from the host’s own page', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });

    const fromOwnPage = await choose(code, { 'sec-fetch-site': 'same-origin' });
    const fromOwnOrigin = await choose(code, {
      origin: 'http://127.0.0.1:3001',
      host: '127.0.0.1:3001',
    });

    expect(fromOwnPage.statusCode).toBe(303);
    expect(fromOwnOrigin.statusCode).toBe(303);
  });
});

describe('counting clicks', () => {
  async function reportTotal(code: string): Promise<number> {
    await clicks.flush();
    const report = await api('GET', `/v1/links/report?domain=shelf.to&code=${code}`);
    return report.totalClicks as number;
  }

  test('counts a reader once an hour, and never a bot, a HEAD or a prefetch', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon });
    await follow(code, { 'cf-ipcountry': 'GB' });
    await follow(code, { 'cf-ipcountry': 'GB' });
    await follow(code, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await follow(code, { 'user-agent': '' });
    await follow(code, {}, 'HEAD');
    await follow(code, { 'sec-purpose': 'prefetch;prerender' });
    await follow(code, { purpose: 'prefetch' });
    // Clicks are recorded after the reply; give the salt lookup a turn to finish.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reportTotal(code)).toBe(1);
  });
});

describe('requests the short-link host answers before any link is looked up', () => {
  test('a store form with no body gets the host’s own 400 page, not a failure', async () => {
    const { code } = await createLink({ url: saltOrchardOnAmazon, allStores: true });

    const reply = await host.inject({ method: 'POST', url: `/${code}` });

    expect(reply.statusCode).toBe(400);
    expect(reply.headers['content-type']).toContain('text/html');
  });

  test.each(['/salt%FF', `/${'a'.repeat(150)}`, `/c/${'a'.repeat(150)}`])(
    '%s is no link: the host’s 404 page, never the router’s JSON',
    async (url) => {
      const reply = await host.inject({ method: 'GET', url });

      expect(reply.statusCode).toBe(404);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(html(reply)).toContain('<!doctype html>');
    },
  );

  test('headers over Node’s limit get the host’s 431 page over real HTTP', async () => {
    await host.listen({ port: 0, host: '127.0.0.1' });
    const { port } = host.server.address() as AddressInfo;

    const reply = await fetch(`http://127.0.0.1:${port}/salt-orchard`, {
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });

    expect(reply.status).toBe(431);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(await reply.text()).toContain('<!doctype html>');
  });
});
