import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  affiliateProgramList,
  identifierFor,
  isValidValue,
} from '../../src/server/affiliate/programs';
import { recogniseRetailerPage } from '../../src/server/products/retailers';
import type { SavedAffiliateToken } from '../../src/server/smart-links/affiliate-tags';
import type { ShortLink } from '../../src/server/smart-links/link-cache';
import { plainLinkRedirect } from '../../src/server/smart-links/link-redirect';

const retailerPages = [
  'https://www.amazon.com/dp/0593135202',
  'https://www.amazon.co.uk/dp/0593135202?psc=1',
  'https://www.amazon.de/dp/0593135202?tag=friend-21',
  'https://www.amazon.com.au/dp/0593135202',
  'https://www.amazon.fr/s?k=hail+mary',
  'https://books.apple.com/us/book/project-hail-mary/id1501232025?at=1000someone',
  'https://books.apple.com/gb/book/project-hail-mary/id1501232025',
  'https://www.kobo.com/us/en/ebook/project-hail-mary?siteId=Stranger000',
  'https://www.kobo.com/ww/en/ebook/project-hail-mary',
  'https://play.google.com/store/books/details?id=mKnDDwAAQBAJ',
  'https://bookshop.org/p/books/project-hail-mary-andy-weir/14987480?ean=9780593135204',
  'https://uk.bookshop.org/p/books/project-hail-mary-andy-weir/14987480?a_aid=999',
  'https://www.barnesandnoble.com/w/project-hail-mary-andy-weir/1137396128?ean=9780593135204',
  'https://maya-okafor.example/books/hail-mary?tag=mine-20',
];

const everyParameter = affiliateProgramList.flatMap(({ parameters }) => parameters);
/** Every name a program's value could appear under, regional names included. */
const affiliateNames = [
  ...new Set(everyParameter.flatMap(({ name, addressName }) => [name, addressName])),
];
const casedName = fc
  .tuple(
    fc.constantFrom(...everyParameter.map(({ name }) => name), 'utm_source', 'id', 'ean'),
    fc.boolean(),
  )
  .map(([name, upper]) => (upper ? name.toUpperCase() : name));
const anyName = fc.oneof(casedName, fc.string({ minLength: 1, maxLength: 8 }));
/** Values of every kind: valid for some program, with spaces, empty, or random. */
const anyValue = fc.oneof(
  fc.constantFrom(...everyParameter.map(({ example }) => example), 'a b-20', '', '1 x'),
  fc.string({ maxLength: 12 }),
);

const tokensArbitrary = fc
  .subarray([...affiliateProgramList])
  .chain((programs) =>
    fc.tuple(
      ...programs.map((program) =>
        fc
          .dictionary(fc.constantFrom(...program.parameters.map(({ name }) => name)), anyValue)
          .map((parameters): SavedAffiliateToken => ({ programGuid: program.guid, parameters })),
      ),
    ),
  );

const linkArbitrary = fc.record({
  url: fc.constantFrom(...retailerPages),
  localise: fc.boolean(),
  programsOff: fc.subarray(affiliateProgramList.map(({ guid }) => guid)),
  parameterKeyValues: fc.dictionary(anyName, fc.string({ minLength: 1, maxLength: 8 })),
  tokens: tokensArbitrary,
});

type LinkFields = typeof linkArbitrary extends fc.Arbitrary<infer Fields> ? Fields : never;

function shortLink(fields: LinkFields): ShortLink {
  return {
    id: 'lnk_property',
    ownerId: 1,
    code: 'property',
    isbn: null,
    title: '',
    author: '',
    coverImageUrl: null,
    retailer: recogniseRetailerPage(new URL(fields.url))?.retailer ?? '',
    storefront: null,
    allStores: false,
    disabled: false,
    disabledReason: null,
    deleted: false,
    expiresAt: null,
    expiryFallbackUrl: null,
    claimExpiresAt: null,
    ...fields,
  };
}

function valuesNamed(url: URL, name: string): string[] {
  return [...url.searchParams]
    .filter(([key]) => key.toLowerCase() === name.toLowerCase())
    .map(([, value]) => value);
}

/**
 * What the redirect must carry for each program parameter: the author's valid value for the
 * marketplace the reader lands on (and the program's valid optional values with it), when the
 * program pays for the address and is not switched off; nothing from anywhere else.
 */
function expectedAffiliateQuery(location: URL, link: ShortLink): Map<string, string[]> {
  const expected = new Map(affiliateNames.map((name) => [name.toLowerCase(), [] as string[]]));
  const page = recogniseRetailerPage(location);
  const program = affiliateProgramList.find(({ retailer }) => retailer === page?.retailer);
  if (!page || !program || link.programsOff.includes(program.guid)) return expected;
  const token = link.tokens.find(({ programGuid }) => programGuid === program.guid);
  const identifier = identifierFor(program, page.storefront);
  const value = identifier && token?.parameters[identifier.name];
  if (!identifier || value === undefined || !isValidValue(identifier, value)) return expected;
  expected.set(program.parameter.toLowerCase(), [value]);
  for (const parameter of program.parameters) {
    const optional = token?.parameters[parameter.name];
    if (parameter.addressName !== program.parameter && optional !== undefined) {
      if (isValidValue(parameter, optional)) {
        expected.set(parameter.addressName.toLowerCase(), [optional]);
      }
    }
  }
  return expected;
}

test("a redirect carries exactly the author's tag for the reader's marketplace, and nothing else's", () => {
  fc.assert(
    fc.property(
      linkArbitrary,
      fc.constantFrom(null, 'US', 'GB', 'IE', 'DE', 'AT', 'FR', 'CA', 'AU', 'NZ', 'JP', 'IN', 'BR'),
      fc.array(fc.tuple(anyName, anyValue), { maxLength: 6 }),
      (fields, country, readerEntries) => {
        const link = shortLink(fields);
        const { location } = plainLinkRedirect(link, country, new URLSearchParams(readerEntries));
        const url = new URL(location);
        for (const [name, values] of expectedAffiliateQuery(url, link)) {
          expect(valuesNamed(url, name), `${name} in ${location}`).toEqual(values);
        }
      },
    ),
    { numRuns: 400 },
  );
});
