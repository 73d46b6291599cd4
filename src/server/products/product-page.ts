// What a product page says about its book: schema.org JSON-LD first (a `Book`, or a `Product`),
// then Open Graph and Twitter card tags, then the page's title.
import { isRecord, readHtmlMetadata } from './html-metadata';
import type { BookDetails } from './product-metadata';

export interface PageBook extends BookDetails {
  /** The site's own name for itself (`og:site_name`). */
  siteName: string | undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** A JSON-LD value that may be one thing or a list of them, as a list. */
function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function hasType(type: string) {
  return (item: Record<string, unknown>) => list(item['@type']).includes(type);
}

/** A JSON-LD person or a list of them (`"Ann"`, `{ "name": "Ann" }`) as "Ann, Ben". */
function personNames(value: unknown): string | undefined {
  const names = list(value).map((person) => text(isRecord(person) ? person.name : person));
  return text(names.filter((name) => name !== undefined).join(', '));
}

/** A JSON-LD image: an address, an `ImageObject`, or a list of either. */
function imageAddress(value: unknown): string | undefined {
  const [first] = list(value);
  return isRecord(first) ? text(first.url ?? first.contentUrl) : text(first);
}

/** A book's ISBN, on the book or on its first edition that has one (`workExample`). */
function isbnOf(item: Record<string, unknown>): string | undefined {
  const editions = list(item.workExample).filter(isRecord);
  return [item, ...editions].map((book) => text(book.isbn) ?? text(book.gtin13)).find(Boolean);
}

function absolute(address: string | undefined, base: URL): string | undefined {
  return address === undefined ? undefined : URL.parse(address, base)?.href;
}

export function readProductPage(html: string, pageUrl: URL): PageBook | undefined {
  const { meta, linkedData, title } = readHtmlMetadata(html);
  const item = linkedData.find(hasType('Book')) ?? linkedData.find(hasType('Product')) ?? {};
  const name = text(item.name) ?? meta.get('og:title') ?? meta.get('twitter:title') ?? text(title);
  if (name === undefined) return undefined;
  // Open Graph's book:author is usually the author's profile address, not a name.
  const ogAuthor = meta.get('book:author');
  return {
    title: name,
    author:
      personNames(item.author) ??
      (ogAuthor && !/^https?:/i.test(ogAuthor) ? ogAuthor : meta.get('author')) ??
      '',
    coverImageUrl: absolute(
      imageAddress(item.image) ??
        meta.get('og:image:secure_url') ??
        meta.get('og:image') ??
        meta.get('twitter:image'),
      pageUrl,
    ),
    isbn: isbnOf(item) ?? meta.get('book:isbn'),
    siteName: meta.get('og:site_name'),
  };
}
