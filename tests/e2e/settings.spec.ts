import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiCall, expect, preferMock, test } from '../support/fixtures';

const AMAZON_TOKEN_GUID = '3f9a2b7c-1d4e-4f6a-8b2c-5e7d9a1c3b40';
const APPLE_TOKEN_GUID = '8c1e5d2a-6b3f-4a7e-9d0c-2f4b6a8e1c57';
const AT_RULE_MESSAGE =
  'Apple Services tokens start with 1. Copy yours from the partner dashboard.';

test.use({ visitor: 'author' });

/** Every API call with this method and path, so a test can prove one was never sent. */
function recordCalls(page: Page, path: string, method: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (apiCall(method, path)(request)) urls.push(request.url());
  });
  return urls;
}

/** Axe finds nothing in the screen's own content (the shell is checked by its own tests). */
async function expectNoAxeViolations(page: Page, scope = 'main') {
  // Hover colours are not what the reader sees at rest.
  await page.mouse.move(0, 0);
  let axe = new AxeBuilder({ page }).include(scope);
  // Mantine renders a modal's title bar as <header>, which axe counts as a second banner.
  if (scope !== 'main') axe = axe.disableRules(['landmark-no-duplicate-banner']);
  const results = await axe.analyze();
  expect(
    results.violations.map((violation) => [
      violation.id,
      violation.nodes.map((node) => node.target.join(' ')),
    ]),
  ).toEqual([]);
}

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Settings' })).toBeVisible();
}

test.describe('affiliate tokens', () => {
  test('shows every program with each marketplace, and Not tagged where none is saved', async ({
    page,
  }) => {
    await preferMock(page, '/v1/affiliate-tokens', 'example=none', 'GET');
    await openSettings(page);
    const amazon = page.getByRole('article', { name: 'Amazon Associates token' });
    await expect(amazon.getByText('United Kingdom · www.amazon.co.uk')).toBeVisible();
    await expect(amazon.locator('#tag_GB')).toContainText('Not tagged');
    await expect(amazon.getByText('Not added')).toBeVisible();
    await expect(page).toHaveTitle('Affiliate Settings · Shelflink');
    await expectNoAxeViolations(page);
  });

  test('editing the US tag sends only the US tag, so the UK tag is kept', async ({ page }) => {
    await openSettings(page);
    const amazon = page.getByRole('article', { name: 'Amazon Associates token' });
    await expect(amazon.locator('#tag_GB')).toContainText('mayaokafor-21');
    await page.getByRole('button', { name: 'Edit Amazon Associates token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
    await expect(
      dialog.getByRole('textbox', { name: 'Amazon.co.uk tracking ID (tag_GB)' }),
    ).toHaveValue('mayaokafor-21');
    await dialog
      .getByRole('textbox', { name: 'Amazon.com tracking ID (tag)' })
      .fill('mayareads-20');
    const [request] = await Promise.all([
      page.waitForRequest(apiCall('PUT', '/v1/affiliate-tokens')),
      dialog.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('guid')).toBe(AMAZON_TOKEN_GUID);
    expect(request.postDataJSON()).toEqual({ parameters: { tag: 'mayareads-20' } });
    await expect(page.getByText('Token updated')).toBeVisible();
  });

  test('the clear control removes a value by sending it empty', async ({ page }) => {
    await openSettings(page);
    await page.getByRole('button', { name: 'Edit Amazon Associates token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
    await dialog
      .getByRole('button', { name: 'Clear Amazon.co.uk tracking ID: saving removes it' })
      .click();
    const [request] = await Promise.all([
      page.waitForRequest(apiCall('PUT', '/v1/affiliate-tokens')),
      dialog.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({ parameters: { tag_GB: '' } });
  });

  test('checks each value as it is typed with its format, and sends nothing wrong', async ({
    page,
  }) => {
    const puts = recordCalls(page, '/v1/affiliate-tokens', 'PUT');
    await openSettings(page);
    await page.getByRole('button', { name: 'Edit Apple Services token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your Apple Services token' });
    const token = dialog.getByRole('textbox', { name: 'Affiliate token (at)' });
    await token.fill('1010 lqW7');
    await expect(
      dialog.getByText('An affiliate token starts with 1 and has up to 32 letters and digits', {
        exact: false,
      }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(token).toHaveValue('1010 lqW7');
    await expectNoAxeViolations(page, '[role="dialog"]');
    expect(puts).toEqual([]);
  });

  test('a link to a marketplace opens its field', async ({ page }) => {
    await page.goto('/settings#tag_GB');
    const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
    await expect(
      dialog.getByRole('textbox', { name: 'Amazon.co.uk tracking ID (tag_GB)' }),
    ).toBeFocused();
  });

  test('a failed save shows the server message and keeps the input', async ({ page }) => {
    await preferMock(page, '/v1/affiliate-tokens', 'code=500, example=serverError', 'PUT');
    await openSettings(page);
    await page.getByRole('button', { name: 'Edit Amazon Associates token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
    const tag = dialog.getByRole('textbox', { name: 'Amazon.com tracking ID (tag)' });
    await tag.fill('mayaokafor-22');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Something went wrong on our side. We have been told about it.',
    );
    await expect(tag).toHaveValue('mayaokafor-22');
  });

  test('a stored value in the wrong format is flagged with a way to fix it', async ({ page }) => {
    await page.route(
      (url) => url.pathname === '/api/v1/affiliate-tokens',
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        await route.fulfill({
          json: {
            results: [
              {
                guid: AMAZON_TOKEN_GUID,
                programGuid: '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07',
                parameters: { tag: 'mayaokafor-20', tag_GB: 'maya okafor' },
                invalidParameters: ['tag_GB'],
                createdAt: '2025-01-12T10:00:00Z',
              },
            ],
          },
        });
      },
    );
    await openSettings(page);
    const amazon = page.getByRole('article', { name: 'Amazon Associates token' });
    await expect(amazon.getByText('Wrong format', { exact: true })).toBeVisible();
    await amazon.getByRole('button', { name: 'Fix your Amazon.co.uk tracking ID' }).click();
    const field = page
      .getByRole('dialog', { name: 'Edit your Amazon Associates token' })
      .getByRole('textbox', { name: 'Amazon.co.uk tracking ID (tag_GB)' });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  test('removing a token asks first, then sends DELETE with its guid', async ({ page }) => {
    const deletes = recordCalls(page, '/v1/affiliate-tokens', 'DELETE');
    await openSettings(page);
    await page.getByRole('button', { name: 'Remove Apple Services token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your Apple Services token?' });
    await expect(dialog).toContainText('at=1010lqW7');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    expect(deletes).toEqual([]);

    await page.getByRole('button', { name: 'Remove Apple Services token' }).click();
    const [request] = await Promise.all([
      page.waitForRequest(apiCall('DELETE', '/v1/affiliate-tokens')),
      dialog.getByRole('button', { name: 'Remove token' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get('guid')).toBe(APPLE_TOKEN_GUID);
    await expect(page.getByText('Token removed')).toBeVisible();
  });
});

test.describe('Apple Services enrolment', () => {
  test('saves the enrolment with PUT', async ({ page }) => {
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Apple Services enrolment' });
    const enrolled = section.getByRole('switch', { name: 'Enrol in the Apple Services program' });
    await expect(enrolled).toBeChecked();
    const token = section.getByRole('textbox', { name: 'Affiliate token (at)' });
    await expect(token).toHaveValue('1010lqW7');
    await expect(
      section.getByRole('link', { name: 'Join Apple Services Performance Partners' }),
    ).toHaveAttribute('href', 'https://performance-partners.apple.com/');

    await token.fill('1001lR4x');
    await section.getByRole('textbox', { name: 'Campaign token (optional)' }).fill('spring-launch');
    const [request] = await Promise.all([
      page.waitForRequest(apiCall('PUT', '/v2/settings/apple-services')),
      section.getByRole('button', { name: 'Save Apple Services settings' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      enrolled: true,
      affiliateToken: '1001lR4x',
      campaignToken: 'spring-launch',
    });
    await expect(page.getByText('Apple Services settings saved')).toBeVisible();
  });

  test('checks the token and campaign before saving', async ({ page }) => {
    const puts = recordCalls(page, '/v2/settings/apple-services', 'PUT');
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Apple Services enrolment' });
    const token = section.getByRole('textbox', { name: 'Affiliate token (at)' });
    const save = section.getByRole('button', { name: 'Save Apple Services settings' });

    await token.fill('2abc');
    await save.click();
    await expect(section.getByText(AT_RULE_MESSAGE)).toBeVisible();

    await token.fill('');
    await save.click();
    await expect(section.getByText(/Enter your Apple Services token to enrol/)).toBeVisible();

    await token.fill('1010lqW7');
    await section
      .getByRole('textbox', { name: 'Campaign token (optional)' })
      .fill('spring launch!');
    await save.click();
    await expect(section.getByText(/Use only letters, digits, hyphens/)).toBeVisible();
    expect(puts).toEqual([]);
  });

  test('leaving the program needs no token', async ({ page }) => {
    await preferMock(page, '/v2/settings/apple-services', 'example=notEnrolled', 'GET');
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Apple Services enrolment' });
    await expect(section.getByRole('switch')).not.toBeChecked();
    const [request] = await Promise.all([
      page.waitForRequest(apiCall('PUT', '/v2/settings/apple-services')),
      section.getByRole('button', { name: 'Save Apple Services settings' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      enrolled: false,
      affiliateToken: '',
      campaignToken: '',
    });
  });
});

test.describe('partner program', () => {
  test('shows the terms and an existing enrolment', async ({ page }) => {
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Partner program' });
    await expect(
      section.getByRole('heading', { name: 'Shelflink Partner Program Terms' }),
    ).toBeVisible();
    await expect(section.getByText(/Terms version 2026-06/)).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Payments' })).toBeVisible();
    await expect(section.getByTestId('legacy-terms-version')).toHaveText(
      'Integrations on our first API see the same version.',
    );
    await expect(section.getByText('You are in the partner program')).toBeVisible();
    await expect(section.getByRole('checkbox')).toHaveCount(0);
  });

  test('accepting the terms enrols with the current version', async ({ page }) => {
    await preferMock(page, '/v1/pz-users', 'example=notEnrolled', 'GET');
    const posts = recordCalls(page, '/v2/pz-users', 'POST');
    await openSettings(page);
    const section = page.getByRole('region', { name: 'Partner program' });
    const join = section.getByRole('button', { name: 'Join the partner program' });

    await join.click();
    await expect(
      section.getByText('Tick the box to accept the partner program terms.'),
    ).toBeVisible();
    expect(posts).toEqual([]);

    await section.getByRole('checkbox', { name: 'I accept the partner program terms' }).check();
    const [request] = await Promise.all([
      page.waitForRequest(apiCall('POST', '/v2/pz-users')),
      join.click(),
    ]);
    expect(request.postDataJSON()).toEqual({ termsVersion: '2026-06', acceptTerms: true });
    await expect(section.getByText('You are in the partner program')).toBeVisible();
    await expect(section.getByText(/version 2026-06\) on 21 November 2026/)).toBeVisible();
  });
});

test('the screen and its field errors pass axe', async ({ page }) => {
  await preferMock(page, '/v1/pz-users', 'example=notEnrolled', 'GET');
  await openSettings(page);
  const section = page.getByRole('region', { name: 'Apple Services enrolment' });
  await expect(section.getByRole('switch')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join the partner program' })).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByRole('textbox', { name: 'Affiliate token (at)' }).fill('2abc');
  await section.getByRole('button', { name: 'Save Apple Services settings' }).click();
  await page.getByRole('button', { name: 'Join the partner program' }).click();
  await expect(section.getByText(AT_RULE_MESSAGE)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit Amazon Associates token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your Amazon Associates token' });
  await dialog.getByRole('textbox', { name: 'Amazon.com tracking ID (tag)' }).fill('maya');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(/as in mayaokafor-20\.$/)).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page, '[role="dialog"]');
});
