// What a new link shows about where it leads: the retailer and store the products area
// recognises in the address, and the offline catalogue's book.
import { findCatalogueBookByIds, OFFLINE_CATALOGUE } from '../products/offline-catalogue';
import { recogniseRetailerPage } from '../products/retailers';

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

/** The path segments and query values of an address, where retailers put ISBNs and ids. */
function addressTokens(url: URL): Set<string> {
  return new Set([...url.pathname.split('/'), ...url.searchParams.values()]);
}

/** The retailer and store a destination belongs to, and the catalogue's book when it is one. */
export function describeDestination(url: URL): DestinationFacts {
  const page = recogniseRetailerPage(url);
  const tokens = addressTokens(url);
  const book =
    (page && findCatalogueBookByIds(page.bookIds)) ??
    OFFLINE_CATALOGUE.find(
      (entry) => tokens.has(entry.isbn13) || (entry.isbn10 !== null && tokens.has(entry.isbn10)),
    );
  return {
    retailer: page?.retailer ?? '',
    storefront: page?.storefront ?? null,
    // The catalogue has no covers; the products area's lookup adds them.
    book: book && {
      title: book.title,
      author: book.author,
      isbn: book.isbn13,
      coverImageUrl: null,
    },
  };
}
