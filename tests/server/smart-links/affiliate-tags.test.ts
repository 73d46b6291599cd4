import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { affiliatePrograms, tokenFieldErrors } from '../../../src/server/affiliate/programs';
import {
  tagDestination,
  type DestinationToTag,
  type SavedAffiliateToken,
} from '../../../src/server/smart-links/affiliate-tags';
import { localiseDestination } from '../../../src/server/smart-links/storefronts';

const APPLE_SERVICES = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
const AMAZON_ASSOCIATES = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const BOOKSHOP_ORG = '5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54';
const RAKUTEN_KOBO = '7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68';
const BARNES_AND_NOBLE = 'd6249c30-3c17-4ca3-b0a6-a54bc1af71cb';
const GOOGLE_PLAY = '80a4dbf2-92cf-4591-979b-11efb2a02ab4';
const UNSUPPORTED = '00000000-0000-0000-0000-000000000000';

const everyProgram = [...affiliatePrograms.keys()];

const tokens: SavedAffiliateToken[] = [
  { programGuid: APPLE_SERVICES, parameters: { at: '1010lqW7', ct: 'newsletter' } },
  {
    programGuid: AMAZON_ASSOCIATES,
    parameters: { tag: 'mayaokafor-20', tag_GB: 'mayaokafor-21', tag_DE: 'mayaokafor0c-21' },
  },
  { programGuid: BOOKSHOP_ORG, parameters: { a_aid: '48213' } },
  { programGuid: RAKUTEN_KOBO, parameters: { siteId: 'AbC1dEfGh2I' } },
  { programGuid: BARNES_AND_NOBLE, parameters: { sourceId: 'AFFmayaokafor' } },
  { programGuid: GOOGLE_PLAY, parameters: { PAffiliateID: '110lmaya', PCamRefID: 'launch' } },
];

function tagging(overrides: Partial<DestinationToTag> = {}): DestinationToTag {
  return {
    destination: new URL('https://books.apple.com/us/book/project-hail-mary/id1501232025'),
    tokens,
    programsOff: [],
    parameterKeyValues: {},
    readerQuery: new URLSearchParams(),
    ...overrides,
  };
}

function tag(destination: string, overrides: Partial<DestinationToTag> = {}): string {
  return tagDestination(tagging({ ...overrides, destination: new URL(destination) })).href;
}

test.each([
  [
    'https://www.amazon.com/dp/0593135202',
    'https://www.amazon.com/dp/0593135202?tag=mayaokafor-20',
  ],
  [
    'https://www.amazon.co.uk/dp/0593135202',
    'https://www.amazon.co.uk/dp/0593135202?tag=mayaokafor-21',
  ],
  [
    'https://www.amazon.de/dp/0593135202',
    'https://www.amazon.de/dp/0593135202?tag=mayaokafor0c-21',
  ],
  // No French tracking id saved: amazon.com's would earn nothing there, so none.
  ['https://www.amazon.fr/dp/0593135202', 'https://www.amazon.fr/dp/0593135202'],
  [
    'https://books.apple.com/us/book/project-hail-mary/id1501232025',
    'https://books.apple.com/us/book/project-hail-mary/id1501232025?at=1010lqW7&ct=newsletter',
  ],
  [
    'https://www.kobo.com/us/en/ebook/project-hail-mary',
    'https://www.kobo.com/us/en/ebook/project-hail-mary?siteId=AbC1dEfGh2I',
  ],
  [
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ&gl=GB',
    'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ&gl=GB&PAffiliateID=110lmaya&PCamRefID=launch',
  ],
  [
    'https://bookshop.org/p/books/project-hail-mary-andy-weir/14987480?ean=9780593135204',
    'https://bookshop.org/p/books/project-hail-mary-andy-weir/14987480?ean=9780593135204&a_aid=48213',
  ],
  [
    'https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128?ean=9780593135204',
    'https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128?ean=9780593135204&sourceId=AFFmayaokafor',
  ],
  ['https://maya-okafor.example/books/hail-mary', 'https://maya-okafor.example/books/hail-mary'],
])('%s → %s', (destination, expected) => {
  expect(tag(destination)).toBe(expected);
});

describe('programs', () => {
  const amazon = 'https://www.amazon.com/dp/0593135202';

  test('a program switched off for the link adds nothing', () => {
    expect(tag(amazon, { programsOff: [AMAZON_ASSOCIATES] })).toBe(amazon);
    expect(tag(amazon, { programsOff: [APPLE_SERVICES, BOOKSHOP_ORG] })).toBe(
      `${amazon}?tag=mayaokafor-20`,
    );
  });

  test('the Unsupported program adds nothing, even with values saved under it', () => {
    expect(
      tag(amazon, {
        tokens: [{ programGuid: UNSUPPORTED, parameters: { tag: 'stranger-20' } }],
      }),
    ).toBe(amazon);
  });

  test('a program without a saved token adds nothing', () => {
    expect(tag(amazon, { tokens: tokens.filter((t) => t.programGuid !== AMAZON_ASSOCIATES) })).toBe(
      amazon,
    );
  });

  test('a token without the value its program needs adds nothing, not even the optional ones', () => {
    const apple = 'https://books.apple.com/gb/book/project-hail-mary/id1501232025';
    const campaignOnly = [{ programGuid: APPLE_SERVICES, parameters: { at: ' ', ct: 'spring' } }];
    expect(tag(apple, { tokens: campaignOnly })).toBe(apple);
  });

  test('GUIDs match whatever their case', () => {
    expect(tag(amazon, { programsOff: [AMAZON_ASSOCIATES.toUpperCase()] })).toBe(amazon);
  });

  test('a stored value without its format is never sent', () => {
    const spaced = [{ programGuid: AMAZON_ASSOCIATES, parameters: { tag: 'maya okafor-20' } }];
    expect(tag(amazon, { tokens: spaced })).toBe(amazon);
  });

  test("the author's id replaces one the destination already had, whatever its case", () => {
    expect(tag(`${amazon}?TAG=friend-20&tag=other-20&psc=1`)).toBe(
      `${amazon}?psc=1&tag=mayaokafor-20`,
    );
  });

  test('follows the storefront the localised address serves', () => {
    const { url } = localiseDestination(new URL(amazon), 'AT');
    expect(tagDestination(tagging({ destination: url })).href).toBe(
      'https://www.amazon.de/dp/0593135202?tag=mayaokafor0c-21',
    );
  });
});

test.each([...affiliatePrograms])(
  'a token for %s is checked for the value its program needs',
  (guid, { parameters }) => {
    const [identifier] = parameters;
    if (!identifier) throw new Error('A program has an identifier');
    const valid = { [identifier.name]: identifier.example };
    expect(tokenFieldErrors(guid.toUpperCase(), valid, valid)).toEqual([]);
    expect(tokenFieldErrors(guid, {}, {})).toMatchObject([
      { fieldName: `Parameters.${identifier.name}`, errorCode: 'Required' },
    ]);
    expect(tokenFieldErrors(guid, { [identifier.name]: 'a b' }, {})).toMatchObject([
      { fieldName: `Parameters.${identifier.name}`, errorCode: 'Format' },
    ]);
  },
);

describe("the link's parameters and the reader's", () => {
  const apple = 'https://books.apple.com/us/book/project-hail-mary/id1501232025';

  test("the link's own parameters are added, but never over the token's", () => {
    expect(tag(apple, { parameterKeyValues: { ct: 'spring-launch', utm_medium: 'social' } })).toBe(
      `${apple}?at=1010lqW7&ct=newsletter&utm_medium=social`,
    );
  });

  test("the reader's other parameters pass through, duplicates and all", () => {
    const readerQuery = new URLSearchParams('utm_source=newsletter&utm_source=footer&fbclid=Iw');
    expect(tag(apple, { readerQuery })).toBe(
      `${apple}?at=1010lqW7&ct=newsletter&utm_source=newsletter&utm_source=footer&fbclid=Iw`,
    );
  });

  test("a reader's affiliate values change nothing", () => {
    const readerQuery = new URLSearchParams('at=stranger&AT=stranger&ct=x');
    expect(tag(apple, { readerQuery })).toBe(`${apple}?at=1010lqW7&ct=newsletter`);
  });

  test("a reader's parameter doesn't override the link's own", () => {
    const readerQuery = new URLSearchParams('utm_source=reader&UTM_SOURCE=reader');
    expect(tag(apple, { readerQuery, parameterKeyValues: { utm_source: 'author' } })).toBe(
      `${apple}?at=1010lqW7&ct=newsletter&utm_source=author`,
    );
  });

  test("a reader can't smuggle in a tag, even where the link carries no program", () => {
    const amazon = 'https://www.amazon.co.uk/dp/0593135202';
    const readerQuery = new URLSearchParams('tag=x-21&tag=y-21&Tag=z-21&a_aid=x&siteId=x');
    expect(tag(amazon, { readerQuery })).toBe(`${amazon}?tag=mayaokafor-21`);
    expect(tag(amazon, { readerQuery, programsOff: [AMAZON_ASSOCIATES] })).toBe(amazon);
  });

  test("a reader can't change which book the destination names", () => {
    const playBook = 'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ';
    expect(
      tag(playBook, { readerQuery: new URLSearchParams('id=other&ID=other'), tokens: [] }),
    ).toBe(playBook);
  });
});

const destinations = fc.constantFrom(
  'https://www.amazon.com/dp/0593135202',
  'http://amazon.co.uk/Project-Hail-Mary/dp/0593135202?ref_=x&tag=friend-21',
  'https://books.apple.com/us/book/project-hail-mary/id1501232025',
  'https://books.apple.com/book/id1501232025?at=someone',
  'https://www.kobo.com/us/en/ebook/project-hail-mary',
  'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ',
  'https://bookshop.org/p/books/project-hail-mary-andy-weir/14987480?ean=9780593135204',
  'https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128?ean=9780593135204',
  'https://maya-okafor.example/books/hail-mary?tag=mine-20',
);
const countries = fc.oneof(
  fc.constantFrom(null, 'US', 'GB', 'DE', 'AT', 'FR', 'JP', 'NZ'),
  fc.stringMatching(/^[A-Z]{2}$/),
);
const protectedNames = [
  'at',
  'ct',
  'tag',
  'a_aid',
  'siteId',
  'sourceId',
  'PAffiliateID',
  'PCamRefID',
];
const readerKey = fc.oneof(
  fc
    .tuple(fc.constantFrom(...protectedNames, 'utm_source', 'id', 'ean', 'gl'), fc.boolean())
    .map(([name, upper]) => (upper ? name.toUpperCase() : name)),
  fc.string({ maxLength: 8 }),
);
const readerQueries = fc
  .array(fc.tuple(readerKey, fc.string({ maxLength: 12 })), { maxLength: 8 })
  .map((entries) => new URLSearchParams(entries));
const linkPrograms = fc.subarray([...everyProgram, UNSUPPORTED]);
const linkParameters = fc.dictionary(
  fc.constantFrom('utm_source', 'utm_campaign', 'ct'),
  fc.string({ minLength: 1, maxLength: 8 }),
);

function valuesNamed(url: URL, name: string): string[] {
  return [...url.searchParams]
    .filter(([key]) => key.toLowerCase() === name.toLowerCase())
    .map(([, value]) => value);
}

test('the result is the same http(s) host, and no reader query changes what the author set', () => {
  fc.assert(
    fc.property(
      destinations,
      countries,
      linkPrograms,
      linkParameters,
      readerQueries,
      (destination, country, programs, parameterKeyValues, readerQuery) => {
        const { url: localised } = localiseDestination(new URL(destination), country);
        const base = {
          destination: localised,
          tokens,
          programsOff: programs,
          parameterKeyValues,
        };
        const withoutReader = tagDestination({ ...base, readerQuery: new URLSearchParams() });
        const result = tagDestination({ ...base, readerQuery });
        expect(['http:', 'https:']).toContain(result.protocol);
        expect(result.host).toBe(localised.host);
        expect(result.pathname).toBe(localised.pathname);
        for (const name of new Set([...protectedNames, ...withoutReader.searchParams.keys()])) {
          expect(valuesNamed(result, name)).toEqual(valuesNamed(withoutReader, name));
        }
      },
    ),
  );
});
