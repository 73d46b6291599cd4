// Finds what a link's book is: the offline catalogue answers for the books it knows, and for the
// others the book services (by ISBN) or the store page itself (by address) are asked, their
// answers, "not found" included, cached for a while.
import type { Clock } from '../clock';
import type { Config } from '../config';
import { createSafeFetcher, FetchError, type SafeFetcher } from '../net/safe-fetch';
import { findInBookServices } from './book-services';
import { ExpiringCache } from './expiring-cache';
import { googleBooks } from './google-books';
import { toIsbn10, toIsbn13 } from './isbn';
import { findCatalogueBookByIds, type CatalogueBook } from './offline-catalogue';
import { openLibrary } from './open-library';
import {
  productMetadata,
  ProductUnavailableError,
  type ProductMetadata,
  type StorePage,
} from './product-metadata';
import { readProductPage, type PageBook } from './product-page';
import { recogniseRetailerPage, type RetailerPage } from './retailers';

export interface ProductLookup {
  /** The book and the store page a link to it should lead to; null when no one knows the ISBN. */
  byIsbn(isbn: string): Promise<ProductMetadata | null>;
  /** What a store page sells; null when the page is missing or names no product. */
  byUrl(url: string): Promise<ProductMetadata | null>;
}

export interface ProductLookupOptions {
  config: Pick<Config, 'openLibraryOrigin' | 'googleBooksOrigin'>;
  clock: Clock;
  /** Tests give one that may reach their local stand-ins. */
  fetcher?: SafeFetcher;
}

const foundTtlMs = 24 * 60 * 60_000;
const notFoundTtlMs = 60 * 60_000;
const maxCachedProducts = 5000;

/** Where an ISBN lookup's link leads: Amazon US when the ASIN is known, else Bookshop.org. */
function storePageForIsbn(isbn13: string, asin = toIsbn10(isbn13)): StorePage {
  return asin
    ? { url: `https://www.amazon.com/dp/${asin}`, retailer: 'Amazon', storefront: 'US' }
    : { url: `https://bookshop.org/book/${isbn13}`, retailer: 'Bookshop.org', storefront: 'US' };
}

function catalogueMetadata(book: CatalogueBook, page: StorePage): ProductMetadata {
  const { title, author, isbn13 } = book;
  return productMetadata(page, { title, author, coverImageUrl: undefined, isbn: isbn13 });
}

export function createProductLookup({
  config,
  clock,
  fetcher = createSafeFetcher({
    allowedOrigins: [config.openLibraryOrigin, config.googleBooksOrigin],
  }),
}: ProductLookupOptions): ProductLookup {
  const cache = new ExpiringCache<ProductMetadata | null>(maxCachedProducts, clock);
  const bookServices = [
    openLibrary(fetcher, config.openLibraryOrigin),
    googleBooks(fetcher, config.googleBooksOrigin),
  ];

  async function cached(key: string, find: () => Promise<ProductMetadata | null>) {
    const hit = cache.get(key);
    if (hit) return hit.value;
    const found = await find();
    cache.set(key, found, found ? foundTtlMs : notFoundTtlMs);
    return found;
  }

  async function readPage(url: URL): Promise<PageBook | undefined> {
    try {
      const page = await fetcher.html(url.href);
      return readProductPage(page.html, page.url);
    } catch (error) {
      if (error instanceof FetchError && (error.status === 404 || error.status === 410)) {
        return undefined;
      }
      throw new ProductUnavailableError(`${url.href} could not be read`, { cause: error });
    }
  }

  /**
   * The page's own description of its book. A page that cannot be read but whose address
   * carries an ISBN (Amazon, Bookshop.org, Barnes & Noble) is described by the book services.
   */
  async function bookOnPage(url: URL, page: RetailerPage | undefined) {
    const isbn = page?.bookIds.isbn;
    const book = await readPage(url).catch((error: unknown) => {
      if (isbn === undefined) throw error;
      return undefined;
    });
    const store = { url: url.href, storefront: page?.storefront ?? null };
    if (book) {
      const retailer = page?.retailer ?? book.siteName ?? url.hostname.replace(/^www\./, '');
      return productMetadata({ ...store, retailer }, { ...book, isbn: book.isbn ?? isbn });
    }
    if (!page || isbn === undefined) return null;
    const details = await findInBookServices(bookServices, toIsbn13(isbn));
    return details && productMetadata({ ...store, retailer: page.retailer }, details);
  }

  return {
    async byIsbn(isbn) {
      const book = findCatalogueBookByIds({ isbn });
      if (book) return catalogueMetadata(book, storePageForIsbn(book.isbn13, book.asin));
      const isbn13 = toIsbn13(isbn);
      return cached(`isbn:${isbn13}`, async () => {
        const details = await findInBookServices(bookServices, isbn13);
        return details && productMetadata(storePageForIsbn(isbn13), details);
      });
    },

    async byUrl(address) {
      const url = new URL(address);
      url.hash = '';
      const page = recogniseRetailerPage(url);
      const book = page && findCatalogueBookByIds(page.bookIds);
      if (page && book) {
        const { retailer, storefront } = page;
        return catalogueMetadata(book, { url: url.href, retailer, storefront });
      }
      return cached(`url:${url.href}`, () => bookOnPage(url, page));
    },
  };
}
