import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
import {
  BLANK_PNG,
  startThirdPartyReceiver,
  type ThirdPartyReceiver,
} from '../../scripts/support/third-party-receiver';

export const SESSION_COOKIE = 'ss-id';
export const appOrigin = `http://127.0.0.1:${process.env.E2E_PREVIEW_PORT ?? '4173'}`;

export type Visitor = 'signed-out' | 'author' | 'administrator';

interface Fixtures {
  receiver: ThirdPartyReceiver;
  /** Who the mock says is signed in: it picks the auth check's example and sets the session cookie. */
  visitor: Visitor;
  /** Whether the cookie-consent banner runs; off unless a journey is about consent. */
  consentBanner: boolean;
  consoleErrors: string[];
}

const authExample: Record<Visitor, string> = {
  'signed-out': 'signedOut',
  author: 'signedInAuthor',
  administrator: 'administrator',
};

/** The runtime configuration a deployment would serve, with every third-party host on the receiver. */
export function testRuntimeConfig(receiver: ThirdPartyReceiver, consentBanner = true) {
  return {
    environment: 'production',
    apiBaseUrl: '/api',
    blogUrl: `${receiver.origin}/blog`,
    avatarHost: receiver.origin,
    sentry: { dsn: `http://public@${receiver.host}/1`, tracesSampleRate: 1 },
    analytics: {
      writeKey: 'test-write-key',
      apiHost: `${receiver.host}/segment/v1`,
      protocol: 'http',
    },
    tagManager: {
      host: receiver.origin,
      analyticsId: 'GTM-ANALYTICS',
      marketingId: 'GTM-MARKETING',
    },
    cookieConsent: { enabled: consentBanner },
  };
}

interface PreferRule {
  path: string | RegExp;
  prefer: string;
  method: string | undefined;
}

const preferRules = new WeakMap<Page, PreferRule[]>();

function ruleMatches(rule: PreferRule, pathname: string, method: string): boolean {
  if (rule.method && rule.method !== method) return false;
  return typeof rule.path === 'string' ? pathname === `/api${rule.path}` : rule.path.test(pathname);
}

/**
 * Makes the mock answer matching API calls with a declared scenario, through Prism's `Prefer`
 * header. The rule added last wins, so a test can override the visitor's defaults.
 */
export async function preferMock(
  page: Page,
  path: string | RegExp,
  prefer: string,
  method?: string,
) {
  const existing = preferRules.get(page);
  const rule = { path, prefer, method };
  if (existing) {
    existing.push(rule);
    return;
  }
  const rules = [rule];
  preferRules.set(page, rules);
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const match = rules.findLast((candidate) => ruleMatches(candidate, pathname, request.method()));
    if (!match) {
      await route.fallback();
      return;
    }
    await route.fallback({ headers: { ...request.headers(), prefer: match.prefer } });
  });
}

/** Whether a request is the app's call to an API operation (path without the /api prefix). */
export function isApiCall(request: Request, method: string, path: string): boolean {
  return request.method() === method && new URL(request.url()).pathname === `/api${path}`;
}

/** The same test as a predicate, for `page.waitForRequest`. */
export function apiCall(method: string, path: string): (request: Request) => boolean {
  return (request) => isApiCall(request, method, path);
}

/**
 * The field takes text used exactly as typed (an address, an id, a code): no capital letter or
 * correction from the keyboard, no spelling marks, no earlier entries offered.
 */
export async function expectVerbatimField(field: Locator): Promise<void> {
  await expect(field).toHaveAttribute('autocapitalize', 'none');
  await expect(field).toHaveAttribute('autocorrect', 'off');
  await expect(field).toHaveAttribute('spellcheck', 'false');
  await expect(field).toHaveAttribute('autocomplete', 'off');
}

/** Everything the page keeps in sessionStorage and localStorage, as one string to search. */
export function readWebStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const entries = [window.sessionStorage, window.localStorage].flatMap((storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const key = storage.key(index) ?? '';
        return [key, storage.getItem(key)];
      }),
    );
    return JSON.stringify(entries);
  });
}

export const test = base.extend<Fixtures>({
  visitor: ['author', { option: true }],
  consentBanner: [false, { option: true }],
  receiver: async ({}, use) => {
    const receiver = await startThirdPartyReceiver();
    await use(receiver);
    await receiver.stop();
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  page: async ({ page, context, receiver, visitor, consentBanner }, use) => {
    await page.route('**/env.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.__SHELFLINK_ENV__ = ${JSON.stringify(testRuntimeConfig(receiver, consentBanner))};`,
      }),
    );
    if (visitor !== 'signed-out') {
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: `e2e-${visitor}`,
          url: appOrigin,
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
    }
    // Covers live on the image host; the receiver's blank image stands in for them.
    await page.route('https://images.shelflink.app/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
    );
    const prefer = `example=${authExample[visitor]}`;
    await preferMock(page, /^\/api\/auth(\/session)?$/, prefer);
    await use(page);
  },
});

export { expect };
