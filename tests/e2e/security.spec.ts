import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import {
  connect as connectHttp2,
  type ClientHttp2Session,
  type IncomingHttpStatusHeader,
} from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { readRoutePreloads } from '../../src/server/web-app/route-preloads';
import { readRuntimeConfig } from '../../src/server/web-app/security-headers';
import { buildDirectory } from '../support/build-output';
import {
  appOrigin,
  expect,
  preferMock,
  readWebStorage,
  SESSION_COOKIE,
  test,
} from '../support/fixtures';
import {
  createLocalCertificate,
  type LocalCertificate,
} from '../../scripts/support/local-certificate';
import { startProductionServer } from '../../scripts/support/production-server';

// The served headers and policy, the production server, and what the app does with tokens,
// redirect targets and addresses that come from the API.
// The redirect sanitiser's properties are tested in tests/unit/lib/safe-redirect.test.ts.

const MOCK_ORIGIN = 'http://127.0.0.1:4010';
const SESSION_ID = '8Fq2LmZp0sVwX4cT';
const SIGN_IN_TOKEN = 'sl_9f2c41d7b8e34a6c';
const CONFIRM_TOKEN = 'cf_5b7e0a9d2c6f4e18';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** The policy as a map from directive name to its sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

function policyNonce(policy: string | string[] | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(String(policy))?.[1];
  if (!nonce) throw new Error(`No nonce in the policy ${String(policy)}`);
  return nonce;
}

function metaNonce(html: string): string | undefined {
  return /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
}

/**
 * The policy every server of the build must send, for the env.js deployed with it: a page's
 * with the page's style nonce, every other response's the same for all, without a nonce.
 */
function expectServedPolicy(policy: string | undefined, response: 'page' | 'other') {
  const config = readRuntimeConfig(join(buildDirectory, 'env.js'));
  const tagManager = new URL(config.tagManager.host).origin;
  const policyDirectives = directives(policy);
  expect(policyDirectives.get('script-src')).toEqual(["'self'", tagManager]);
  expect(policyDirectives.get('object-src')).toEqual(["'none'"]);
  expect(policyDirectives.get('base-uri')).toEqual(["'none'"]);
  expect(policyDirectives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policyDirectives.get('style-src-elem')).toEqual(
    response === 'page' ? ["'self'", `'nonce-${policyNonce(policy)}'`] : ["'self'"],
  );
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

function expectSecurityHeaders(
  headers: Record<string, string | string[] | undefined>,
  response: 'page' | 'other' = 'page',
) {
  expectServedPolicy(headers['content-security-policy'] as string | undefined, response);
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

/** Records CSP violations: console reports and `securitypolicyviolation` events. */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reports.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return async () => [
    ...reports,
    ...(await page.evaluate(() => window.__cspViolations ?? ['the watcher did not run'])),
  ];
}

/** Serves the build's own env.js instead of the journeys' stand-in (this route runs first). */
async function useDeployedEnvJs(page: Page) {
  await page.route('**/env.js', (route) => route.continue());
}

test.describe('the preview server', () => {
  test.use({ bypassCSP: false });

  for (const path of ['/', '/links/books?page=2', '/report-link/shelf.to/salt-orchard']) {
    test(`sends the security headers for ${path}`, async ({ request }) => {
      const first = await request.get(path);
      const second = await request.get(path);
      expect(first.status()).toBe(200);
      expectSecurityHeaders(first.headers());
      expectSecurityHeaders(second.headers());

      const firstNonce = policyNonce(first.headers()['content-security-policy']);
      const secondNonce = policyNonce(second.headers()['content-security-policy']);
      expect(firstNonce).not.toBe(secondNonce);
      expect(metaNonce(await first.text())).toBe(firstNonce);
      expect(metaNonce(await second.text())).toBe(secondNonce);
    });
  }

  test('sends every other file one policy, without a nonce', async ({ request }) => {
    const replies = [await request.get('/env.js'), await request.get('/env.js')];
    for (const reply of replies) {
      expect(reply.status()).toBe(200);
      expectSecurityHeaders(reply.headers(), 'other');
    }
    expect(replies[0]?.headers()['content-security-policy']).toBe(
      replies[1]?.headers()['content-security-policy'],
    );
  });

  test('the app runs under the policy without a single violation', async ({ page }) => {
    await useDeployedEnvJs(page);
    const violations = await watchCspViolations(page);

    const response = await page.goto('/');
    const nonce = policyNonce(response?.headers()['content-security-policy']);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Smart links that send readers to your books' }),
    ).toBeVisible();
    // Mantine's theme variables live in a <style> element that needs the response's nonce.
    expect(
      await page.evaluate(
        () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
      ),
    ).toBe(nonce);
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-body'),
      ),
    ).not.toBe('');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your links' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your links' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Your links' })
      .getByRole('link', { name: 'Collections' })
      .click();
    await expect(page).toHaveURL('/links/collections');
    await page.goto('/links/reports/shelf.to/salt-orchard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();

    expect(await violations()).toEqual([]);
  });
});

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET without the automatic decompression of fetch, to see what the server sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolvePromise, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolvePromise({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
      });
    }).on('error', reject);
  });
}

/** Starts the built app server (src/server/serve-app.ts) on a free port in front of the mock, over HTTPS when given a certificate. */
function startServer(certificate?: LocalCertificate) {
  return startProductionServer({ outDir: buildDirectory, apiTarget: MOCK_ORIGIN, certificate });
}

test.describe('the production app server (src/server/serve-app.ts)', () => {
  let origin = '';
  let stop: () => Promise<void> = () => Promise.resolve();
  const entryScript = /src="\/assets\/(index-[\w-]+\.js)"/.exec(
    readFileSync(join(buildDirectory, 'index.html'), 'utf8'),
  )?.[1];

  test.beforeAll(async () => {
    ({ origin, stop } = await startServer());
  });
  test.afterAll(async () => {
    await stop();
  });

  test('serves pages with the security headers, a fresh nonce and no caching', async () => {
    const first = await rawGet(`${origin}/`, { 'Accept-Encoding': 'br' });
    const second = await rawGet(`${origin}/faq`, { 'Accept-Encoding': 'gzip' });
    const plain = await rawGet(`${origin}/links/books?page=2`);

    for (const reply of [first, second, plain]) {
      expect(reply.status).toBe(200);
      expectSecurityHeaders(reply.headers);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      // Browsers ignore HSTS over plain HTTP: it is sent over HTTPS only (below).
      expect(reply.headers['strict-transport-security']).toBeUndefined();
    }
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const pages = [
      brotliDecompressSync(first.body).toString(),
      gunzipSync(second.body).toString(),
      plain.body.toString(),
    ];
    const nonces = [first, second, plain].map((reply) =>
      policyNonce(reply.headers['content-security-policy']),
    );
    expect(new Set(nonces).size).toBe(3);
    pages.forEach((html, index) => {
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('__SHELFLINK_CSP_NONCE__');
      expect(metaNonce(html)).toBe(nonces[index]);
    });
  });

  test('serves hashed assets compressed and cached for good', async () => {
    expect(entryScript).toBeDefined();
    const entryFile = join(buildDirectory, 'assets', entryScript ?? '');
    const onDisk = readFileSync(entryFile);
    const url = `${origin}/assets/${entryScript ?? ''}`;

    const brotli = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    const identity = await rawGet(url);

    for (const reply of [brotli, gzip, identity]) {
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expectSecurityHeaders(reply.headers, 'other');
    }
    // The same policy on every file: HTTP/2 compresses repeated headers down to a few bytes.
    expect(
      new Set([brotli, gzip, identity].map((reply) => reply.headers['content-security-policy']))
        .size,
    ).toBe(1);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.length).toBeLessThan(onDisk.length / 2);
    expect(brotliDecompressSync(brotli.body).equals(onDisk)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(onDisk)).toBe(true);
    // What the build compressed at the highest levels is sent as it is.
    expect(brotli.body.equals(readFileSync(`${entryFile}.br`))).toBe(true);
    expect(gzip.body.equals(readFileSync(`${entryFile}.gz`))).toBe(true);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(onDisk)).toBe(true);
    const brotliRefused = await rawGet(url, { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(brotliRefused.headers['content-encoding']).toBe('gzip');
  });

  test('revalidates env.js and answers 404 for a missing file', async () => {
    const envJs = await rawGet(`${origin}/env.js`);
    expect(envJs.status).toBe(200);
    expect(envJs.headers['cache-control']).toBe('no-cache');
    expect(envJs.body.toString()).toBe(readFileSync(join(buildDirectory, 'env.js'), 'utf8'));

    const missing = await rawGet(`${origin}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(missing.body.toString()).not.toContain('<div id="root">');
    expectSecurityHeaders(missing.headers, 'other');

    const missingImage = await rawGet(`${origin}/images/missing.png`);
    expect(missingImage.status).toBe(404);
    const outside = await rawGet(`${origin}/assets/..%2f..%2fpackage.json`);
    expect(outside.status).toBe(404);
  });

  test("lists the code of the route a page opens, with the page's nonce", async () => {
    const books = readRoutePreloads(buildDirectory).find((route) => route.path === '/links/books');
    const reply = await rawGet(`${origin}/links/books`);
    const page = reply.body.toString();
    const nonce = policyNonce(reply.headers['content-security-policy']);
    expect(books?.scripts.length).toBeGreaterThan(0);
    for (const script of books?.scripts ?? []) {
      expect(page).toContain(
        `<link rel="modulepreload" crossorigin href="${script}" nonce="${nonce}">`,
      );
    }
    for (const style of books?.styles ?? []) {
      expect(page).toContain(
        `<link rel="stylesheet" crossorigin href="${style}" nonce="${nonce}">`,
      );
    }
  });

  test('answers old addresses with the app, which redirects them', async () => {
    const legacy = await rawGet(`${origin}/login.php`);
    expect(legacy.status).toBe(200);
    expect(legacy.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(metaNonce(legacy.body.toString())).toBe(
      policyNonce(legacy.headers['content-security-policy']),
    );
  });

  test('passes /api calls to the API without the prefix', async () => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    };
    const proxied = await fetch(`${origin}/api/auth`, init);
    const direct = await fetch(`${MOCK_ORIGIN}/auth`, init);
    expect(proxied.status).toBe(200);
    const reply = (await proxied.json()) as Record<string, unknown>;
    expect(reply).toEqual(await direct.json());
    expect(reply.sessionId).toBe(SESSION_ID);

    const metadata = await fetch(
      `${origin}/api/v1/shortlink/metadata?domain=shelf.to&code=salt-orchard`,
    );
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ title: 'The Salt Orchard' });
  });

  test.describe('in a browser', () => {
    test.use({ bypassCSP: false, visitor: 'signed-out' });

    test('the app runs from it under the policy', async ({ page }) => {
      await useDeployedEnvJs(page);
      const violations = await watchCspViolations(page);
      await page.goto(`${origin}/faq`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: 'Smart links that send readers to your books',
        }),
      ).toBeVisible();
      await page.goto(`${origin}/report-link/shelf.to/salt-orchard`);
      await expect(page.getByText('The Salt Orchard')).toBeVisible();
      // An old address is a page too, with a nonce that matches its policy.
      await page.goto(`${origin}/login.php`);
      await expect(page).toHaveURL(`${origin}/login`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to Shelflink' }),
      ).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  });
});

interface Http2Reply {
  headers: IncomingHttpHeaders & IncomingHttpStatusHeader;
  body: string;
}

/** One request over an HTTP/2 session, answered with its headers and body. */
function http2Request(
  session: ClientHttp2Session,
  headers: OutgoingHttpHeaders,
  body?: string,
): Promise<Http2Reply> {
  return new Promise((resolveReply, reject) => {
    const stream = session.request(headers);
    let replyHeaders: Http2Reply['headers'] = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => {
      replyHeaders = received;
    });
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('end', () => {
      resolveReply({ headers: replyHeaders, body: text });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

test.describe('the production server over HTTPS', () => {
  let origin = '';
  let certificate: LocalCertificate | undefined;
  let stop: () => Promise<void> = () => Promise.resolve();

  test.beforeAll(async () => {
    certificate = await createLocalCertificate(mkdtempSync(join(tmpdir(), 'shelflink-tls-')));
    ({ origin, stop } = await startServer(certificate));
  });
  test.afterAll(async () => {
    await stop();
  });

  test('speaks HTTP/2, with the security headers and HSTS, and proxies /api over it', async () => {
    const session = connectHttp2(origin, { ca: certificate?.certificate });
    try {
      await once(session, 'connect');
      expect(session.alpnProtocol).toBe('h2');

      const page = await http2Request(session, { ':path': '/faq' });
      expect(page.headers[':status']).toBe(200);
      expectSecurityHeaders(page.headers);
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(page.body).toContain('<div id="root"></div>');
      expect(metaNonce(page.body)).toBe(policyNonce(page.headers['content-security-policy']));

      // HTTP/2's pseudo-headers stay out of the call to the API; its reply comes back whole.
      const auth = await http2Request(
        session,
        { ':method': 'POST', ':path': '/api/auth', 'content-type': 'application/json' },
        '{}',
      );
      expect(auth.headers[':status']).toBe(200);
      expect(JSON.parse(auth.body)).toMatchObject({ sessionId: SESSION_ID });
    } finally {
      session.close();
    }
  });

  test.describe('in a browser', () => {
    test.use({ bypassCSP: false, ignoreHTTPSErrors: true, visitor: 'signed-out' });

    test('the app loads its page, chunks and API calls over HTTP/2', async ({ page }) => {
      await useDeployedEnvJs(page);
      const violations = await watchCspViolations(page);
      await page.goto(`${origin}/report-link/shelf.to/salt-orchard`);
      await expect(page.getByText('The Salt Orchard')).toBeVisible();
      const protocols = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .concat(performance.getEntriesByType('navigation'))
          .filter((entry) => entry.name.startsWith(window.location.origin))
          .map((entry) => [
            new URL(entry.name).pathname,
            (entry as PerformanceResourceTiming).nextHopProtocol,
          ]),
      );
      const paths = protocols.map(([path]) => path);
      expect(paths).toContain('/report-link/shelf.to/salt-orchard');
      expect(paths.some((path) => path?.startsWith('/assets/index-'))).toBe(true);
      expect(paths).toContain('/api/v1/shortlink/metadata');
      expect(protocols.filter(([, protocol]) => protocol !== 'h2')).toEqual([]);
      expect(await violations()).toEqual([]);
    });
  });
});

/** Every address in the tab's history, walking back from the current entry to the first. */
async function historyUrls(page: Page): Promise<string[]> {
  const urls = [page.url()];
  const length = await page.evaluate(() => window.history.length);
  for (let step = 1; step < length; step += 1) {
    await page.goBack();
    urls.push(page.url());
  }
  return urls;
}

async function expectNoSecretsLeft(page: Page, token: string) {
  const webStorage = await readWebStorage(page);
  expect(webStorage).not.toContain(SESSION_ID);
  expect(webStorage).not.toContain(token);
  const cookies = await page.evaluate(() => document.cookie);
  expect(cookies).not.toContain(SESSION_ID);
  expect(cookies).not.toContain(token);
  expect(page.url()).not.toContain(token);
  for (const url of await historyUrls(page)) expect(url).not.toContain(token);
}

test.describe('tokens and the session id', () => {
  test.use({ visitor: 'signed-out' });

  test.beforeEach(async ({ page, context }) => {
    // The mock cannot set its Secure cookie over plain http, so the browser gets it here.
    await context.addCookies([
      { name: SESSION_COOKIE, value: 'e2e-login', url: appOrigin, httpOnly: true },
    ]);
    await preferMock(page, '/auth/session', 'example=signedInAuthor');
  });

  test('a sign-in link leaves no token or session id in storage, the URL or history', async ({
    page,
  }) => {
    await page.goto('/faq');
    const login = page.waitForResponse((response) => response.url().endsWith('/api/v1/login'));
    await page.goto(`/login/${SIGN_IN_TOKEN}`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // The reply did carry the session id: it is dropped on the floor, not stored.
    expect(await (await login).json()).toMatchObject({ sessionId: SESSION_ID });
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await expectNoSecretsLeft(page, SIGN_IN_TOKEN);
  });

  test('a confirmation link leaves no token or session id behind', async ({ page }) => {
    await page.goto('/faq');
    const claim = page.waitForRequest((request) => request.url().endsWith('/api/v1/links/pending'));
    await page.goto(`/confirm/${CONFIRM_TOKEN}`);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    expect((await claim).postDataJSON()).toEqual({ token: CONFIRM_TOKEN });
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await expectNoSecretsLeft(page, CONFIRM_TOKEN);
  });
});

test.describe('the redirect after signing in', () => {
  test.use({ visitor: 'signed-out' });

  const cases = [
    ['//evil.example', '/links/books'],
    ['/\\evil.example', '/links/books'],
    ['https://evil.example', '/links/books'],
    ['/\t/evil.example', '/links/books'], // `/%09/evil.example` in the address
    ['javascript:alert(1)', '/links/books'],
    // A target on this site is followed, so the cases above are refused, not ignored.
    ['/settings', '/settings'],
  ] as const;

  for (const [target, landing] of cases) {
    test(`?redirect=${JSON.stringify(target)} lands on ${landing}`, async ({ page, context }) => {
      const offSite: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(appOrigin)) offSite.push(request.url());
      });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });

      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await page.getByRole('textbox', { name: 'E-mail address' }).fill('maya.okafor@example.com');
      await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await expect(page.getByRole('status')).toContainText('We sent a sign-in link');
      // What the tab remembers is already the safe target.
      expect(
        await page.evaluate(() => window.sessionStorage.getItem('shelflink.afterSignIn')),
      ).toBe(landing);

      await context.addCookies([
        { name: SESSION_COOKIE, value: 'e2e-login', url: appOrigin, httpOnly: true },
      ]);
      await preferMock(page, '/auth/session', 'example=signedInAuthor');
      await page.goto(`/login/${SIGN_IN_TOKEN}`);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(landing);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(appOrigin);
      expect(offSite.filter((url) => url.includes('evil.example'))).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  }
});

test.describe('addresses from API data', () => {
  const HOSTILE = ['javascript:alert(1)', 'data:text/html,hi'] as const;

  async function expectOnlyWebLinks(page: Page) {
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(page.locator('a[href^="data:" i]')).toHaveCount(0);
    const hrefs = await page
      .getByRole('main')
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).protocol));
    expect(hrefs.filter((protocol) => protocol !== 'http:' && protocol !== 'https:')).toEqual([]);
  }

  test('the links list shows a non-web destination as plain text', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    let webDestination = '';
    await page.route(
      (url) => url.pathname === '/api/v1/links/list',
      async (route) => {
        const response = await route.fetch({
          headers: { ...route.request().headers(), prefer: 'example=fullPage' },
        });
        const body = (await response.json()) as {
          results: { url: string; shortUrl: string }[];
        };
        const [first, second, third] = body.results;
        if (!first || !second || !third) throw new Error('The fullPage example has few links');
        first.url = HOSTILE[0];
        second.url = HOSTILE[1];
        third.shortUrl = 'javascript:alert(2)';
        webDestination = third.url;
        await route.fulfill({ response, json: body });
      },
    );

    await page.goto('/links/books');
    await expect(page.getByRole('heading', { level: 2, name: 'Book links' })).toBeVisible();
    for (const destination of HOSTILE) {
      const text = page.getByText(destination, { exact: true });
      await expect(text).toBeVisible();
      await expect(page.getByRole('link', { name: destination })).toHaveCount(0);
      await text.click();
    }
    // The other links are still links.
    await expect(page.getByRole('link', { name: webDestination, exact: true })).toHaveAttribute(
      'href',
      webDestination,
    );
    await expectOnlyWebLinks(page);
    await expect(page).toHaveURL('/links/books');
    expect(dialogs).toEqual([]);
  });

  for (const destination of HOSTILE) {
    test(`the report-link page shows ${destination} as plain text`, async ({ page }) => {
      await page.route(
        (url) => url.pathname === '/api/v1/shortlink/metadata',
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { url: string };
          body.url = destination;
          await route.fulfill({ response, json: body });
        },
      );

      await page.goto('/report-link/shelf.to/salt-orchard');
      const summary = page.getByRole('region', { name: 'The link you are reporting' });
      await expect(summary.getByText('The Salt Orchard')).toBeVisible();
      await expect(summary.getByText(destination, { exact: true })).toBeVisible();
      await expect(summary.getByRole('link')).toHaveCount(0);
      await expectOnlyWebLinks(page);
    });
  }
});
