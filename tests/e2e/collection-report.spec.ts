import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

// A collection's journey against the real product: its card's covers, its report from readers'
// real clicks on the short-link host, and an edit that survives a reload. Nothing is mocked.

const product = useRealProduct('collection-report');
const author = 'collection.author@example.com';
// No hyphen to break at: a browser can only wrap it where it is told it may.
const longReferrer = 'https://newsletter.theorchardbooksreadersclubmembers.example.com/issue/42';

/** A browser's user agent of its own per reader, so each click counts as a reader's first. */
function readerAgent(reader: number): string {
  return `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_${reader}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${reader}.0 Safari/537.36`;
}

async function createLink(page: Page, url: string, code: string): Promise<string> {
  const reply = await page.request.post(`${product.origin}/api/v1/links`, { data: { url, code } });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

async function createCollection(page: Page, data: object): Promise<string> {
  const reply = await page.request.post(`${product.origin}/api/v2/collections`, { data });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

/** A reader opens the short link, from a country and a referring page. */
async function readerClicks(page: Page, code: string, reader: number, country: string) {
  const reply = await page.request.get(`${product.shortLinkOrigin}/${code}`, {
    maxRedirects: 0,
    headers: { 'User-Agent': readerAgent(reader), 'CF-IPCountry': country, Referer: longReferrer },
  });
  expect(reply.status()).toBe(302);
}

let collectionId = '';

test('a card shows its books’ covers and opens the report of readers’ clicks', async ({
  page,
  consoleErrors,
}) => {
  // A whole journey on the real product: more than 30 s on a busy 2-core machine.
  test.slow();
  await signInByEmail(page, product, author);
  const salt = await createLink(page, 'https://www.amazon.com/dp/1668012340', 'cr-salt');
  const winter = await createLink(page, 'https://www.amazon.com/dp/1250877415', 'cr-winter');
  const almanac = await createLink(page, 'https://www.amazon.com/dp/1999234189', 'cr-almanac');
  collectionId = await createCollection(page, {
    title: 'The Orchard Books',
    linkIds: [salt, winter, almanac],
    aliasCode: 'orchard-books',
  });
  await createCollection(page, { title: 'Next season', linkIds: [], aliasCode: '' });
  await createCollection(page, { title: 'Someone else’s', linkIds: [], aliasCode: 'taken-shelf' });

  const clicks: [string, string][] = [
    ['cr-salt', 'GB'],
    ['cr-salt', 'US'],
    ['cr-salt', 'DE'],
    ['cr-winter', 'GB'],
    ['cr-winter', 'US'],
    ['cr-almanac', 'CA'],
  ];
  for (const [reader, [code, country]] of clicks.entries()) {
    await readerClicks(page, code, reader + 1, country);
  }
  // Clicks are written in batches, about once a second.
  const reportUrl = `${product.origin}/api/v2/collections/${collectionId}/report`;
  await expect
    .poll(async () => (await page.request.get(reportUrl)).json() as Promise<unknown>, {
      timeout: 15_000,
    })
    .toMatchObject({ totalClicks: clicks.length });

  await page.goto(`${product.origin}/links/collections`);
  const card = page.getByRole('listitem').filter({ hasText: 'The Orchard Books' });
  await expect(card.getByRole('img', { name: /^Covers of / })).toHaveAccessibleName(
    "Covers of The Salt Orchard, The Winter Orchard and The Orchard Keeper's Almanac",
  );
  const empty = page.getByRole('listitem').filter({ hasText: 'Next season' });
  await expect(empty.getByText('No books in this collection yet')).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page);

  await card.getByRole('link', { name: 'View report for The Orchard Books' }).click();
  await expect(page).toHaveURL(`${product.origin}/links/collections/${collectionId}/report`);
  await expect(page).toHaveTitle(/^Report for The Orchard Books/);
  await expect(page.getByRole('heading', { name: 'Report for The Orchard Books' })).toBeVisible();
  const total = page.getByText('Total clicks').locator('xpath=..');
  await expect(total.getByText('6 clicks', { exact: true })).toBeVisible();

  // Each book's link is shown at the short-link host readers open it on.
  const shortLink = (code: string) => `${product.shortLinkHost}/${code}`.replaceAll('.', '\\.');
  const books = page.getByRole('region', { name: 'By book' }).getByRole('row');
  await expect(books).toHaveText([
    /^Book\s*Clicks\s*Share$/,
    new RegExp(`The Salt Orchard\\s*${shortLink('cr-salt')}\\s*3\\s*50%`),
    new RegExp(`The Winter Orchard\\s*${shortLink('cr-winter')}\\s*2\\s*33%`),
    new RegExp(`The Orchard Keeper's Almanac\\s*${shortLink('cr-almanac')}\\s*1\\s*17%`),
  ]);
  await expect(
    page.getByRole('region', { name: 'Clicks over time' }).locator('.recharts-area-area'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'By store' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'By country' }).getByRole('listitem')).toHaveCount(
    4,
  );
  await expectNoAxeViolationsInBothSchemes(page);
  expect(consoleErrors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
});

test('an edit of title, alias and order is saved, and the old alias stops answering', async ({
  page,
}) => {
  await signInByEmail(page, product, author);
  await page.goto(`${product.origin}/links/collections`);
  await page.getByRole('button', { name: 'Edit The Orchard Books' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit collection' });
  const rows = dialog.getByRole('list', { name: 'Order readers see' }).getByRole('listitem');
  await expect(rows).toHaveText([/The Salt Orchard/, /The Winter Orchard/, /Almanac/]);

  await dialog.getByRole('textbox', { name: 'Title' }).fill('The Orchard Shelf');
  const alias = dialog.getByRole('textbox', { name: 'Alias' });
  await alias.fill('taken-shelf');
  await expect(dialog.getByRole('alert')).toHaveText(
    'Sorry, that url is already taken. Please try another one.',
  );
  await alias.fill('orchard-shelf');
  await expect(
    dialog.getByText(`${product.shortLinkHost}/c/orchard-shelf is available.`),
  ).toBeVisible();

  // The almanac dragged to the top, then The Salt Orchard moved down by keyboard.
  await rows.nth(2).dragTo(rows.nth(0));
  await expect(rows).toHaveText([/Almanac/, /The Salt Orchard/, /The Winter Orchard/]);
  await dialog
    .getByRole('button', { name: `Move The Salt Orchard · ${product.shortLinkHost}/cr-salt down` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveText([/Almanac/, /The Winter Orchard/, /The Salt Orchard/]);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Collection saved')).toBeVisible();

  await page.reload();
  const card = page.getByRole('listitem').filter({ hasText: 'The Orchard Shelf' });
  await expect(card.getByRole('link', { name: /\/c\/orchard-shelf$/ })).toBeVisible();
  await card.getByRole('button', { name: 'Edit The Orchard Shelf' }).click();
  await expect(rows).toHaveText([/Almanac/, /The Winter Orchard/, /The Salt Orchard/]);
  await expect(alias).toHaveValue('orchard-shelf');

  const oldAlias = await page.request.get(`${product.shortLinkOrigin}/c/orchard-books`);
  expect(oldAlias.status()).toBe(404);
  const newAlias = await page.request.get(`${product.shortLinkOrigin}/c/orchard-shelf`);
  expect(newAlias.status()).toBe(200);
});

test('on a phone, the report’s tables fit the screen with their last column in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInByEmail(page, product, author);
  await page.goto(`${product.origin}/links/reports/shelf.to/cr-salt`);
  // The long referrer wraps inside its cell.
  const referrer = page.getByRole('cell', {
    name: 'newsletter.theorchardbooksreadersclubmembers.example.com',
  });
  await referrer.scrollIntoViewIfNeeded();
  const referrerBox = await referrer.boundingBox();
  expect((referrerBox?.x ?? Infinity) + (referrerBox?.width ?? 0)).toBeLessThanOrEqual(375);

  for (const path of [
    '/links/reports/shelf.to/cr-salt',
    `/links/collections/${collectionId}/report`,
  ]) {
    await page.goto(`${product.origin}${path}`);
    const table = page.getByRole('table').last();
    await table.scrollIntoViewIfNeeded();
    await expect(table.getByRole('cell', { name: /%$/ }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    const lastColumn = table.getByRole('cell', { name: /%$/ });
    for (const cell of await lastColumn.all()) {
      const box = await cell.boundingBox();
      expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    }
  }
});
