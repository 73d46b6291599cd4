// The stores an all-stores link offers for its book, each address localised for the reader and
// carrying the author's affiliate tags. Where the offline catalogue knows a retailer's own id for
// the book the button opens its page; otherwise the retailer's search for the ISBN, which opens
// the book itself on every store listed here. Apple Books has no web search, so it is offered
// only when its id is known.
import { findCatalogueBookByIds } from '../products/offline-catalogue';
import { toIsbn10, toIsbn13 } from '../products/isbn';
import { tagDestination } from './affiliate-tags';
import type { ShortLink } from './link-cache';
import { localiseDestination } from './storefronts';

export interface Store {
  storeId: string;
  name: string;
  url: URL;
  retailer: string;
  storefront: string | null;
}

interface StoreAddress {
  storeId: string;
  name: string;
  /** The store's address for the book, before it is localised and tagged. */
  address: (isbn13: string, ids: CatalogueIds) => string | undefined;
}

interface CatalogueIds {
  asin?: string;
  appleBooksId?: string;
  googlePlayId?: string;
  slug?: string;
}

const retailerStores: readonly StoreAddress[] = [
  {
    storeId: 'amazon',
    name: 'Amazon',
    address: (isbn13, { asin }) => {
      const productId = asin ?? toIsbn10(isbn13);
      return productId
        ? `https://www.amazon.com/dp/${productId}`
        : `https://www.amazon.com/s?k=${isbn13}&i=stripbooks`;
    },
  },
  {
    storeId: 'apple-books',
    name: 'Apple Books',
    address: (_isbn13, { appleBooksId, slug }) =>
      appleBooksId && `https://books.apple.com/us/book/${slug ?? 'book'}/id${appleBooksId}`,
  },
  {
    storeId: 'kobo',
    name: 'Kobo',
    address: (isbn13, { slug }) =>
      slug
        ? `https://www.kobo.com/us/en/ebook/${slug}`
        : `https://www.kobo.com/us/en/search?query=${isbn13}`,
  },
  {
    storeId: 'barnes-noble',
    name: 'Barnes & Noble',
    address: (isbn13) => `https://www.barnesandnoble.com/s/${isbn13}`,
  },
  {
    storeId: 'bookshop',
    name: 'Bookshop.org',
    address: (isbn13) => `https://bookshop.org/book/${isbn13}`,
  },
  {
    storeId: 'google-play',
    name: 'Google Play',
    address: (isbn13, { googlePlayId }) =>
      googlePlayId
        ? `https://play.google.com/store/books/details?id=${googlePlayId}`
        : `https://play.google.com/store/search?q=${isbn13}&c=books`,
  },
];

/** A bookshop of the reader's own country, found by ISBN, where there is one everyone knows. */
const localStores: Readonly<Record<string, { name: string; search: string }>> = {
  GB: { name: 'Waterstones', search: 'https://www.waterstones.com/books/search/term/' },
  IE: { name: 'Easons', search: 'https://www.easons.com/search?q=' },
  DE: { name: 'Thalia', search: 'https://www.thalia.de/suche?sq=' },
  AT: { name: 'Thalia', search: 'https://www.thalia.at/suche?sq=' },
  FR: { name: 'Fnac', search: 'https://www.fnac.com/SearchResult/ResultList.aspx?Search=' },
  NL: { name: 'bol.com', search: 'https://www.bol.com/nl/nl/s/?searchtext=' },
  CA: { name: 'Indigo', search: 'https://www.indigo.ca/en-ca/search?q=' },
  AU: { name: 'Booktopia', search: 'https://www.booktopia.com.au/search.ep?keywords=' },
  NZ: { name: 'Whitcoulls', search: 'https://www.whitcoulls.co.nz/search?q=' },
};

const localStoreId = 'local';

/** The link's own destination for the reader: localised when the link says so, and tagged. */
export function linkDestination(
  link: ShortLink,
  country: string | null,
  readerQuery: URLSearchParams,
): { url: URL; storefront: string | null } {
  const localised = localiseDestination(new URL(link.url), link.localise ? country : null);
  const url = tagDestination({
    destination: localised.url,
    tokens: link.tokens,
    programsOff: link.programsOff,
    parameterKeyValues: link.parameterKeyValues,
    readerQuery,
  });
  return { url, storefront: localised.storefront };
}

/**
 * The stores a link offers a reader in `country`, in the order shown: every store that sells
 * the book for an all-stores link, otherwise the one its destination is on.
 */
export function storesForLink(
  link: ShortLink,
  country: string | null,
  readerQuery: URLSearchParams,
): Store[] {
  if (link.allStores && link.isbn !== null) return storesForBook(link, link.isbn, country);
  const { url, storefront } = linkDestination(link, country, readerQuery);
  const store = retailerStores.find(({ name }) => name === link.retailer);
  return [
    {
      storeId: store?.storeId ?? localStoreId,
      name: link.retailer || url.hostname,
      url,
      retailer: link.retailer,
      storefront,
    },
  ];
}

function storesForBook(link: ShortLink, isbn: string, country: string | null): Store[] {
  const isbn13 = toIsbn13(isbn);
  const book = findCatalogueBookByIds({ isbn: isbn13 });
  const ids: CatalogueIds = book ?? {};
  const addresses = retailerStores.flatMap(({ storeId, name, address }) => {
    const url = address(isbn13, ids);
    return url ? [{ storeId, name, url }] : [];
  });
  const local = country === null ? undefined : localStores[country];
  if (local) {
    addresses.push({ storeId: localStoreId, name: local.name, url: local.search + isbn13 });
  }
  return addresses.map(({ storeId, name, url }) => {
    const localised = localiseDestination(new URL(url), link.localise ? country : null);
    const tagged = tagDestination({
      destination: localised.url,
      tokens: link.tokens,
      programsOff: link.programsOff,
      parameterKeyValues: {},
      readerQuery: new URLSearchParams(),
    });
    return { storeId, name, url: tagged, retailer: name, storefront: localised.storefront };
  });
}
