import type { components } from '../../api/schema';
import type { FieldError } from '../http/api-problem';
import type { Retailer } from '../products/retailers';

type AffiliateParameters = components['schemas']['AffiliateParameters'];

export interface AffiliateProgram {
  name: string;
  /** The retailer whose addresses carry the program's parameters. */
  retailer: Retailer;
  /** The parameter the program identifies its affiliates by; every token has it. */
  parameter: string;
  /** Parameters a token may have besides, added to the address when saved. */
  optionalParameters: readonly string[];
  /** Formats an optional parameter must have, with what to say when it does not. */
  parameterFormats?: Readonly<Record<string, { pattern: RegExp; message: string }>>;
}

/** The programs a token can be saved for, by GUID (lower-cased). */
export const affiliatePrograms: ReadonlyMap<string, AffiliateProgram> = new Map([
  [
    '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
    // `ct` is the campaign token the partner dashboard lets affiliates add to a link.
    {
      name: 'Apple Services',
      retailer: 'Apple Books',
      parameter: 'at',
      optionalParameters: ['ct'],
      // As the Apple Services settings hold it (the contract's AppleServicesSettings).
      parameterFormats: {
        ct: {
          pattern: /^[A-Za-z0-9_-]{0,40}$/,
          message: 'A campaign token has up to 40 letters, digits, hyphens and underscores.',
        },
      },
    },
  ],
  [
    '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07',
    // Tracking ids belong to one marketplace: `tag` is amazon.com's, `tag_GB`, `tag_DE`… others'.
    { name: 'Amazon Associates', retailer: 'Amazon', parameter: 'tag', optionalParameters: [] },
  ],
  [
    '5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54',
    { name: 'Bookshop.org', retailer: 'Bookshop.org', parameter: 'a_aid', optionalParameters: [] },
  ],
  [
    '7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68',
    { name: 'Rakuten Kobo', retailer: 'Kobo', parameter: 'siteId', optionalParameters: [] },
  ],
  [
    'd6249c30-3c17-4ca3-b0a6-a54bc1af71cb',
    // Designed here: the `sourceId` the author's B&N affiliate links carry. Redirects stay on
    // the store's own host, so it goes on the B&N address, not in an affiliate network's click URL.
    {
      name: 'Barnes & Noble',
      retailer: 'Barnes & Noble',
      parameter: 'sourceId',
      optionalParameters: [],
    },
  ],
  [
    '80a4dbf2-92cf-4591-979b-11efb2a02ab4',
    // Designed here after Google Play's affiliate links: the affiliate's `PAffiliateID` and,
    // optionally, a campaign's `PCamRefID`.
    {
      name: 'Google Play',
      retailer: 'Google Play',
      parameter: 'PAffiliateID',
      optionalParameters: ['PCamRefID'],
    },
  ],
]);

/**
 * What is wrong with a token for the program: an unknown program, or parameters without the one
 * the program identifies its affiliates by. The contract's schema has already checked `at`.
 */
export function tokenFieldErrors(
  programGuid: string,
  parameters: AffiliateParameters,
): FieldError[] {
  const program = affiliatePrograms.get(programGuid.toLowerCase());
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
  if (!parameters[program.parameter]?.trim()) {
    errors.push({
      fieldName: `Parameters.${program.parameter}`,
      errorCode: 'Required',
      message: `${program.name} needs your \`${program.parameter}\` value.`,
    });
  }
  for (const [name, { pattern, message }] of Object.entries(program.parameterFormats ?? {})) {
    const value = parameters[name];
    if (value !== undefined && !pattern.test(value)) {
      errors.push({ fieldName: `Parameters.${name}`, errorCode: 'Format', message });
    }
  }
  return errors;
}
