import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiCall, expect, preferMock, test } from '../support/fixtures';

test.use({ visitor: 'author' });

const PENDING_NOTICE = 'Waiting for you to confirm your new e-mail address';

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

async function openAccount(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

test('shows the plan, the account age and a way to sign out', async ({ page, consoleErrors }) => {
  await openAccount(page);
  await expect(page).toHaveTitle('Account · Shelflink');
  await expect(page.getByRole('main').getByText('Shelflink', { exact: true })).toBeVisible();
  await expect(page.getByText('19 February 2024')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(
    'maya.okafor@example.com',
  );
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Maya Okafor');
  await expect(page.getByRole('switch', { name: 'Weekly click report' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Product news' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Default storefront' })).toHaveValue(
    'United States',
  );
  await expect(page.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  expect(consoleErrors).toEqual([]);
});

test('saves changes with PUT', async ({ page }) => {
  await openAccount(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Maya O. Okafor');
  await page.getByRole('switch', { name: 'Weekly click report' }).click();
  await page.getByRole('switch', { name: 'Product news' }).click();
  await page.getByRole('combobox', { name: 'Default storefront' }).click();
  await page.getByRole('option', { name: 'United Kingdom' }).click();

  const [request] = await Promise.all([
    page.waitForRequest(apiCall('PUT', '/v2/account')),
    page.getByRole('button', { name: 'Save changes' }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({
    email: 'maya.okafor@example.com',
    name: 'Maya O. Okafor',
    preferences: { weeklyReport: false, productNews: true, defaultStorefront: 'GB' },
  });
  await expect(page.getByText('Account saved')).toBeVisible();
});

test('a new e-mail address waits for its confirmation link', async ({ page }) => {
  await preferMock(page, '/v2/account', 'code=200, example=emailChangePending', 'PUT');
  await openAccount(page);
  const email = page.getByRole('textbox', { name: 'E-mail address' });
  await email.fill('  maya@okaforbooks.example ');

  const [request] = await Promise.all([
    page.waitForRequest(apiCall('PUT', '/v2/account')),
    page.getByRole('button', { name: 'Save changes' }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ email: 'maya@okaforbooks.example' });
  await expect(page.getByText('Check your new mailbox')).toBeVisible();
  await expect(
    page
      .getByText(
        'We sent a confirmation link to maya@okaforbooks.example. Your e-mail stays maya.okafor@example.com until you confirm.',
      )
      .first(),
  ).toBeVisible();
  // The address in force stays in the field and in the session until the link is followed.
  await expect(email).toHaveValue('maya.okafor@example.com');
  expect(await page.evaluate(() => window.localStorage.getItem('shelflink.email'))).not.toBe(
    'maya@okaforbooks.example',
  );
});

test('a pending change can be sent again or cancelled', async ({ page }) => {
  await preferMock(page, '/v2/account', 'code=200, example=waitingForConfirmation', 'GET');
  await openAccount(page);
  const notice = page.getByRole('region', { name: PENDING_NOTICE });
  await expect(notice).toContainText(
    'We sent a confirmation link to maya@okaforbooks.example. Your e-mail stays maya.okafor@example.com until you confirm.',
  );
  await expect(notice).toContainText('The link works until 21 November 2026');
  await expectNoAxeViolations(page);

  // Only the link is asked for again: what the form holds unsaved is not sent.
  await page.getByRole('textbox', { name: 'Name' }).fill('Not saved yet');
  const [resend] = await Promise.all([
    page.waitForRequest(apiCall('PUT', '/v2/account')),
    notice.getByRole('button', { name: 'Send again' }).click(),
  ]);
  expect(resend.postDataJSON()).toEqual({
    email: 'maya@okaforbooks.example',
    name: 'Maya Okafor',
    preferences: { weeklyReport: true, productNews: false, defaultStorefront: 'US' },
  });
  await expect(page.getByText('Confirmation link sent again')).toBeVisible();

  const [cancel] = await Promise.all([
    page.waitForRequest(apiCall('DELETE', '/v2/account/pending-email')),
    notice.getByRole('button', { name: 'Cancel the change' }).click(),
  ]);
  expect(cancel.method()).toBe('DELETE');
  await expect(page.getByText('Change cancelled')).toBeVisible();
});

test('checks the fields before saving', async ({ page }) => {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (apiCall('PUT', '/v2/account')(request)) puts.push(request.url());
  });
  await openAccount(page);
  const email = page.getByRole('textbox', { name: 'E-mail address' });
  await email.fill('maya.okafor');
  await page.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(81));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(email).toHaveAccessibleDescription(/Enter an e-mail address like name@example.com/);
  // The field stops at its limit, so a pasted over-long name is cut to 80 characters.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('x'.repeat(80));
  expect(puts).toEqual([]);
});

test('shows the server’s field errors at the fields and keeps the input', async ({ page }) => {
  await preferMock(page, '/v2/account', 'code=400, example=accountFieldErrors', 'PUT');
  await openAccount(page);
  const email = page.getByRole('textbox', { name: 'E-mail address' });
  const name = page.getByRole('textbox', { name: 'Name' });
  await email.fill('taken@example.com');
  await name.fill('Maya Okafor-Reyes');
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(email).toHaveAccessibleDescription(
    /Another account already uses this e-mail address\./,
  );
  await expect(name).toHaveAccessibleDescription(/A name is at most 80 characters long\./);
  await expect(email).toHaveValue('taken@example.com');
  await expect(name).toHaveValue('Maya Okafor-Reyes');
  await expect(page.getByText('Account saved')).toHaveCount(0);
});

test('a rejection that names no field is shown above the button', async ({ page }) => {
  await preferMock(page, '/v2/account', 'code=400, example=emptyErrorList', 'PUT');
  await openAccount(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Maya Okafor');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'An unknown error occurred. Please contact support.',
  );
});

test('a subscribed author sees that they are subscribed', async ({ page }) => {
  await openAccount(page);
  await expect(page.getByText('You are subscribed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to updates' })).toHaveCount(0);
});

test('subscribing to updates posts an empty request', async ({ page }) => {
  await preferMock(page, '/v2/account', 'example=legacyAuthor', 'GET');
  await openAccount(page);
  await expect(page.getByText('Previous link product')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See how upgrading works' })).toHaveAttribute(
    'href',
    '/upgrade',
  );
  await expect(page.getByText('You are subscribed')).toHaveCount(0);

  const [request] = await Promise.all([
    page.waitForRequest(apiCall('POST', '/v1/users/subscribe')),
    page.getByRole('button', { name: 'Subscribe to updates' }).click(),
  ]);
  expect(request.postDataJSON() ?? {}).toEqual({});
  await expect(page.getByText('You are subscribed')).toBeVisible();
});

test.describe('signed out', () => {
  test.use({ visitor: 'signed-out' });

  test('a visitor is sent to sign in first', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  });
});

test('the screen and its field errors pass axe', async ({ page }) => {
  await preferMock(page, '/v2/account', 'code=400, example=accountFieldErrors', 'PUT');
  await openAccount(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Another account already uses this e-mail address.')).toBeVisible();
  await expectNoAxeViolations(page);
});
