import { expect, test } from 'vitest';
import { recogniseRetailerPage } from '../../src/server/products/retailers';

test.each([
  [
    'https://www.amazon.com/dp/1668012340',
    'Amazon',
    'US',
    { asin: '1668012340', isbn: '1668012340' },
  ],
  [
    'https://www.amazon.co.uk/The-Salt-Orchard/dp/1668012340/ref=sr_1_1',
    'Amazon',
    'GB',
    { asin: '1668012340', isbn: '1668012340' },
  ],
  ['https://www.amazon.de/gp/product/B0DQK7M2VX?psc=1', 'Amazon', 'DE', { asin: 'B0DQK7M2VX' }],
  ['https://www.amazon.com.au/dp/b0dqk7m2vx', 'Amazon', 'AU', { asin: 'B0DQK7M2VX' }],
  [
    'https://www.amazon.co.jp/gp/aw/d/174423907X',
    'Amazon',
    'JP',
    { asin: '174423907X', isbn: '174423907X' },
  ],
  ['https://www.amazon.com.mx/', 'Amazon', 'MX', {}],
  [
    'https://books.apple.com/gb/book/the-salt-orchard/id6447301128',
    'Apple Books',
    'GB',
    { appleBooksId: '6447301128' },
  ],
  [
    'https://books.apple.com/us/audiobook/id6447301128',
    'Apple Books',
    'US',
    { appleBooksId: '6447301128' },
  ],
  ['https://www.kobo.com/ca/fr/ebook/the-salt-orchard', 'Kobo', 'CA', { slug: 'the-salt-orchard' }],
  ['https://www.kobo.com/ww/en/ebook/the-salt-orchard', 'Kobo', null, { slug: 'the-salt-orchard' }],
  [
    'https://www.barnesandnoble.com/w/the-salt-orchard-maya-okafor/1143012345?ean=9781668012345',
    'Barnes & Noble',
    'US',
    { slug: 'the-salt-orchard-maya-okafor', isbn: '9781668012345' },
  ],
  [
    'https://bookshop.org/p/books/the-salt-orchard/9781668012345',
    'Bookshop.org',
    'US',
    { slug: 'the-salt-orchard', isbn: '9781668012345' },
  ],
  ['https://uk.bookshop.org/book/9781668012345', 'Bookshop.org', 'GB', { isbn: '9781668012345' }],
  ['https://bookshop.org/a/12345/9781668012345', 'Bookshop.org', 'US', { isbn: '9781668012345' }],
  [
    'https://play.google.com/store/books/details?id=sAlT0rChArD1&gl=fr',
    'Google Play',
    'FR',
    { googlePlayId: 'sAlT0rChArD1' },
  ],
  [
    'https://play.google.com/store/books/details?id=sAlT0rChArD1',
    'Google Play',
    null,
    { googlePlayId: 'sAlT0rChArD1' },
  ],
])('%s is %s, storefront %s', (address, retailer, storefront, bookIds) => {
  // toEqual passes over ids that are undefined.
  expect(recogniseRetailerPage(new URL(address))).toEqual({ retailer, storefront, bookIds });
});

test.each([
  'https://www.amazon.com.evil.example/dp/1668012340',
  'https://notamazon.com/dp/1668012340',
  'https://play.google.com/store/apps/details?id=com.example',
  'https://www.lanternfishbooks.co.uk/book/the-glass-cartographer',
])('%s is no retailer we know', (address) => {
  expect(recogniseRetailerPage(new URL(address))).toBeUndefined();
});
