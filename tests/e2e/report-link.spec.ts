import type { Page, Request } from '@playwright/test';
import { expect, preferMock, test } from '../support/fixtures';

function isIssueReport(request: Request) {
  return (
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/report-link-issue'
  );
}

function issueForm(page: Page) {
  return page.getByRole('form', { name: 'What is wrong?' });
}

test.use({ visitor: 'signed-out' });

test.beforeEach(async ({ page }) => {
  await page.route('https://images.shelflink.app/**', (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
});

test('a reader reports a broken store link and gets a reference', async ({ page }) => {
  await page.goto('/report-link/shelf.to/salt-orchard');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Report a problem with a link' }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'The link you are reporting' });
  await expect(summary.getByText('The Salt Orchard')).toBeVisible();
  await expect(summary.getByText('by Maya Okafor')).toBeVisible();
  await expect(summary.getByText('shelf.to/salt-orchard leads to Apple Books')).toBeVisible();
  await expect(
    summary.getByRole('link', {
      name: 'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
    }),
  ).toHaveAttribute('href', 'https://books.apple.com/us/book/the-salt-orchard/id1623456789');

  const form = issueForm(page);
  await form.getByRole('radio', { name: 'Broken store link' }).check();
  await form
    .getByRole('textbox', { name: 'Details' })
    .fill('  The UK store says the book is unavailable.  ');
  await form
    .getByRole('textbox', { name: 'Your e-mail address (optional)' })
    .fill('reader@example.org');
  const sent = page.waitForRequest(isIssueReport);
  await form.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).postDataJSON()).toEqual({
    domain: 'shelf.to',
    code: 'salt-orchard',
    kind: 'brokenStoreLink',
    details: 'The UK store says the book is unavailable.',
    email: 'reader@example.org',
  });
  await expect(page.getByRole('status')).toContainText('LI-20261121-0042');
  await expect(form).toBeHidden();
});

test('the e-mail address is left out when none is given', async ({ page }) => {
  await page.goto('/report-link/shelf.to/salt-orchard');
  const form = issueForm(page);
  await form.getByRole('radio', { name: 'Wrong country' }).check();
  await form.getByRole('textbox', { name: 'Details' }).fill('It opens the US store from Canada.');
  const sent = page.waitForRequest(isIssueReport);
  await form.getByRole('button', { name: 'Send report' }).click();
  expect((await sent).postDataJSON()).toEqual({
    domain: 'shelf.to',
    code: 'salt-orchard',
    kind: 'wrongCountry',
    details: 'It opens the US store from Canada.',
  });
});

test('an incomplete report is explained at its fields and not sent', async ({ page }) => {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (isIssueReport(request)) posts.push(request);
  });
  await page.goto('/report-link/shelf.to/salt-orchard');
  const form = issueForm(page);
  await form
    .getByRole('textbox', { name: 'Your e-mail address (optional)' })
    .fill('reader@example');
  await form.getByRole('button', { name: 'Send report' }).click();

  await expect(form.getByText('Choose what is wrong with the link.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Details' })).toHaveAccessibleDescription(
    /^Tell us what you saw, so we can fix it\./,
  );
  await expect(
    form.getByRole('textbox', { name: 'Your e-mail address (optional)' }),
  ).toHaveAccessibleDescription(/^Enter an e-mail address like name@example\.com\./);
  expect(posts).toHaveLength(0);
});

test('an unknown link says so and offers a way home', async ({ page }) => {
  await preferMock(page, '/v1/shortlink/metadata', 'code=404');
  await page.goto('/report-link/shelf.to/no-such-link');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not find that link' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
