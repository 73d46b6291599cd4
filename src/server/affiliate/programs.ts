// The affiliate programs, in one table that the programs list, the checks of a saved token and
// the tagging of redirects all read. A regional parameter is named `<parameter>_<COUNTRY>`
// (`tag_GB`) and tags only its own marketplace's addresses, under the program's name (`tag`).
import type { components } from '../../api/schema';
import type { FieldError } from '../http/api-problem';
import { amazonStorefronts, type Retailer } from '../products/retailers';
import { neighbouringAmazonMarketplaces } from '../smart-links/storefronts';

type AffiliateParameters = components['schemas']['AffiliateParameters'];
type StoredParameters = Readonly<Record<string, string>>;

export interface Marketplace {
  country: string;
  host: string;
  /** Every reader country the marketplace serves, its own first. */
  countries: readonly string[];
}

export interface ProgramParameter {
  name: string;
  /** The name an address carries the value under: `tag` for `tag_GB`. */
  addressName: string;
  label: string;
  /** The identifier of the program's default region. */
  required: boolean;
  marketplace: Marketplace | null;
  pattern: RegExp;
  maxLength: number;
  example: string;
  formatMessage: string;
}

export interface AffiliateProgram {
  guid: string;
  name: string;
  /** The retailer whose addresses carry the program's parameters. */
  retailer: Retailer;
  /** The name addresses carry the affiliate's identifier under; every token has one. */
  parameter: string;
  parameters: readonly ProgramParameter[];
}

const amazonTrackingId = {
  pattern: /^[A-Za-z0-9][A-Za-z0-9-]{0,60}-[0-9]{2}$/,
  maxLength: 64,
};

function amazonMarketplaceParameter([domain, country]: [string, string]): ProgramParameter {
  const servedFromHere = Object.entries(neighbouringAmazonMarketplaces)
    .filter(([, marketplace]) => marketplace === country)
    .map(([served]) => served);
  const example = country === 'US' ? 'mayaokafor-20' : 'mayaokafor-21';
  return {
    name: country === 'US' ? 'tag' : `tag_${country}`,
    addressName: 'tag',
    label: `Amazon${domain.slice('amazon'.length)} tracking ID`,
    required: country === 'US',
    marketplace: { country, host: `www.${domain}`, countries: [country, ...servedFromHere] },
    ...amazonTrackingId,
    example,
    formatMessage: `A tracking ID is letters, digits and hyphens ending in a hyphen and two digits, as in ${example}.`,
  };
}

const bookshopAffiliateId = {
  addressName: 'a_aid',
  pattern: /^[0-9]{1,10}$/,
  maxLength: 10,
  example: '48213',
  formatMessage: 'A Bookshop.org affiliate ID is up to 10 digits, as in 48213.',
};

const campaign = {
  required: false,
  marketplace: null,
  pattern: /^[A-Za-z0-9_-]{1,40}$/,
  maxLength: 40,
  example: 'shelflink',
  formatMessage: 'A campaign token has up to 40 letters, digits, hyphens and underscores.',
};

/** Every program a token can be saved for. */
export const affiliateProgramList: readonly AffiliateProgram[] = [
  {
    guid: '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
    name: 'Apple Services',
    retailer: 'Apple Books',
    parameter: 'at',
    parameters: [
      {
        name: 'at',
        addressName: 'at',
        label: 'Affiliate token',
        required: true,
        marketplace: null,
        pattern: /^1[A-Za-z0-9]{1,31}$/,
        maxLength: 32,
        example: '1010lqW7',
        formatMessage:
          'An affiliate token starts with 1 and has up to 32 letters and digits, as in 1010lqW7.',
      },
      // The campaign token the partner dashboard lets affiliates add to a link.
      { name: 'ct', addressName: 'ct', label: 'Campaign token', ...campaign },
    ],
  },
  {
    guid: '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07',
    name: 'Amazon Associates',
    retailer: 'Amazon',
    parameter: 'tag',
    // Associates earn only through each marketplace's own tracking ID.
    parameters: Object.entries(amazonStorefronts).map(amazonMarketplaceParameter),
  },
  {
    guid: '5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54',
    name: 'Bookshop.org',
    retailer: 'Bookshop.org',
    parameter: 'a_aid',
    parameters: [
      {
        name: 'a_aid',
        label: 'Bookshop.org affiliate ID',
        required: true,
        marketplace: { country: 'US', host: 'bookshop.org', countries: ['US'] },
        ...bookshopAffiliateId,
      },
      {
        name: 'a_aid_GB',
        label: 'uk.bookshop.org affiliate ID',
        required: false,
        marketplace: { country: 'GB', host: 'uk.bookshop.org', countries: ['GB'] },
        ...bookshopAffiliateId,
      },
    ],
  },
  {
    guid: '7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68',
    name: 'Rakuten Kobo',
    retailer: 'Kobo',
    parameter: 'siteId',
    parameters: [
      {
        // Rakuten Advertising's publisher site ID, optionally with the link's own suffix.
        name: 'siteId',
        addressName: 'siteId',
        label: 'Rakuten Advertising site ID',
        required: true,
        marketplace: null,
        pattern: /^[A-Za-z0-9]{11}(?:-[A-Za-z0-9]{22})?$/,
        maxLength: 34,
        example: 'AbC1dEfGh2I',
        formatMessage:
          'A site ID is 11 letters and digits, as in AbC1dEfGh2I, optionally followed by a hyphen and 22 more.',
      },
    ],
  },
  {
    guid: 'd6249c30-3c17-4ca3-b0a6-a54bc1af71cb',
    name: 'Barnes & Noble',
    retailer: 'Barnes & Noble',
    parameter: 'sourceId',
    parameters: [
      {
        // Designed here: the `sourceId` the author's B&N affiliate links carry, on the store's
        // own address rather than in an affiliate network's click URL.
        name: 'sourceId',
        addressName: 'sourceId',
        label: 'B&N source ID',
        required: true,
        marketplace: null,
        pattern: /^[A-Za-z0-9]{3,32}$/,
        maxLength: 32,
        example: 'AFFmayaokafor',
        formatMessage: 'A source ID has 3 to 32 letters and digits, as in AFFmayaokafor.',
      },
    ],
  },
  {
    guid: '80a4dbf2-92cf-4591-979b-11efb2a02ab4',
    name: 'Google Play',
    retailer: 'Google Play',
    parameter: 'PAffiliateID',
    parameters: [
      {
        // Designed here after Google Play's affiliate links: the affiliate's `PAffiliateID` and,
        // optionally, a campaign's `PCamRefID`.
        name: 'PAffiliateID',
        addressName: 'PAffiliateID',
        label: 'Affiliate ID',
        required: true,
        marketplace: null,
        pattern: /^[A-Za-z0-9]{4,32}$/,
        maxLength: 32,
        example: '110lmaya',
        formatMessage: 'An affiliate ID has 4 to 32 letters and digits, as in 110lmaya.',
      },
      { name: 'PCamRefID', addressName: 'PCamRefID', label: 'Campaign reference', ...campaign },
    ],
  },
];

/** The programs by GUID (lower-cased). */
export const affiliatePrograms: ReadonlyMap<string, AffiliateProgram> = new Map(
  affiliateProgramList.map((program) => [program.guid, program]),
);

export function findProgram(programGuid: string): AffiliateProgram | undefined {
  return affiliatePrograms.get(programGuid.toLowerCase());
}

/** Every program parameter, lower-cased (`tag`, `tag_gb`, `at`…), with what the value is. */
const programParameterNames: ReadonlyMap<string, { program: AffiliateProgram; label: string }> =
  new Map(
    affiliateProgramList.flatMap((program) =>
      program.parameters.flatMap(({ name, addressName, label }) =>
        [name, addressName].map((key) => [key.toLowerCase(), { program, label }] as const),
      ),
    ),
  );

/** The program whose parameter `name` is, in any letter case, with the parameter's label. */
export function programParameterNamed(
  name: string,
): { program: AffiliateProgram; label: string } | undefined {
  return programParameterNames.get(name.toLowerCase());
}

export function isValidValue(parameter: ProgramParameter, value: string): boolean {
  return value.length <= parameter.maxLength && parameter.pattern.test(value);
}

/** The stored values that fail their parameter's format, or that the program does not take. */
export function invalidParametersOf(program: AffiliateProgram, parameters: StoredParameters) {
  return Object.entries(parameters)
    .filter(([name, value]) => {
      const parameter = program.parameters.find((candidate) => candidate.name === name);
      return !parameter || !isValidValue(parameter, value);
    })
    .map(([name]) => name);
}

/** A token's parameters after a change: a value sent replaces the saved one, `""` removes it. */
export function mergeParameters(
  saved: StoredParameters,
  sent: AffiliateParameters,
): Record<string, string> {
  const changed = new Set(Object.keys(sent));
  return Object.fromEntries([
    ...Object.entries(saved).filter(([name]) => !changed.has(name)),
    ...Object.entries(sent).filter(([, value]) => value !== ''),
  ]);
}

/**
 * What is wrong with a change to a token: an unknown program, a parameter the program does not
 * take or a value without its format (each at `Parameters.<name>`), or a result without any
 * identifier, which would tag nowhere.
 */
export function tokenFieldErrors(
  programGuid: string,
  sent: AffiliateParameters,
  merged: StoredParameters,
): FieldError[] {
  const program = findProgram(programGuid);
  if (!program) {
    return [
      {
        fieldName: 'ProgramGuid',
        errorCode: 'UnknownProgram',
        message: 'There is no affiliate program with this id.',
      },
    ];
  }
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(sent)) {
    const parameter = program.parameters.find((candidate) => candidate.name === name);
    if (!parameter) {
      errors.push({
        fieldName: `Parameters.${name}`,
        errorCode: 'UnknownParameter',
        message: `${program.name} has no parameter \`${name}\`. It takes ${program.parameters.map((known) => `\`${known.name}\``).join(', ')}.`,
      });
    } else if (value !== '' && !isValidValue(parameter, value)) {
      errors.push({
        fieldName: `Parameters.${name}`,
        errorCode: 'Format',
        message: parameter.formatMessage,
      });
    }
  }
  const identifiers = program.parameters.filter(
    ({ addressName }) => addressName === program.parameter,
  );
  const identified = identifiers.some(({ name }) => (merged[name] ?? '') !== '');
  const required = identifiers.find((parameter) => parameter.required) ?? identifiers[0];
  if (errors.length === 0 && !identified && required) {
    const others = identifiers.length > 1 ? ' or another marketplace’s' : '';
    errors.push({
      fieldName: `Parameters.${required.name}`,
      errorCode: 'Required',
      message: `${program.name} needs your \`${required.name}\`${others}: a token must tag somewhere.`,
    });
  }
  return errors;
}

/** The value a redirect puts on an address of the program, and the parameter it comes from. */
export interface ProgramTag {
  parameter: string;
  value: string;
}

/**
 * The identifier parameter for an address on the storefront: the marketplace's own for a
 * program with marketplaces (none for a storefront it has no marketplace for), otherwise the one.
 */
export function identifierFor(
  program: AffiliateProgram,
  storefront: string | null,
): ProgramParameter | undefined {
  const identifiers = program.parameters.filter(
    ({ addressName }) => addressName === program.parameter,
  );
  if (identifiers.every(({ marketplace }) => marketplace === null)) return identifiers[0];
  return identifiers.find(({ marketplace }) => marketplace?.country === storefront);
}

/**
 * The query a token adds to an address of the program on the storefront: the identifier's
 * value and the optional values, each only when it has its format; nothing without an identifier.
 */
export function programQuery(
  program: AffiliateProgram,
  parameters: StoredParameters,
  storefront: string | null,
): { tag: ProgramTag | null; query: [string, string][] } {
  const identifier = identifierFor(program, storefront);
  const value = identifier && parameters[identifier.name];
  if (!identifier || value === undefined || !isValidValue(identifier, value)) {
    return { tag: null, query: [] };
  }
  const optional = program.parameters.flatMap((parameter): [string, string][] => {
    const optionalValue = parameters[parameter.name];
    return parameter.addressName !== program.parameter &&
      optionalValue !== undefined &&
      isValidValue(parameter, optionalValue)
      ? [[parameter.addressName, optionalValue]]
      : [];
  });
  return {
    tag: { parameter: identifier.name, value },
    query: [[program.parameter, value], ...optional],
  };
}
