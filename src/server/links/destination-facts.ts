// What a new link shows about where it leads, from the offline catalogue alone. The products
// area's full lookup can replace `describeDestination` without the links area changing.
import { OFFLINE_CATALOGUE, type CatalogueBook } from '../products/offline-catalogue';

export interface BookFacts {
  title: string;
  author: string;
  isbn: string;
  coverImageUrl: string | null;
}

export interface DestinationFacts {
  /** Empty when the address is not a retailer we know. */
  retailer: string;
  storefront: string | null;
  book: BookFacts | undefined;
}

interface Retailer {
  name: string;
  host: RegExp;
  /** The country store the address is for, when it says. */
  storefront(url: URL): string | null;
  /** How the retailer's addresses name the book, besides its ISBN. */
  bookId(book: CatalogueBook): string;
}

const amazonStorefronts: Record<string, string> = {
  com: 'US',
  ca: 'CA',
  'com.mx': 'MX',
  'com.br': 'BR',
  'co.uk': 'GB',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  nl: 'NL',
  in: 'IN',
  'co.jp': 'JP',
  'com.au': 'AU',
};

const countryPattern = /^[a-z]{2}$/i;

function countryOf(value: string | null | undefined): string | null {
  return value && countryPattern.test(value) ? value.toUpperCase() : null;
}

function firstPathSegment(url: URL): string | undefined {
  return url.pathname.split('/')[1];
}

const retailers: readonly Retailer[] = [
  {
    name: 'Amazon',
    host: /^(?:www\.|smile\.)?amazon\.([a-z.]+)$/,
    storefront: (url) => amazonStorefronts[url.hostname.replace(/^.*?amazon\./, '')] ?? null,
    bookId: (book) => book.asin,
  },
  {
    name: 'Apple Books',
    host: /^books\.apple\.com$/,
    storefront: (url) => countryOf(firstPathSegment(url)),
    bookId: (book) => `id${book.appleBooksId}`,
  },
  {
    name: 'Kobo',
    host: /^(?:www\.)?kobo\.com$/,
    storefront: (url) => countryOf(firstPathSegment(url)),
    bookId: (book) => book.slug,
  },
  {
    name: 'Barnes & Noble',
    host: /^(?:www\.)?barnesandnoble\.com$/,
    storefront: () => 'US',
    bookId: (book) => book.isbn13,
  },
  {
    name: 'Bookshop.org',
    host: /^(?:uk\.)?bookshop\.org$/,
    storefront: (url) => (url.hostname.startsWith('uk.') ? 'GB' : 'US'),
    bookId: (book) => book.slug,
  },
  {
    name: 'Google Play',
    host: /^play\.google\.com$/,
    storefront: (url) => countryOf(url.searchParams.get('gl')),
    bookId: (book) => book.googlePlayId,
  },
];

/** The path segments and query values of an address, where retailers put ISBNs and ids. */
function addressTokens(url: URL): Set<string> {
  return new Set([...url.pathname.split('/'), ...url.searchParams.values()]);
}

/** The retailer and store a destination belongs to, and the catalogue's book when it is one. */
export function describeDestination(url: URL): DestinationFacts {
  const retailer = retailers.find(({ host }) => host.test(url.hostname));
  const tokens = addressTokens(url);
  const book = OFFLINE_CATALOGUE.find(
    (entry) =>
      tokens.has(entry.isbn13) ||
      (entry.isbn10 !== null && tokens.has(entry.isbn10)) ||
      (retailer !== undefined && tokens.has(retailer.bookId(entry))),
  );
  return {
    retailer: retailer?.name ?? '',
    storefront: retailer?.storefront(url) ?? null,
    // The catalogue has no covers; the products area's lookup adds them.
    book: book && {
      title: book.title,
      author: book.author,
      isbn: book.isbn13,
      coverImageUrl: null,
    },
  };
}
