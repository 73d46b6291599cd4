import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, preferMock, test } from '../support/fixtures';

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

function isUpgradeCall(request: Request) {
  return new URL(request.url()).pathname === '/api/v1/upgrade' && request.method() === 'POST';
}

test.describe('a signed-in author', () => {
  test.use({ visitor: 'author' });

  test('upgrades and sees how many links moved', async ({ page, consoleErrors }) => {
    await page.goto('/upgrade');
    await expect(page).toHaveTitle('Upgrade · Shelflink');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade to Shelflink');
    await expect(page.getByRole('heading', { name: 'What moves' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the upgrading FAQ' })).toHaveAttribute(
      'href',
      '/faq#upgrading',
    );

    const [request] = await Promise.all([
      page.waitForRequest(isUpgradeCall),
      page.getByRole('button', { name: 'Upgrade my account' }).click(),
    ]);
    expect(request.postDataJSON() ?? {}).toEqual({});
    await expect(page.getByText('We moved 37 links into Shelflink')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your links' })).toHaveAttribute(
      'href',
      '/links',
    );
    await expect(page.getByRole('button', { name: 'Upgrade my account' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('is told when the account already moved', async ({ page }) => {
    await preferMock(page, '/v1/upgrade', 'example=alreadyUpgraded', 'POST');
    await page.goto('/upgrade');
    await page.getByRole('button', { name: 'Upgrade my account' }).click();
    await expect(page.getByText('Your account is already upgraded')).toBeVisible();
  });

  test('is told which old links could not move, and why', async ({ page }) => {
    await preferMock(page, '/v1/upgrade', 'example=someLeftBehind', 'POST');
    await page.goto('/upgrade');
    await page.getByRole('button', { name: 'Upgrade my account' }).click();
    const result = page.getByRole('status');
    await expect(result).toContainText('We moved 35 links into Shelflink');
    await expect(result).toContainText(
      '2 old links were left behind: Shelflink sends readers only to public web pages',
    );
  });

  test('sees why an upgrade failed and can try again', async ({ page }) => {
    await preferMock(page, '/v1/upgrade', 'code=500, example=serverError', 'POST');
    await page.goto('/upgrade');
    await page.getByRole('button', { name: 'Upgrade my account' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Something went wrong on our side. We have been told about it.',
    );
    await expect(page.getByRole('button', { name: 'Upgrade my account' })).toBeEnabled();
  });
});

test.describe('a signed-out visitor', () => {
  test.use({ visitor: 'signed-out' });

  test('reads about upgrading and is asked to sign in first', async ({ page }) => {
    const upgradeCalls: string[] = [];
    page.on('request', (request) => {
      if (isUpgradeCall(request)) upgradeCalls.push(request.url());
    });
    await page.goto('/upgrade');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade to Shelflink');
    await expect(page.getByRole('button', { name: 'Upgrade my account' })).toHaveCount(0);
    const signIn = page.getByRole('link', { name: 'Sign in to upgrade' });
    await expect(signIn).toHaveAttribute('href', '/login?redirect=%2Fupgrade');

    await signIn.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fupgrade$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Shelflink');
    expect(upgradeCalls).toEqual([]);
  });
});

test.describe('accessibility', () => {
  test.use({ visitor: 'author' });

  test('the screen and its result pass axe', async ({ page }) => {
    await page.goto('/upgrade');
    await expect(page.getByRole('button', { name: 'Upgrade my account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Upgrade my account' }).click();
    await expect(page.getByText('We moved 37 links into Shelflink')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
