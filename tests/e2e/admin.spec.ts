import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { apiCall, appOrigin, expect, preferMock, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

/**
 * Axe finds nothing in the screen's own content and in the impersonation banner (the rest of the
 * shell is checked by its own tests).
 */
async function expectNoAxeViolations(page: Page) {
  // Hover colours are not what the reader sees at rest.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .include('main')
    .include('[role="region"][aria-label="Impersonation"]')
    .analyze();
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

/** The app shell's banner, on every page while an administrator acts as someone else. */
function impersonationBanner(page: Page) {
  return page.getByRole('region', { name: 'Impersonation' });
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

  test('acts as a user on every request, then stops from another page', async ({ page }) => {
    const api = recordApiRequests(page);
    await page.goto('/admin');
    await lookUp(page, 'maya.okafor@example.com');
    await expect(page.getByRole('article', { name: 'Maya Okafor' })).toBeVisible();

    api.recording = true;
    await page.getByRole('button', { name: 'Act as this user' }).click();
    const banner = impersonationBanner(page);
    await expect(banner).toContainText('You are acting as maya.okafor@example.com.');
    await expect(banner).not.toContainText('10482');
    // The page repeats neither the banner nor its button.
    await expect(page.getByRole('button', { name: 'Stop impersonating' })).toHaveCount(1);
    await expect(page.getByText('You are already acting as this user.')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('Impersonating as:')).toBeVisible();
    await expect(page.getByTestId('impersonating-as')).toHaveText('maya.okafor@example.com');
    await Promise.all([
      page.waitForRequest(apiCall('GET', '/v1/links/list')),
      page.getByRole('menuitem', { name: 'Your links' }).click(),
    ]);
    await expect(page).toHaveURL(/\/links\/books$/);
    await expect(banner).toContainText('maya.okafor@example.com');
    await Promise.all([
      page.waitForRequest(apiCall('GET', '/v2/account')),
      openAvatarMenuItem(page, 'Account'),
    ]);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/links/books');
    await expect(page).toHaveURL(/\/links\/books$/);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Settings' })).toBeVisible();
    await expect(banner).toContainText('You are acting as maya.okafor@example.com.');

    expect(api.requests.length).toBeGreaterThan(3);
    for (const request of api.requests) {
      expect(await request.headerValue('x-impersonate'), request.url()).toBe('10482');
    }

    api.requests.length = 0;
    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Settings' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Stopped impersonating' }),
    ).toBeVisible();

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
    await expect(impersonationBanner(page)).toContainText('maya.okafor@example.com');
    await expectNoAxeViolations(page);
  });
});

test.describe('against the real product', () => {
  const product = useRealProduct('impersonation');
  const authorEmail = 'maya@demo.shelflink.app';

  test('an administrator acts as the demo author on every page and stops from one of hers', async ({
    page,
  }) => {
    await signInByEmail(page, product, 'admin@demo.shelflink.app');
    await openAvatarMenuItem(page, 'Admin');
    await expect(page).toHaveURL(`${product.origin}/admin`);
    await lookUp(page, authorEmail);
    await page.getByRole('button', { name: 'Act as this user' }).click();

    const banner = impersonationBanner(page);
    await expect(banner).toContainText(`You are acting as ${authorEmail}.`);
    const authorsLink = page.getByRole('button', {
      name: `Actions for ${product.shortLinkHost}/salt-orchard`,
      exact: true,
    });
    await page.goto(`${product.origin}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Settings' })).toBeVisible();
    await expect(banner).toContainText(`You are acting as ${authorEmail}.`);
    await page.goto(`${product.origin}/links/books`);
    await expect(authorsLink).toBeVisible();
    await expect(banner).toContainText(`You are acting as ${authorEmail}.`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByTestId('impersonating-as')).toHaveText(authorEmail);
    await page.keyboard.press('Escape');

    await banner.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(`${product.origin}/links/books`);
    // The administrator's own links: none.
    await expect(page.getByText('No links yet')).toBeVisible();
    await expect(authorsLink).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('No links yet')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('an author is offered no Admin entry', async ({ page }) => {
    await signInByEmail(page, product, authorEmail);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Your links' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  });
});
