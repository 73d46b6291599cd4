// Which retailer and storefront a book's address points at, and how the address names the book.
// Link previews read addresses this way, and so do smart links when they localise a store.
import type { components } from '../../api/schema';
import { normaliseIsbn } from './isbn';

export type Retailer = components['schemas']['KnownRetailer'];

/** How an address names a book, in the offline catalogue's terms. */
export interface BookIds {
  /** Amazon's product id; a print book's is its ISBN-10. */
  asin?: string;
  appleBooksId?: string;
  googlePlayId?: string;
  /** Kobo, Bookshop.org and Barnes & Noble put a slug of the title in the path. */
  slug?: string;
  isbn?: string;
}

export interface RetailerPage {
  retailer: Retailer;
  /** The country whose store the address opens (ISO 3166-1 alpha-2), when the address says. */
  storefront: string | null;
  bookIds: BookIds;
}

/** Amazon's marketplaces by domain, with the country each serves. */
export const amazonStorefronts: Readonly<Record<string, string>> = {
  'amazon.com': 'US',
  'amazon.co.uk': 'GB',
  'amazon.de': 'DE',
  'amazon.fr': 'FR',
  'amazon.ca': 'CA',
  'amazon.com.au': 'AU',
  'amazon.in': 'IN',
  'amazon.co.jp': 'JP',
  'amazon.es': 'ES',
  'amazon.it': 'IT',
  'amazon.nl': 'NL',
  'amazon.com.br': 'BR',
  'amazon.com.mx': 'MX',
};

const bookshopStorefronts: Readonly<Record<string, string>> = {
  'bookshop.org': 'US',
  'uk.bookshop.org': 'GB',
};

function isHostOf(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

/** A two-letter country code, upper-cased, or null for anything else. */
export function countryCode(code: string | null | undefined): string | null {
  return code && /^[a-z]{2}$/i.test(code) ? code.toUpperCase() : null;
}

/** amazon.{tld}/…/dp/{asin}, /gp/product/{asin} or /gp/aw/d/{asin}; the domain is the store. */
function amazonPage({ hostname, pathname }: URL): RetailerPage | undefined {
  const domain = Object.keys(amazonStorefronts).find((domain) => isHostOf(hostname, domain));
  if (domain === undefined) return undefined;
  const asin = /\/(?:dp|gp\/product|gp\/aw\/d)\/([a-z0-9]{10})(?:[/?]|$)/i
    .exec(pathname)?.[1]
    ?.toUpperCase();
  return {
    retailer: 'Amazon',
    storefront: amazonStorefronts[domain] ?? null,
    bookIds: asin ? { asin, isbn: normaliseIsbn(asin) } : {},
  };
}

/** books.apple.com/{cc}/book/{slug}/id{id}, the slug optional, audiobooks alike. */
function appleBooksPage({ hostname, pathname }: URL): RetailerPage | undefined {
  if (hostname !== 'books.apple.com') return undefined;
  const [, country, id] =
    /^\/([a-z]{2})\/(?:audio)?book\/(?:[^/]+\/)?id(\d+)/i.exec(pathname) ?? [];
  return {
    retailer: 'Apple Books',
    storefront: countryCode(country),
    bookIds: id ? { appleBooksId: id } : {},
  };
}

/** kobo.com/{cc}/{lang}/ebook/{slug}; `ww` is Kobo's store for countries without their own. */
function koboPage({ hostname, pathname }: URL): RetailerPage | undefined {
  if (!isHostOf(hostname, 'kobo.com')) return undefined;
  const [, country, slug] =
    /^\/([a-z]{2})\/[a-z]{2}\/(?:ebook|audiobook)\/([^/]+)/i.exec(pathname) ?? [];
  return {
    retailer: 'Kobo',
    storefront: country?.toLowerCase() === 'ww' ? null : countryCode(country),
    bookIds: slug ? { slug: slug.toLowerCase() } : {},
  };
}

/** barnesandnoble.com/w/{slug}/{id}?ean={isbn13}; the store is American only. */
function barnesAndNoblePage({ hostname, pathname, searchParams }: URL): RetailerPage | undefined {
  if (!isHostOf(hostname, 'barnesandnoble.com')) return undefined;
  return {
    retailer: 'Barnes & Noble',
    storefront: 'US',
    bookIds: {
      slug: /^\/w\/([^/]+)/.exec(pathname)?.[1]?.toLowerCase(),
      isbn: normaliseIsbn(searchParams.get('ean') ?? ''),
    },
  };
}

/** bookshop.org/p/books/{slug}/{id}, /books/{slug}/{isbn}, /book/{isbn} or /a/{affiliate}/{isbn}. */
function bookshopPage({ hostname, pathname, searchParams }: URL): RetailerPage | undefined {
  if (!isHostOf(hostname, 'bookshop.org')) return undefined;
  const lastSegment = pathname.split('/').findLast((segment) => segment !== '') ?? '';
  return {
    retailer: 'Bookshop.org',
    storefront: bookshopStorefronts[hostname.replace(/^www\./, '')] ?? null,
    bookIds: {
      slug: /^\/(?:p\/)?books\/([^/]+)/.exec(pathname)?.[1]?.toLowerCase(),
      isbn: normaliseIsbn(searchParams.get('ean') ?? lastSegment),
    },
  };
}

/** play.google.com/store/books/details?id={id}&gl={cc}; without `gl` the store is the reader's. */
function googlePlayPage({ hostname, pathname, searchParams }: URL): RetailerPage | undefined {
  if (hostname !== 'play.google.com' || !/^\/store\/(?:audio)?books\/details/.test(pathname)) {
    return undefined;
  }
  const id = searchParams.get('id');
  return {
    retailer: 'Google Play',
    storefront: countryCode(searchParams.get('gl')),
    bookIds: id ? { googlePlayId: id } : {},
  };
}

const retailerPages = [
  amazonPage,
  appleBooksPage,
  koboPage,
  barnesAndNoblePage,
  bookshopPage,
  googlePlayPage,
];

/** The retailer an address belongs to, with its storefront and the book it names, if known. */
export function recogniseRetailerPage(url: URL): RetailerPage | undefined {
  for (const page of retailerPages) {
    const recognised = page(url);
    if (recognised) return recognised;
  }
  return undefined;
}
