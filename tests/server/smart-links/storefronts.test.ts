import fc from 'fast-check';
import { expect, test } from 'vitest';
import { amazonStorefronts, recogniseRetailerPage } from '../../../src/server/products/retailers';
import { localiseDestination } from '../../../src/server/smart-links/storefronts';

function localise(destination: string, country: string | null) {
  const { url, storefront } = localiseDestination(new URL(destination), country);
  return [url.href, storefront];
}

test.each([
  // Amazon: the visitor's marketplace, or the one that delivers to their country, by ASIN alone.
  ['https://www.amazon.com/dp/0593135202', 'GB', 'https://www.amazon.co.uk/dp/0593135202', 'GB'],
  [
    'https://www.amazon.com/Project-Hail-Mary-Novel/dp/0593135202/ref=sr_1_1?crid=2X&keywords=hail',
    'de',
    'https://www.amazon.de/dp/0593135202',
    'DE',
  ],
  [
    'https://www.amazon.co.uk/gp/product/B08FHBV4ZX?psc=1',
    'AT',
    'https://www.amazon.de/dp/B08FHBV4ZX',
    'DE',
  ],
  ['https://amazon.com/gp/aw/d/0593135202', 'CH', 'https://www.amazon.de/dp/0593135202', 'DE'],
  ['https://www.amazon.com/dp/0593135202', 'IE', 'https://www.amazon.co.uk/dp/0593135202', 'GB'],
  ['https://www.amazon.com/dp/0593135202', 'NZ', 'https://www.amazon.com.au/dp/0593135202', 'AU'],
  ['https://www.amazon.co.uk/dp/0593135202', 'US', 'https://www.amazon.com/dp/0593135202', 'US'],
  ['https://www.amazon.com/dp/0593135202', 'JP', 'https://www.amazon.co.jp/dp/0593135202', 'JP'],
  // Already on the visitor's marketplace, or none serves them, or not a product page: as it was.
  [
    'https://www.amazon.com/Project-Hail-Mary/dp/0593135202?tag=maya-20',
    'US',
    'https://www.amazon.com/Project-Hail-Mary/dp/0593135202?tag=maya-20',
    'US',
  ],
  ['https://www.amazon.de/dp/0593135202', 'AT', 'https://www.amazon.de/dp/0593135202', 'DE'],
  ['https://www.amazon.com/dp/0593135202', 'KE', 'https://www.amazon.com/dp/0593135202', 'US'],
  [
    'https://www.amazon.com/s?k=project+hail+mary',
    'GB',
    'https://www.amazon.com/s?k=project+hail+mary',
    'US',
  ],
  // Apple Books: the country segment, replaced or inserted; the rest of the address kept.
  [
    'https://books.apple.com/us/book/project-hail-mary/id1501232025',
    'GB',
    'https://books.apple.com/gb/book/project-hail-mary/id1501232025',
    'GB',
  ],
  [
    'https://books.apple.com/book/project-hail-mary/id1501232025?ls=1',
    'fr',
    'https://books.apple.com/fr/book/project-hail-mary/id1501232025?ls=1',
    'FR',
  ],
  [
    'https://books.apple.com/gb/audiobook/project-hail-mary/id1556329124',
    'AU',
    'https://books.apple.com/au/audiobook/project-hail-mary/id1556329124',
    'AU',
  ],
  [
    'https://books.apple.com/us/book/project-hail-mary/id1501232025',
    'KP',
    'https://books.apple.com/us/book/project-hail-mary/id1501232025',
    'US',
  ],
  [
    'https://books.apple.com/us/author/andy-weir/id361784287',
    'GB',
    'https://books.apple.com/us/author/andy-weir/id361784287',
    null,
  ],
  // Kobo: the visitor's country and a language its store speaks.
  [
    'https://www.kobo.com/us/en/ebook/project-hail-mary',
    'DE',
    'https://www.kobo.com/de/de/ebook/project-hail-mary',
    'DE',
  ],
  [
    'https://www.kobo.com/ca/fr/ebook/project-hail-mary',
    'GB',
    'https://www.kobo.com/gb/en/ebook/project-hail-mary',
    'GB',
  ],
  [
    'https://www.kobo.com/ww/en/audiobook/project-hail-mary-1',
    'JP',
    'https://www.kobo.com/jp/ja/audiobook/project-hail-mary-1',
    'JP',
  ],
  [
    'https://www.kobo.com/ww/en/ebook/project-hail-mary',
    'AQ',
    'https://www.kobo.com/ww/en/ebook/project-hail-mary',
    null,
  ],
  // Google Play: `gl` names the store.
  [
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ',
    'DE',
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ&gl=DE',
    'DE',
  ],
  [
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ&gl=us&hl=en',
    'gb',
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ&gl=GB&hl=en',
    'GB',
  ],
  [
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ',
    'CN',
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ',
    null,
  ],
  // Barnes & Noble has one store; Bookshop.org's sites list books under ids of their own.
  [
    'https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128?ean=9780593135204',
    'GB',
    'https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128?ean=9780593135204',
    'US',
  ],
  [
    'https://bookshop.org/p/books/project-hail-mary-andy-weir/14987480?ean=9780593135204',
    'GB',
    'https://bookshop.org/p/books/project-hail-mary-andy-weir/14987480?ean=9780593135204',
    'US',
  ],
  // Not a retailer we know: as it was.
  [
    'https://maya-okafor.example/books/salt-orchard',
    'GB',
    'https://maya-okafor.example/books/salt-orchard',
    null,
  ],
])('%s for %s → %s', (destination, country, expected, storefront) => {
  expect(localise(destination, country)).toEqual([expected, storefront]);
});

test.each([null, 'ZZ', 'XX', '', 'GBR', 'T1', 'g'])(
  'an unknown country (%j) leaves every destination as it was',
  (country) => {
    for (const destination of [
      'https://www.amazon.com/dp/0593135202',
      'https://books.apple.com/us/book/project-hail-mary/id1501232025',
      'https://www.kobo.com/us/en/ebook/project-hail-mary',
      'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ',
    ]) {
      expect(localiseDestination(new URL(destination), country).url.href).toBe(destination);
    }
  },
);

test('returns a new URL, leaving the destination untouched', () => {
  const destination = new URL('https://www.kobo.com/us/en/ebook/project-hail-mary');
  const { url } = localiseDestination(destination, 'US');
  url.searchParams.set('siteId', 'x');
  expect(destination.href).toBe('https://www.kobo.com/us/en/ebook/project-hail-mary');
});

// Addresses each retailer's recogniser accepts, with arbitrary paths and queries besides the
// shapes a store's own pages have.
const anyPath = fc.webPath();
const anyQuery = fc.option(fc.webQueryParameters(), { nil: undefined });
const scheme = fc.constantFrom('https', 'http');
const asin = fc.stringMatching(/^[0-9A-Z]{10}$/);
const twoLetters = fc.stringMatching(/^[A-Za-z]{2}$/);

function address(origin: string, path: string, query?: string): string {
  return `${origin}${path}${query === undefined ? '' : `?${query}`}`;
}

const retailerAddresses = fc.oneof(
  fc
    .tuple(
      scheme,
      fc.constantFrom('www.', '', 'smile.'),
      fc.constantFrom(...Object.keys(amazonStorefronts)),
      fc.oneof(
        asin.map((id) => `/dp/${id}`),
        fc.tuple(fc.webSegment(), asin).map(([slug, id]) => `/${slug}/dp/${id}/ref=sr_1_1`),
        asin.map((id) => `/gp/product/${id}`),
        anyPath,
      ),
      anyQuery,
    )
    .map(([s, sub, domain, path, query]) => address(`${s}://${sub}${domain}`, path, query)),
  fc
    .tuple(
      scheme,
      fc.option(twoLetters, { nil: undefined }),
      fc.constantFrom('book', 'audiobook', 'author'),
      fc.webSegment(),
      fc.nat(),
      anyQuery,
    )
    .map(([s, cc, kind, slug, id, query]) =>
      address(`${s}://books.apple.com`, `${cc ? `/${cc}` : ''}/${kind}/${slug}/id${id}`, query),
    ),
  fc
    .tuple(scheme, fc.constantFrom('www.', ''), twoLetters, twoLetters, fc.webSegment(), anyQuery)
    .map(([s, sub, cc, lang, slug, query]) =>
      address(`${s}://${sub}kobo.com`, `/${cc}/${lang}/ebook/${slug}`, query),
    ),
  fc
    .tuple(
      scheme,
      fc.constantFrom('www.barnesandnoble.com', 'bookshop.org', 'uk.bookshop.org'),
      anyPath,
      anyQuery,
    )
    .map(([s, host, path, query]) => address(`${s}://${host}`, path, query)),
  fc
    .tuple(scheme, fc.constantFrom('books', 'audiobooks'), anyQuery)
    .map(([s, kind, query]) => address(`${s}://play.google.com`, `/store/${kind}/details`, query)),
);

const anyCountry = fc.oneof(
  fc.constantFrom(null, 'ZZ', 'XX', 'US', 'GB', 'DE', 'AT', 'NZ', 'JP', 'FR', 'BR'),
  twoLetters,
  fc.string({ maxLength: 4 }),
);

test('a localised destination stays on the same retailer, over http(s), without credentials', () => {
  fc.assert(
    fc.property(retailerAddresses, anyCountry, (destination, country) => {
      const original = new URL(destination);
      const page = recogniseRetailerPage(original);
      const { url, storefront } = localiseDestination(original, country);
      expect(['http:', 'https:']).toContain(url.protocol);
      expect([url.username, url.password, url.port]).toEqual(['', '', '']);
      expect(recogniseRetailerPage(url)?.retailer).toBe(page?.retailer);
      expect(storefront).toBe(recogniseRetailerPage(url)?.storefront);
      if (page?.retailer === 'Amazon') {
        const domain = url.hostname.replace(/^www\./, '');
        expect(url.hostname === original.hostname || domain in amazonStorefronts).toBe(true);
      } else {
        expect(url.hostname).toBe(original.hostname);
      }
    }),
  );
});

test('credentials never survive, even on a destination left as it was', () => {
  const { url } = localiseDestination(
    new URL(
      'https://reader:secret@www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128',
    ),
    'US',
  );
  expect(url.href).toBe('https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128');
});
