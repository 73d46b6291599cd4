import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const DARK_BODY = 'rgb(36, 36, 36)';
const LIGHT_BODY = 'rgb(255, 255, 255)';

function scheme(page: Page) {
  return page.locator('html');
}

function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => window.getComputedStyle(document.body).backgroundColor);
}

test.describe('the colour scheme', () => {
  test.use({ visitor: 'signed-out' });

  test('follows the operating system until chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);
  });

  test('the header switch is remembered across reloads, against the system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('is set before the app runs, so the page never opens in the other one', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    // Without the app's code, only the page and its style sheets: what the first paint shows.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await bodyBackground(page)).toBe(DARK_BODY);
  });
});
