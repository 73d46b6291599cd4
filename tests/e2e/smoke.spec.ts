import { expect, test } from '../support/fixtures';

test.describe('a signed-out visitor', () => {
  test.use({ visitor: 'signed-out' });

  test('home loads against the mock with no console errors', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Smart links that send readers to your books',
    );
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
