import type { Page, Request, Route } from '@playwright/test';
import { apiCall, expect, isApiCall, preferMock, test } from '../support/fixtures';

// The API down or answering nonsense: every screen says what happened and offers a way on,
// forms keep what was typed, and the app recovers once the API answers again.

const UNREACHABLE = 'We could not reach Shelflink. Check your connection and try again.';
const UNREADABLE = 'Shelflink sent a reply we could not read.';
const PAGE_FAILURE = 'This page could not be shown. Please try again.';
const PREVIEW_UNAVAILABLE = 'We could not read that page; you can still create the link.';
const SALT_ORCHARD_URL = 'https://books.apple.com/us/book/the-salt-orchard/id1623456789';

const ALL_API_CALLS = '**/api/**';
const isLinksList = (url: URL) => url.pathname === '/api/v1/links/list';

function refuse(route: Route) {
  return route.abort('connectionrefused');
}

/** Refuses one operation's calls and lets every other call through; returns the way back. */
async function refuseCalls(page: Page, method: string, path: string) {
  const handler = (route: Route) =>
    isApiCall(route.request(), method, path) ? refuse(route) : route.fallback();
  await page.route(ALL_API_CALLS, handler);
  return () => page.unroute(ALL_API_CALLS, handler);
}

function pageError(page: Page) {
  return page.getByRole('main').getByRole('alert').filter({ hasText: 'What happened' });
}

test.describe('with the API out of reach', () => {
  test('the home page still renders, signed out', async ({ page }) => {
    await page.route(ALL_API_CALLS, refuse);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Smart links that send readers to your books' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Book link or ISBN' })).toBeEditable();
  });

  test('a page that needs sign-in says so, not "sign in", and recovers', async ({ page }) => {
    await page.route(ALL_API_CALLS, refuse);
    await page.goto('/links/books');
    // Nobody can tell whether the author is signed in, so the page is not swapped for the login form.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Shelflink is out of reach' }),
    ).toBeVisible();
    await expect(pageError(page)).toContainText(UNREACHABLE);
    await expect(page).toHaveURL('/links/books');
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

    await page.unroute(ALL_API_CALLS, refuse);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your links' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Book links' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).toHaveURL('/links/books');
  });

  test('a public page that needs data says so and recovers', async ({ page }) => {
    await page.route(ALL_API_CALLS, refuse);
    await page.goto('/report-link/shelf.to/salt-orchard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Shelflink is out of reach' }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(pageError(page)).toContainText(UNREACHABLE);
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();

    await page.unroute(ALL_API_CALLS, refuse);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Report a problem with a link' }),
    ).toBeVisible();
  });
});

test.describe('a malformed reply', () => {
  for (const [kind, body, message] of [
    ['a body that is not JSON', 'not json', UNREADABLE],
    ['JSON of the wrong shape', '{ "results": "oops" }', PAGE_FAILURE],
  ] as const) {
    test(`(${kind}) shows an error page that recovers with "Try again"`, async ({ page }) => {
      const malformed = (route: Route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body });
      await page.route(isLinksList, malformed);
      await page.goto('/links/books');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Something went wrong' }),
      ).toBeVisible({ timeout: 15_000 });
      await expect(pageError(page)).toContainText(message);
      // The shell stays: the author can still go elsewhere.
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

      await page.unroute(isLinksList, malformed);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Book links' })).toBeVisible();
      await expect(page.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    });
  }
});

test.describe('a form with the API down keeps what was typed', () => {
  test('the account form', async ({ page }) => {
    await page.goto('/account');
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Maya Okafor');
    await name.fill('Maya O. Okafor');

    const restore = await refuseCalls(page, 'PUT', '/v2/account');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
      UNREACHABLE,
    );
    await expect(name).toHaveValue('Maya O. Okafor');

    await restore();
    const saved = page.waitForRequest((request) => isApiCall(request, 'PUT', '/v2/account'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).postDataJSON()).toMatchObject({ name: 'Maya O. Okafor' });
  });

  test('the link editor on Home', async ({ page }) => {
    await page.goto('/');
    const destination = page.getByRole('textbox', { name: 'Book link or ISBN' });
    await destination.fill(SALT_ORCHARD_URL);
    await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
      'The Salt Orchard',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = page.getByRole('textbox', { name: 'Custom ending (optional)' });
    await code.fill('salt-orchard');
    await expect(page.getByText('shelf.to/salt-orchard is available.')).toBeVisible();

    const restore = await refuseCalls(page, 'POST', '/v1/links');
    await page.getByRole('button', { name: 'Create link', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'We could not create your link' });
    await expect(alert).toContainText(UNREACHABLE);
    await expect(alert).toContainText('Everything you typed is still here.');
    await expect(code).toHaveValue('salt-orchard');

    await restore();
    const created = page.waitForRequest((request: Request) =>
      isApiCall(request, 'POST', '/v1/links'),
    );
    await alert.getByRole('button', { name: 'Try again' }).click();
    expect((await created).postDataJSON()).toMatchObject({
      url: SALT_ORCHARD_URL,
      code: 'salt-orchard',
    });
    await expect(page.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
  });
});

test.describe('reads that fail', () => {
  /** Counts the app's calls to one operation from now on. */
  function countCalls(page: Page, method: string, path: string) {
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (isApiCall(request, method, path)) calls.push(request);
    });
    return calls;
  }

  /** The session ends with the first call to an operation: the session check says so from then on. */
  function endSessionOn(page: Page, method: string, path: string) {
    page.on('request', (request) => {
      if (isApiCall(request, method, path)) {
        void preferMock(page, /^\/api\/auth(\/session)?$/, 'example=signedOut');
      }
    });
  }

  /** Waits long enough for any retry the policy could still send (300 ms, then 900 ms). */
  const afterRetries = (page: Page) => page.waitForTimeout(2_000);

  test('a product lookup that answers 500 is tried 3 times, then says so', async ({ page }) => {
    await preferMock(page, '/v1/product/metadata', 'code=500');
    const lookups = countCalls(page, 'GET', '/v1/product/metadata');
    await page.goto('/');
    const firstTry = page.waitForRequest(apiCall('GET', '/v1/product/metadata'));
    await page.getByRole('textbox', { name: 'Book link or ISBN' }).fill(SALT_ORCHARD_URL);
    await firstTry;
    const firstTriedAt = Date.now();
    await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
      PREVIEW_UNAVAILABLE,
    );
    // Two retries, 300 ms and 900 ms apart: the error shows within about 3 seconds.
    expect(Date.now() - firstTriedAt).toBeLessThan(3_000);
    await afterRetries(page);
    expect(lookups).toHaveLength(3);
  });

  test('a product lookup that answers 401 is sent once', async ({ page }) => {
    await preferMock(page, '/v1/product/metadata', 'code=401');
    const lookups = countCalls(page, 'GET', '/v1/product/metadata');
    endSessionOn(page, 'GET', '/v1/product/metadata');
    await page.goto('/');
    const destination = page.getByRole('textbox', { name: 'Book link or ISBN' });
    await destination.fill(SALT_ORCHARD_URL);
    // The session is gone (the author is signed out), yet the preview says what happened at once
    // and nothing typed is lost.
    await expect(destination).toHaveValue(SALT_ORCHARD_URL);
    await expect(page.getByRole('region', { name: 'Link preview' })).toContainText(
      PREVIEW_UNAVAILABLE,
    );
    await afterRetries(page);
    expect(lookups).toHaveLength(1);
  });

  test('a dashboard read that answers 500 is tried 3 times, then says so', async ({ page }) => {
    await preferMock(page, '/v1/links/list', 'code=500');
    const reads = countCalls(page, 'GET', '/v1/links/list');
    const firstTry = page.waitForRequest(apiCall('GET', '/v1/links/list'));
    await page.goto('/links/books');
    await firstTry;
    const firstTriedAt = Date.now();
    await expect(pageError(page)).toBeVisible();
    expect(Date.now() - firstTriedAt).toBeLessThan(3_000);
    await afterRetries(page);
    expect(reads).toHaveLength(3);
  });

  test('a dashboard read that answers 401 is sent once and asks to sign in', async ({ page }) => {
    await preferMock(page, '/v1/links/list', 'code=401');
    const reads = countCalls(page, 'GET', '/v1/links/list');
    endSessionOn(page, 'GET', '/v1/links/list');
    await page.goto('/links/books');
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await afterRetries(page);
    expect(reads).toHaveLength(1);
  });
});
