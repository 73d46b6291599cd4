import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { SafeFetcherOptions } from '../../src/server/net/safe-fetch';
import { createProductLookup } from '../../src/server/products/product-lookup';
import { ProductUnavailableError } from '../../src/server/products/product-metadata';
import {
  bookServices,
  standInFetcher,
  startStandIn,
  type StandIn,
} from './fixtures/products/stand-in';
import { TestClock } from './support/test-app';

const hour = 60 * 60_000;
/** A book service the fetcher cannot reach. */
const unreachable = 'http://127.0.0.1:9';

let standIn: StandIn;
let clock: TestClock;

beforeAll(async () => {
  standIn = await startStandIn(bookServices);
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  clock = new TestClock();
});

function lookupWith({
  openLibraryOrigin = standIn.origin,
  googleBooksOrigin = standIn.origin,
  fetch = {},
}: { openLibraryOrigin?: string; googleBooksOrigin?: string; fetch?: SafeFetcherOptions } = {}) {
  return createProductLookup({
    config: { openLibraryOrigin, googleBooksOrigin },
    clock,
    fetcher: standInFetcher(standIn, fetch),
  });
}

describe('by ISBN', () => {
  test('a catalogue book, in either ISBN form, is answered without a request', async () => {
    const lookup = lookupWith();
    const saltOrchard = {
      url: 'https://www.amazon.com/dp/1668012340',
      title: 'The Salt Orchard',
      author: 'Maya Okafor',
      coverImageUrl: null,
      retailer: 'Amazon',
      storefront: 'US',
      isbn: '9781668012345',
    };

    await expect(lookup.byIsbn('9781668012345')).resolves.toEqual(saltOrchard);
    await expect(lookup.byIsbn('1668012340')).resolves.toEqual(saltOrchard);
    await expect(lookup.byIsbn('9798886451207')).resolves.toMatchObject({
      url: 'https://www.amazon.com/dp/B0DQK7M2VX',
      title: 'Quiet Engines',
    });
    expect(standIn.requests).toEqual([]);
  });

  test('another book combines Open Library with the cover Google Books has', async () => {
    await expect(lookupWith().byIsbn('9780316498722')).resolves.toEqual({
      url: 'https://www.amazon.com/dp/0316498726',
      title: 'The Glass Cartographer',
      author: 'Odile Marchand',
      coverImageUrl:
        'https://books.google.com/books/content?id=q8HfEAAAQBAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api',
      retailer: 'Amazon',
      storefront: 'US',
      isbn: '9780316498722',
    });
    expect(standIn.requests).toEqual([
      '/api/books?bibkeys=ISBN%3A9780316498722&format=json&jscmd=data',
      '/books/v1/volumes?q=isbn%3A9780316498722',
    ]);
  });

  test('a 979 book only Google Books has links to Bookshop.org', async () => {
    await expect(lookupWith().byIsbn('9798987654323')).resolves.toEqual({
      url: 'https://bookshop.org/book/9798987654323',
      title: 'Harbour Lights at Dunmore',
      author: 'Niamh Corrigan',
      coverImageUrl:
        'https://books.google.com/books/content?id=hL4nEQAAQBAJ&printsec=frontcover&img=1&zoom=1&source=gbs_api',
      retailer: 'Bookshop.org',
      storefront: 'US',
      isbn: '9798987654323',
    });
  });

  test('a book no one has is not found', async () => {
    await expect(lookupWith().byIsbn('9781857234114')).resolves.toBeNull();
  });

  test('one service down: the other answers', async () => {
    const lookup = lookupWith({ openLibraryOrigin: unreachable });

    await expect(lookup.byIsbn('9780316498722')).resolves.toMatchObject({
      title: 'The Glass Cartographer',
    });
  });

  test('every service down: unavailable, and not remembered as not found', async () => {
    const lookup = lookupWith({ openLibraryOrigin: unreachable, googleBooksOrigin: unreachable });

    await expect(lookup.byIsbn('9780316498722')).rejects.toThrow(ProductUnavailableError);
    await expect(lookup.byIsbn('9780316498722')).rejects.toThrow(ProductUnavailableError);
  });
});

describe('the cache', () => {
  test('answers an ISBN again, in either form, without a request for a day', async () => {
    const lookup = lookupWith();
    const first = await lookup.byIsbn('0316498726');
    const asked = standIn.requests.length;

    clock.advance(23 * hour);
    await expect(lookup.byIsbn('9780316498722')).resolves.toEqual(first);
    expect(standIn.requests).toHaveLength(asked);

    clock.advance(2 * hour);
    await lookup.byIsbn('9780316498722');
    expect(standIn.requests).toHaveLength(2 * asked);
  });

  test('remembers "not found" for an hour', async () => {
    const lookup = lookupWith();
    await lookup.byIsbn('9781857234114');
    const asked = standIn.requests.length;

    await expect(lookup.byIsbn('9781857234114')).resolves.toBeNull();
    expect(standIn.requests).toHaveLength(asked);

    clock.advance(hour);
    await lookup.byIsbn('9781857234114');
    expect(standIn.requests).toHaveLength(2 * asked);
  });

  test('answers a page again without fetching it, whatever its fragment', async () => {
    const lookup = lookupWith();
    const address = `${standIn.origin}/pages/glass-cartographer.html`;
    const first = await lookup.byUrl(address);

    await expect(lookup.byUrl(`${address}#reviews`)).resolves.toEqual(first);
    expect(standIn.requests).toEqual(['/pages/glass-cartographer.html']);
  });
});

describe('by URL', () => {
  test.each([
    ['https://books.apple.com/gb/book/the-salt-orchard/id6447301128', 'Apple Books', 'GB'],
    ['https://www.amazon.de/dp/1668012340', 'Amazon', 'DE'],
    ['https://www.kobo.com/ca/en/ebook/the-salt-orchard', 'Kobo', 'CA'],
    ['https://play.google.com/store/books/details?id=sAlT0rChArD1&gl=au', 'Google Play', 'AU'],
    ['https://www.barnesandnoble.com/w/x/1143?ean=9781668012345', 'Barnes & Noble', 'US'],
  ])('a catalogue book at %s is answered without a request', async (url, retailer, storefront) => {
    await expect(lookupWith().byUrl(url)).resolves.toEqual({
      url,
      title: 'The Salt Orchard',
      author: 'Maya Okafor',
      coverImageUrl: null,
      retailer,
      storefront,
      isbn: '9781668012345',
    });
    expect(standIn.requests).toEqual([]);
  });

  test("another store's page is read from its JSON-LD", async () => {
    const url = `${standIn.origin}/pages/glass-cartographer.html`;

    await expect(lookupWith().byUrl(url)).resolves.toEqual({
      url,
      title: 'The Glass Cartographer',
      author: 'Odile Marchand',
      coverImageUrl: 'https://cdn.lanternfishbooks.co.uk/covers/9780316498722-1200.jpg',
      retailer: 'Lanternfish Books',
      storefront: null,
      isbn: '9780316498722',
    });
  });

  test('a page with Open Graph tags only', async () => {
    const url = `${standIn.origin}/pages/harbour-lights.html`;

    await expect(lookupWith().byUrl(url)).resolves.toEqual({
      url,
      title: 'Harbour Lights at Dunmore – Corrigan & Hale',
      author: 'Niamh Corrigan',
      coverImageUrl:
        'https://corriganhale.example/wp-content/uploads/2025/04/harbour-lights-cover.jpg',
      retailer: 'Corrigan & Hale',
      storefront: null,
      isbn: null,
    });
  });

  test('a missing page is not found', async () => {
    await expect(lookupWith().byUrl(`${standIn.origin}/pages/gone.html`)).resolves.toBeNull();
  });

  test('a store page that cannot be read is described by its ISBN', async () => {
    const offline = { lookup: () => Promise.reject(new Error('getaddrinfo ENOTFOUND')) };
    const url = 'https://www.barnesandnoble.com/w/the-glass-cartographer/1144?ean=9780316498722';

    await expect(lookupWith({ fetch: offline }).byUrl(url)).resolves.toMatchObject({
      url,
      title: 'The Glass Cartographer',
      retailer: 'Barnes & Noble',
      storefront: 'US',
      isbn: '9780316498722',
    });
    await expect(
      lookupWith({ fetch: offline }).byUrl('https://www.kobo.com/us/en/ebook/unknown-book'),
    ).rejects.toThrow(ProductUnavailableError);
  });
});
