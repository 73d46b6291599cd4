import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

// An author archives, deletes, ends and repairs their links against the real product, as
// `npm start` runs it, and the short links answer readers accordingly.

const AUTHOR_EMAIL = 'maya@demo.shelflink.app';
const ADMIN_EMAIL = 'admin@demo.shelflink.app';

const product = useRealProduct('link-lifecycle');

/** A link as the app names it: the short-link origin's host and the code. */
const shortLink = (code: string) => `${new URL(product.shortLinkOrigin).host}/${code}`;

async function shortLinkStatus(request: APIRequestContext, code: string): Promise<number> {
  const reply = await request.get(`${product.shortLinkOrigin}/${code}`, { maxRedirects: 0 });
  return reply.status();
}

async function openActions(page: Page, code: string) {
  await page.getByRole('button', { name: `Actions for ${shortLink(code)}` }).click();
}

/** The open dialog, in the light and the dark scheme; axe on this machine needs its time. */
async function expectAccessibleDialog(page: Page) {
  test.setTimeout(120_000);
  await page.mouse.move(0, 0);
  await expectNoAxeViolationsInBothSchemes(page, { include: '[role="dialog"]' });
}

test('an archived link leaves the list, keeps sending readers on, and comes back', async ({
  page,
  request,
}) => {
  const code = 'patient-gardener';
  await signInByEmail(page, product, AUTHOR_EMAIL);
  await page.goto(`${product.origin}/links/books`);
  const card = page.getByRole('listitem').filter({ hasText: shortLink(code) });
  await expect(card).toBeVisible();

  await openActions(page, code);
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('Link archived')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await shortLinkStatus(request, code)).toBe(302);

  await page.getByRole('combobox', { name: 'Show' }).selectOption('Archived');
  await expect(page.getByRole('heading', { name: 'Archived book links' })).toBeVisible();
  const archived = page.getByRole('listitem').filter({ hasText: shortLink(code) });
  await expect(archived.getByText('Archived', { exact: true })).toBeVisible();

  await openActions(page, code);
  await page.getByRole('menuitem', { name: 'Unarchive' }).click();
  await expect(page.getByText('Link back in use')).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('Links in use');
  await expect(page.getByRole('listitem').filter({ hasText: shortLink(code) })).toBeVisible();
});

test('a deleted link is confirmed by its clicks and then answers readers that it was removed', async ({
  page,
  request,
}) => {
  const code = 'last-ferry';
  expect(await shortLinkStatus(request, code)).toBe(302);
  await signInByEmail(page, product, AUTHOR_EMAIL);
  await page.goto(`${product.origin}/links/books`);

  await openActions(page, code);
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this link?' });
  await expect(dialog).toContainText(
    new RegExp(`Delete ${shortLink(code)}\\? It has [\\d,]+ clicks?\\.`),
  );
  await expect(dialog).toContainText('the ending stays yours for 30 days');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectAccessibleDialog(page);

  await dialog.getByRole('button', { name: 'Delete link' }).click();
  await expect(page.getByText('Link deleted')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: shortLink(code) })).toHaveCount(0);
  expect(await shortLinkStatus(request, code)).toBe(410);
});

test('an author gives a link an end date and what readers get after it', async ({ page }) => {
  const code = 'field-guide-birds';
  await signInByEmail(page, product, AUTHOR_EMAIL);
  await page.goto(`${product.origin}/links/books`);

  await openActions(page, code);
  await page.getByRole('menuitem', { name: 'Edit link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await dialog.getByRole('switch', { name: 'Ends on a date' }).check();
  await dialog.getByLabel('Last day it works').fill('2027-01-31');
  await dialog
    .getByRole('textbox', { name: 'Address after it ends' })
    .fill('https://example.com/next-book');
  await expectAccessibleDialog(page);
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(page.getByText('Link saved')).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: shortLink(code) });
  await expect(card.getByText('Expires Jan 31, 2027')).toBeVisible();
  const listed = await page.request.get(`${product.origin}/api/v1/links/list?q=${code}`);
  expect(await listed.json()).toMatchObject({
    results: [
      {
        code,
        expiry: { at: '2027-02-01T00:00:00.000Z', fallbackUrl: 'https://example.com/next-book' },
      },
    ],
  });
});

test('a disabled link is fixed by its author and works again', async ({
  page,
  browser,
  request,
}) => {
  const code = 'kestrel-bay';
  const reported = await request.post(`${product.origin}/api/v1/report-link-issue`, {
    data: {
      domain: 'shelf.to',
      code,
      kind: 'wrongBook',
      details: 'The link opens a cookbook, not the novel.',
      email: 'reader@example.org',
    },
  });
  expect(reported.status()).toBe(202);
  const { reference } = (await reported.json()) as { reference: string };

  await signInByEmail(page, product, ADMIN_EMAIL);
  await page.goto(`${product.origin}/admin`);
  await page
    .getByRole('article', { name: reference })
    .getByRole('button', { name: `Uphold and disable link for ${reference}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Uphold this report?' })
    .getByRole('button', { name: 'Uphold and disable link' })
    .click();
  await expect(page.getByText('Link disabled', { exact: true })).toBeVisible();
  expect(await shortLinkStatus(request, code)).toBe(410);

  const author = await (await browser.newContext()).newPage();
  await signInByEmail(author, product, AUTHOR_EMAIL);
  await author.goto(`${product.origin}/links/books`);
  const card = author.getByRole('listitem').filter({ hasText: shortLink(code) });
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Fix destination' }).click();
  const dialog = author.getByRole('dialog', { name: 'Edit link' });
  await dialog
    .getByRole('textbox', { name: 'Destination' })
    .fill('https://www.barnesandnoble.com/w/lanterns-over-kestrel-bay/1144000001');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(author.getByText('Link saved')).toBeVisible();
  await expect(card.getByText('Disabled', { exact: true })).toHaveCount(0);
  expect(await shortLinkStatus(request, code)).toBe(302);
});
