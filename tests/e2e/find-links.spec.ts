import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

// Finding a link on the Books screen against the real product, as `npm start` runs it: the
// demo author's links, searched, sorted and filtered by the server.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const product = useRealProduct('find-links');

interface ListedLink {
  id: string;
  code: string;
  title: string;
  retailer: string;
  clickCount: number;
}

interface LinkList {
  results: ListedLink[];
  recentClicks: Record<string, number[]>;
}

/** All of the signed-in author's links, as the API lists them (the demo has fewer than 100). */
async function everyLink(page: Page): Promise<LinkList> {
  const reply = await page.request.get(`${product.origin}/api/v1/links/list?take=100`);
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as LinkList;
}

/** The short links of the cards shown, top to bottom. */
/** The endings of the listed cards' short links, shown at the product's short-link host. */
function cardCodes(page: Page): Promise<string[]> {
  const prefix = `${product.shortLinkHost}/`;
  return page
    .getByRole('listitem')
    .getByRole('link', { name: prefix })
    .allTextContents()
    .then((labels) => labels.map((label) => label.replace(prefix, '')));
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    })),
  ).toEqual([]);
}

function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search links' });
}

test('two typed characters of a title find its link, and the search survives a reload', async ({
  page,
}) => {
  await signInByEmail(page, product, 'maya@demo.shelflink.app');
  const { results } = await everyLink(page);
  const gardener = results.find((link) => link.title === 'The Patient Gardener');
  if (!gardener) throw new Error('The demo has no link to The Patient Gardener');
  // "Pa" is in that title, and in no other link's title, author, code or destination.
  expect(results.length).toBeGreaterThan(10);

  await page.goto(`${product.origin}/links/books`);
  await expect(page.getByRole('listitem')).toHaveCount(results.length);
  await expectNoAxeViolations(page);

  await searchBox(page).click();
  await page.keyboard.type('Pa');
  await expect(page.getByRole('listitem')).toHaveCount(1);
  expect(await cardCodes(page)).toEqual([gardener.code]);
  await expect(page).toHaveURL(/\/links\/books\?q=Pa$/);
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByText(`1 of ${String(results.length)} links`)).toBeVisible();

  await page.reload();
  await expect(searchBox(page)).toHaveValue('Pa');
  await expect(page.getByRole('listitem')).toHaveCount(1);
  expect(await cardCodes(page)).toEqual([gardener.code]);

  // Nothing found: the page says what was searched, and one press shows every link again.
  await searchBox(page).fill('no such book');
  await expect(page.getByText('No links match “no such book”')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(page).toHaveURL(/\/links\/books$/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(page.getByRole('listitem')).toHaveCount(results.length);
});

test('sorts by title and by clicks, and filters by retailer', async ({ page }) => {
  await signInByEmail(page, product, 'maya@demo.shelflink.app');
  const { results } = await everyLink(page);
  const titleOf = (code: string) => results.find((link) => link.code === code)?.title;
  const byTitle = results
    .map((link) => link.title)
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
  const busiest = Math.max(...results.map((link) => link.clickCount));

  await page.goto(`${product.origin}/links/books`);
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Title A–Z' });
  await expect(page).toHaveURL(/\?sort=title$/);
  await expect.poll(async () => (await cardCodes(page)).map(titleOf)).toEqual(byTitle);

  await sort.selectOption({ label: 'Most clicks' });
  await expect(page).toHaveURL(/\?sort=clicks$/);
  await expect
    .poll(async () => {
      const codes = await cardCodes(page);
      return codes.map((code) => results.find((link) => link.code === code)?.clickCount);
    })
    .toEqual(results.map((link) => link.clickCount).sort((a, b) => b - a));
  const [first] = await cardCodes(page);
  expect(results.find((link) => link.code === first)?.clickCount).toBe(busiest);

  const kobo = results.filter((link) => link.retailer === 'Kobo');
  expect(kobo.length).toBeGreaterThan(0);
  await page.getByRole('combobox', { name: 'Retailer' }).selectOption('Kobo');
  await expect(page).toHaveURL(/\?sort=clicks&retailer=Kobo$/);
  await expect(page.getByRole('listitem')).toHaveCount(kobo.length);
  expect((await cardCodes(page)).sort()).toEqual(kobo.map((link) => link.code).sort());
  for (const card of await page.getByRole('listitem').all()) {
    await expect(card).toContainText('Kobo');
  }

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Retailer' })).toHaveValue('Kobo');
  await expect(sort).toHaveValue('clicks');
  await expect(page.getByRole('listitem')).toHaveCount(kobo.length);
});

test('every link draws its last 30 days, and the list view is kept across a reload', async ({
  page,
}) => {
  await signInByEmail(page, product, 'maya@demo.shelflink.app');
  const { results, recentClicks } = await everyLink(page);
  const busiest = [...results].sort((a, b) => b.clickCount - a.clickCount)[0];
  if (!busiest) throw new Error('The demo author has no links');
  const days = recentClicks[busiest.id] ?? [];
  expect(days).toHaveLength(30);
  const total = days.reduce((sum, clicks) => sum + clicks, 0);
  const spoken = `${total.toLocaleString('en')} clicks in the last 30 days`;

  await page.goto(`${product.origin}/links/books`);
  const card = page
    .getByRole('listitem')
    .filter({ hasText: `${product.shortLinkHost}/${busiest.code}` });
  await expect(card.getByRole('img', { name: spoken })).toBeVisible();
  await expect(page.getByRole('img', { name: /clicks? in the last 30 days$/ })).toHaveCount(
    results.length,
  );

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  const table = page.getByRole('table', { name: 'Book links' });
  await expect(table.getByRole('row')).toHaveCount(results.length + 1);
  const row = table
    .getByRole('row')
    .filter({ hasText: `${product.shortLinkHost}/${busiest.code}` });
  await expect(row.getByRole('img', { name: spoken })).toBeVisible();
  // Checked at rest: a filled button under the pointer takes the theme's hover shade.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Book links' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(0);
  await expect(
    page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }),
  ).toHaveAttribute('aria-pressed', 'true');
});
