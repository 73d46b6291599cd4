import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { apiCall, appOrigin, expect, preferMock, test } from '../support/fixtures';

/** Axe finds nothing in the screen's own content (the shell is checked by its own tests). */
async function expectNoAxeViolations(page: Page) {
  // Hover colours are not what the reader sees at rest.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    results.violations.map((violation) => [
      violation.id,
      violation.nodes.map((node) => node.target.join(' ')),
    ]),
  ).toEqual([]);
}

/** Collects API requests while `recording` is on. */
function recordApiRequests(page: Page) {
  const state = { recording: false, requests: [] as Request[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (state.recording && url.origin === appOrigin && url.pathname.startsWith('/api/'))
      state.requests.push(request);
  });
  return state;
}

async function lookUp(page: Page, email: string) {
  await page.getByRole('textbox', { name: "User's e-mail address" }).fill(email);
  await page.getByRole('button', { name: 'Look up' }).click();
}

async function openAvatarMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('the admin guard', () => {
  test.describe('for an author', () => {
    test.use({ visitor: 'author' });

    test('sends a plain author to the home page', async ({ page }) => {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/$/);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toHaveCount(0);
    });
  });

  test.describe('for a visitor', () => {
    test.use({ visitor: 'signed-out' });

    test('asks a signed-out visitor to sign in', async ({ page }) => {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
    });
  });
});

test.describe('an administrator', () => {
  test.use({ visitor: 'administrator' });

  test('looks an account up by e-mail', async ({ page, consoleErrors }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin dashboard');
    await expect(page).toHaveTitle('Admin dashboard · Shelflink');

    const [request] = await Promise.all([
      page.waitForRequest(apiCall('GET', '/v1/admin/account')),
      lookUp(page, ' maya.okafor@example.com '),
    ]);
    expect(new URL(request.url()).searchParams.get('userEmail')).toBe('maya.okafor@example.com');

    const card = page.getByRole('article', { name: 'Maya Okafor' });
    await expect(card).toContainText('maya.okafor@example.com');
    await expect(card).toContainText('User id10482');
    await expect(card).toContainText('RolesNone');
    await expect(card).toContainText('PlanShelflink');
    await expect(card).toContainText('Links23');
    await expect(card).toContainText('Collections2');
    await expect(card).toContainText('Created19 Feb 2024');
    await expect(card).toContainText('Last sign-in20 Nov 2026');
    expect(consoleErrors).toEqual([]);
  });

  test('is told when no account uses the address', async ({ page }) => {
    await preferMock(page, '/v1/admin/account', 'code=404');
    await page.goto('/admin');
    await lookUp(page, 'nobody@example.com');
    await expect(page.getByText('No account uses that e-mail address.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Act as this user' })).toHaveCount(0);
  });

  test('checks the address before looking it up', async ({ page }) => {
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (apiCall('GET', '/v1/admin/account')(request)) lookups.push(request.url());
    });
    await page.goto('/admin');
    await lookUp(page, 'maya.okafor');
    await expect(
      page.getByRole('textbox', { name: "User's e-mail address" }),
    ).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
    expect(lookups).toEqual([]);
  });

  test('acts as a user on every request, then stops', async ({ page }) => {
    const api = recordApiRequests(page);
    await page.goto('/admin');
    await lookUp(page, 'maya.okafor@example.com');
    await expect(page.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();

    api.recording = true;
    await page.getByRole('button', { name: 'Act as this user' }).click();
    await expect(
      page.getByText('You are acting as maya.okafor@example.com (user 10482)'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Impersonating as:')).toBeVisible();
    await expect(page.getByTestId('impersonating-as')).toHaveText('10482');
    await Promise.all([
      page.waitForRequest(apiCall('GET', '/v1/links/list')),
      page.getByRole('menuitem', { name: 'Your links' }).click(),
    ]);
    await expect(page).toHaveURL(/\/links\/books$/);
    await Promise.all([
      page.waitForRequest(apiCall('GET', '/v2/account')),
      openAvatarMenuItem(page, 'Account'),
    ]);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/links/books');
    await expect(page).toHaveURL(/\/links\/books$/);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    expect(api.requests.length).toBeGreaterThan(3);
    for (const request of api.requests) {
      expect(await request.headerValue('x-impersonate'), request.url()).toBe('10482');
    }

    await page.goto('/admin');
    await expect(page.getByText('You are acting as user 10482')).toBeVisible();
    api.requests.length = 0;
    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page.getByText(/You are acting as/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Impersonating as:')).toHaveCount(0);
    await Promise.all([
      page.waitForRequest(apiCall('GET', '/v2/account')),
      page.getByRole('menuitem', { name: 'Account' }).click(),
    ]);
    await page.goto('/links/books');
    await expect(page).toHaveURL(/\/links\/books$/);
    await page.waitForLoadState('networkidle');

    expect(api.requests.length).toBeGreaterThan(1);
    for (const request of api.requests) {
      expect(await request.headerValue('x-impersonate'), request.url()).toBeNull();
    }
  });
});

test.describe('accessibility', () => {
  test.use({ visitor: 'administrator' });

  test('the dashboard, a found account and the banner pass axe', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin dashboard');
    await expectNoAxeViolations(page);
    await lookUp(page, 'maya.okafor@example.com');
    await page.getByRole('button', { name: 'Act as this user' }).click();
    await expect(page.getByText(/You are acting as/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
