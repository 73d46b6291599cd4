import type { Page, Request, Route } from '@playwright/test';
import { expect, isApiCall, test } from '../support/fixtures';

// The API down or answering nonsense: every screen says what happened and offers a way on,
// forms keep what was typed, and the app recovers once the API answers again.

const UNREACHABLE = 'We could not reach Shelflink. Check your connection and try again.';
const UNREADABLE = 'Shelflink sent a reply we could not read.';
const PAGE_FAILURE = 'This page could not be shown. Please try again.';
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
