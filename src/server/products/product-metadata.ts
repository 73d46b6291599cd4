import type { components } from '../../api/schema';
import { normaliseIsbn } from './isbn';

export type ProductMetadata = components['schemas']['ProductMetadata'];

/** What a book service or a product page says about a book, as it says it. */
export interface BookDetails {
  title: string;
  author: string;
  /** An absolute address; only https ones are kept. */
  coverImageUrl: string | undefined;
  isbn: string | undefined;
}

/** Where a link to the book leads: the page, its retailer and storefront. */
export type StorePage = Pick<ProductMetadata, 'url' | 'retailer' | 'storefront'>;

function clip(text: string, maxLength: number): string {
  const tidy = text.replace(/\s+/g, ' ').trim();
  return tidy.length <= maxLength ? tidy : `${tidy.slice(0, maxLength - 1)}…`;
}

/** The contract's ImageUrl: https only, up to 2048 characters. */
function imageUrl(address: string | undefined): string | null {
  const url = URL.parse(address ?? '');
  return url?.protocol === 'https:' && url.href.length <= 2048 ? url.href : null;
}

/** A book on a store page, fitted to the contract's ProductMetadata limits. */
export function productMetadata(page: StorePage, book: BookDetails): ProductMetadata {
  return {
    url: page.url,
    title: clip(book.title, 300),
    author: clip(book.author, 200),
    coverImageUrl: imageUrl(book.coverImageUrl),
    retailer: clip(page.retailer, 100),
    storefront: page.storefront,
    isbn: normaliseIsbn(book.isbn ?? '') ?? null,
  };
}

/** Where the book is described could not be read: the page, or every book service, failed. */
export class ProductUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProductUnavailableError';
  }
}
