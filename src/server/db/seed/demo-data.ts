// The demo's accounts and links: an author with books on every retailer, the collections she
// groups them in, her affiliate tokens, links waiting in the previous link product, and an
// administrator. Every screen of the app has something real to show on a fresh start.
import { OFFLINE_CATALOGUE, type CatalogueBook } from '../../products/offline-catalogue';

export const DEMO_AUTHOR_EMAIL = 'maya@demo.shelflink.app';
export const DEMO_ADMIN_EMAIL = 'admin@demo.shelflink.app';
export const SHORT_LINK_DOMAIN = 'shelf.to';

const AMAZON_ASSOCIATES = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const APPLE_SERVICES = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
const BOOKSHOP_ORG = '5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54';

export const DEMO_AFFILIATE_TOKENS: { programGuid: string; parameters: Record<string, string> }[] =
  [
    // A tracking id for amazon.com and one for amazon.co.uk, so a UK reader earns the author too.
    {
      programGuid: AMAZON_ASSOCIATES,
      parameters: { tag: 'mayaokafor-20', tag_GB: 'mayaokafor-21' },
    },
    {
      programGuid: APPLE_SERVICES,
      // Also the Apple Services enrolment: the settings screen reads this token.
      parameters: { at: '1001lGmx', ct: 'shelflink' },
    },
    { programGuid: BOOKSHOP_ORG, parameters: { a_aid: '48213' } },
  ];

type Retailer =
  'Amazon' | 'Apple Books' | 'Kobo' | 'Barnes & Noble' | 'Bookshop.org' | 'Google Play';

const retailerAddress: Record<Retailer, (book: CatalogueBook) => string> = {
  Amazon: (book) => `https://www.amazon.com/dp/${book.asin}`,
  'Apple Books': (book) => `https://books.apple.com/us/book/${book.slug}/id${book.appleBooksId}`,
  Kobo: (book) => `https://www.kobo.com/us/en/ebook/${book.slug}`,
  'Barnes & Noble': (book) => `https://www.barnesandnoble.com/w/${book.slug}?ean=${book.isbn13}`,
  'Bookshop.org': (book) => `https://bookshop.org/p/books/${book.slug}/${book.isbn13}`,
  'Google Play': (book) => `https://play.google.com/store/books/details?id=${book.googlePlayId}`,
};

export interface DemoLink {
  code: string;
  book: CatalogueBook;
  retailer: Retailer;
  url: string;
  /** Clicks on an ordinary day at the start of the 90 days; launches and newsletters add more. */
  dailyClicks: number;
  /** Days ago the link was created; it has no clicks before. */
  ageDays: number;
}

function bookTitled(title: string): CatalogueBook {
  const book = OFFLINE_CATALOGUE.find((entry) => entry.title === title);
  if (!book) throw new Error(`The offline catalogue has no "${title}"`);
  return book;
}

function demoLink(
  code: string,
  title: string,
  retailer: Retailer,
  dailyClicks: number,
  ageDays = 120,
): DemoLink {
  const book = bookTitled(title);
  return {
    code,
    book,
    retailer,
    url: retailerAddress[retailer](book),
    dailyClicks,
    ageDays,
  };
}

export const DEMO_LINKS: DemoLink[] = [
  demoLink('salt-orchard', 'The Salt Orchard', 'Apple Books', 42),
  demoLink('salt-orchard-amzn', 'The Salt Orchard', 'Amazon', 55),
  demoLink('salt-orchard-kobo', 'The Salt Orchard', 'Kobo', 9),
  demoLink('winter-orchard', 'The Winter Orchard', 'Amazon', 31),
  demoLink('winter-orchard-apple', 'The Winter Orchard', 'Apple Books', 18),
  demoLink('orchard-almanac', "The Orchard Keeper's Almanac", 'Bookshop.org', 14, 40),
  demoLink('almanac-preorder', "The Orchard Keeper's Almanac", 'Amazon', 26, 40),
  demoLink('kestrel-bay', 'Lanterns Over Kestrel Bay', 'Barnes & Noble', 6),
  demoLink('field-guide-birds', 'A Field Guide to Vanishing Birds', 'Google Play', 4),
  demoLink('last-ferry', 'The Last Ferry to Inishmore', 'Kobo', 7, 75),
  demoLink('patient-gardener', 'The Patient Gardener', 'Bookshop.org', 3),
  demoLink('cartographers-daughter', "The Cartographer's Daughter", 'Apple Books', 5, 60),
];

export const DEMO_COLLECTIONS = [
  {
    title: 'The Orchard Trilogy',
    aliasCode: 'orchard-trilogy',
    codes: ['salt-orchard', 'winter-orchard', 'orchard-almanac'],
  },
  {
    title: 'Newsletter picks',
    aliasCode: 'maya-recommends',
    codes: ['kestrel-bay', 'last-ferry', 'cartographers-daughter', 'field-guide-birds'],
  },
  { title: 'Pre-orders', aliasCode: '', codes: ['almanac-preorder'] },
];

/** Links of the previous link product, waiting for the demo author to upgrade. */
export const DEMO_LEGACY_LINKS = [
  {
    code: 'saltorchard1',
    url: 'https://www.amazon.com/dp/1668012340',
    title: 'The Salt Orchard',
    clickCount: 3184,
    createdDaysAgo: 900,
  },
  {
    code: 'wintertour',
    url: 'https://books.apple.com/us/book/the-winter-orchard/id6451190374',
    title: 'The Winter Orchard',
    clickCount: 1290,
    createdDaysAgo: 420,
  },
  {
    code: 'maya-events',
    url: 'https://www.kobo.com/us/en/ebook/the-salt-orchard',
    title: 'The Salt Orchard',
    clickCount: 212,
    createdDaysAgo: 610,
  },
];
