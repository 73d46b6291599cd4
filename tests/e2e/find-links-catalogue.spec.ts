import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInByEmail, useRealProduct } from '../support/real-product';

// An author with 500 links finds any one of them in two keystrokes, against the real product:
// the links are created through the API, searched by the server, and shown a page at a time.

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const product = useRealProduct('find-links-catalogue');
const author = 'catalogue.author@example.com';
const catalogueSize = 500;
/** Links created at once: enough to keep the server busy, few enough to leave it responsive. */
const creationBatch = 10;

interface CatalogueBook {
  /** What the author's codes for the book start with. */
  code: string;
  asin: string;
  slug: string;
  appleBooksId: string;
  googlePlayId: string;
}

/** Books the offline catalogue knows by these ids, so each link shows its title and author. */
const books: CatalogueBook[] = [
  {
    code: 'salt',
    asin: '1668012340',
    slug: 'the-salt-orchard',
    appleBooksId: '6447301128',
    googlePlayId: 'sAlT0rChArD1',
  },
  {
    code: 'winter',
    asin: '1250877415',
    slug: 'the-winter-orchard',
    appleBooksId: '6451190374',
    googlePlayId: 'wInTeR0rChRd',
  },
  {
    code: 'almanac',
    asin: '1999234189',
    slug: 'the-orchard-keepers-almanac',
    appleBooksId: '6460027715',
    googlePlayId: 'kEePeRsAlMnC',
  },
  {
    code: 'lanterns',
    asin: '0593315626',
    slug: 'lanterns-over-kestrel-bay',
    appleBooksId: '6443819902',
    googlePlayId: 'lAnTeRnSkBay',
  },
  {
    code: 'sourdough',
    asin: 'B0CW9R4TQ8',
    slug: 'sourdough-for-slow-mornings',
    appleBooksId: '6449013348',
    googlePlayId: 'sOuRdOuGhSlw',
  },
  {
    code: 'paper-mill',
    asin: 'B0FM2K9QCJ',
    slug: 'midnight-at-the-paper-mill',
    appleBooksId: '6458816640',
    googlePlayId: 'mIdNiGhTpApr',
  },
];

/** The stores the author links each book at. */
const storePages: ((book: CatalogueBook) => string)[] = [
  (book) => `https://www.amazon.com/dp/${book.asin}`,
  (book) => `https://www.amazon.co.uk/dp/${book.asin}`,
  (book) => `https://www.amazon.de/dp/${book.asin}`,
  (book) => `https://books.apple.com/us/book/${book.slug}/id${book.appleBooksId}`,
  (book) => `https://www.kobo.com/ca/en/ebook/${book.slug}`,
  (book) => `https://play.google.com/store/books/details?id=${book.googlePlayId}&gl=GB`,
];

/** The one link the author looks for, created among the others so it is on no early page. */
const wanted = { url: 'https://www.amazon.com/dp/B0DQK7M2VX', code: 'quiet-engines' };
const wantedPosition = 237;

/** The author's links as created, oldest first: the wanted one among books × stores. */
function catalogue(): { url: string; code: string }[] {
  return Array.from({ length: catalogueSize }, (_, index) => {
    if (index === wantedPosition) return wanted;
    const book = books[index % books.length];
    const storePage = storePages[Math.floor(index / books.length) % storePages.length];
    if (!book || !storePage) throw new Error('Every link has a book and a store');
    return { url: storePage(book), code: `${book.code}-${String(index + 1).padStart(3, '0')}` };
  });
}

async function createLinks(page: Page, links: { url: string; code: string }[]) {
  for (let start = 0; start < links.length; start += creationBatch) {
    await Promise.all(
      links.slice(start, start + creationBatch).map(async (data) => {
        const reply = await page.request.post(`${product.origin}/api/v1/links`, { data });
        expect(reply.status(), await reply.text()).toBe(201);
      }),
    );
  }
}

interface ListedLink {
  code: string;
  title: string;
  author: string;
  url: string;
}

/** Every link of the signed-in author, a page of 100 at a time, as the API lists them. */
async function everyLink(page: Page): Promise<ListedLink[]> {
  const listed: ListedLink[] = [];
  for (let skip = 0; ; skip += 100) {
    const reply = await page.request.get(
      `${product.origin}/api/v1/links/list?skip=${String(skip)}&take=100`,
    );
    expect(reply.ok()).toBe(true);
    const { results } = (await reply.json()) as { results: ListedLink[] };
    listed.push(...results);
    if (results.length < 100) return listed;
  }
}

/** The links whose title, author, code or destination contains the words, in any letter case. */
function containing(links: ListedLink[], words: string): ListedLink[] {
  return links.filter((link) =>
    [link.title, link.author, link.code, link.url].some((text) =>
      text.toLowerCase().includes(words.toLowerCase()),
    ),
  );
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

test('among 500 links, two typed characters leave only the one wanted', async ({ page }) => {
  // A whole journey on the real product: more than 30 s on a busy 2-core machine.
  test.slow();
  await signInByEmail(page, product, author);
  await createLinks(page, catalogue());
  const links = await everyLink(page);
  expect(links).toHaveLength(catalogueSize);
  // "q" is in the Amazon ids of two of the books; "qu" only in the wanted link's title and code.
  const afterFirstKey = containing(links, 'q');
  expect(afterFirstKey.length).toBeGreaterThan(1);
  expect(containing(links, 'qu').map((link) => link.code)).toEqual([wanted.code]);

  await page.goto(`${product.origin}/links/books`);
  await expect(page.getByText(`${String(catalogueSize)} links`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Showing 1–20 of ${String(catalogueSize)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 25' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText(`${product.shortLinkHost}/${wanted.code}`)).toHaveCount(0);
  await expectNoAxeViolations(page);

  const searchBox = page.getByRole('searchbox', { name: 'Search links' });
  await searchBox.click();
  await page.keyboard.type('q');
  await expect(
    page.getByText(`${String(afterFirstKey.length)} of ${String(catalogueSize)} links`, {
      exact: true,
    }),
  ).toBeVisible();
  await page.keyboard.type('u');
  await expect(
    page.getByText(`1 of ${String(catalogueSize)} links`, { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/links\/books\?q=qu$/);
  await expect(searchBox).toBeFocused();

  const card = page.getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Quiet Engines' })).toBeVisible();
  await expect(card.getByText('R. T. Abernathy · Amazon US')).toBeVisible();
  await expect(
    card.getByRole('link', { name: `${product.shortLinkHost}/${wanted.code}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(0);

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  const rows = page.getByRole('table', { name: 'Book links' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Quiet Engines');
  await expect(
    rows.nth(1).getByRole('link', { name: `${product.shortLinkHost}/${wanted.code}` }),
  ).toBeVisible();

  // Clearing the box brings back the whole catalogue, from its first page.
  await page.getByRole('button', { name: 'Clear the search box' }).click();
  await expect(page).toHaveURL(/\/links\/books$/);
  await expect(searchBox).toHaveValue('');
  await expect(searchBox).toBeFocused();
  await expect(page.getByText(`${String(catalogueSize)} links`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Showing 1–20 of ${String(catalogueSize)}`)).toBeVisible();
  await expect(rows).toHaveCount(21);
  await expect(page.getByText(`${product.shortLinkHost}/${wanted.code}`)).toHaveCount(0);
});
