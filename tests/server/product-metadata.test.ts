import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createProductLookup } from '../../src/server/products/product-lookup';
import {
  bookServices,
  standInFetcher,
  startStandIn,
  type StandIn,
} from './fixtures/products/stand-in';
import { setUpTestApp } from './support/test-app';

const getTestApp = setUpTestApp();
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn(bookServices);
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

/** The test's app, its book services and store pages played by the stand-in. */
function appWithStandIn() {
  const { deps } = getTestApp();
  const config = {
    ...deps.config,
    openLibraryOrigin: standIn.origin,
    googleBooksOrigin: standIn.origin,
  };
  const products = createProductLookup({
    config,
    clock: deps.clock,
    fetcher: standInFetcher(standIn),
  });
  const app = buildApp({ ...deps, config, products });
  onTestFinished(() => app.close());
  return app;
}

function getMetadata(query: string, app = appWithStandIn()) {
  return app.inject({ method: 'GET', url: `/v1/product/metadata${query}` });
}

describe('GET /v1/product/metadata/isbn', () => {
  test('answers a catalogue book with the store page to link to', async () => {
    const reply = await getMetadata('/isbn?isbn=9781668012345', getTestApp().app);

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      url: 'https://www.amazon.com/dp/1668012340',
      title: 'The Salt Orchard',
      author: 'Maya Okafor',
      coverImageUrl: null,
      retailer: 'Amazon',
      storefront: 'US',
      isbn: '9781668012345',
    });
  });

  test('answers another book from the book services', async () => {
    const reply = await getMetadata('/isbn?isbn=0316498726');

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      title: 'The Glass Cartographer',
      author: 'Odile Marchand',
      isbn: '9780316498722',
    });
  });

  test('answers 404 for a book no one has', async () => {
    const reply = await getMetadata('/isbn?isbn=9781857234114');

    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'NotFound' } });
  });

  test.each(['978-1-66801-234-5', '12345', ''])('answers 400 for the ISBN "%s"', async (isbn) => {
    const reply = await getMetadata(`/isbn?isbn=${isbn}`);

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ responseStatus: { errorCode: 'ValidationException' } });
  });

  test('answers 429 once an address has looked up 60 books in a minute', async () => {
    const app = getTestApp().app;
    for (let lookup = 0; lookup < 60; lookup++) {
      expect((await getMetadata('/isbn?isbn=9781668012345', app)).statusCode).toBe(200);
    }

    const reply = await getMetadata('/isbn?isbn=9781668012345', app);

    expect(reply.statusCode).toBe(429);
    expect(reply.headers['retry-after']).toBe('60');
  });
});

describe('GET /v1/product/metadata', () => {
  test('answers a catalogue book at a retailer', async () => {
    const url = 'https://books.apple.com/us/book/the-salt-orchard/id6447301128';
    const reply = await getMetadata(`?url=${encodeURIComponent(url)}`, getTestApp().app);

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      url,
      title: 'The Salt Orchard',
      author: 'Maya Okafor',
      coverImageUrl: null,
      retailer: 'Apple Books',
      storefront: 'US',
      isbn: '9781668012345',
    });
  });

  test('answers what another store page describes', async () => {
    const url = `${standIn.origin}/pages/glass-cartographer.html`;
    const reply = await getMetadata(`?url=${encodeURIComponent(url)}`);

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ url, title: 'The Glass Cartographer' });
  });

  test('answers 400 at the field for an address the pattern lets through but no parser reads', async () => {
    const reply = await getMetadata(`?url=${encodeURIComponent('HTtP://".f$$ZaJ|"i&j')}`);

    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      responseStatus: { errors: [{ fieldName: 'Url', errorCode: 'Format' }] },
    });
  });

  test('answers 404 for a missing page', async () => {
    const url = `${standIn.origin}/pages/gone.html`;

    expect((await getMetadata(`?url=${encodeURIComponent(url)}`)).statusCode).toBe(404);
  });

  test('answers 404, without fetching, for a page on a non-public address', async () => {
    const url = `${standIn.origin}/pages/glass-cartographer.html`;
    const reply = await getMetadata(`?url=${encodeURIComponent(url)}`, getTestApp().app);

    expect(reply.statusCode).toBe(404);
    expect(standIn.requests).toEqual([]);
  });

  test.each(['ftp://files.example.com/book.epub', 'not a url', 'https://localhost/book'])(
    'answers 400 for the address "%s"',
    async (url) => {
      const reply = await getMetadata(`?url=${encodeURIComponent(url)}`);

      expect(reply.statusCode).toBe(400);
    },
  );
});
