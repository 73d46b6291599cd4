import * as v from 'valibot';
import { $api } from '@/api/query-client';
import { deviceMakerTokenSchema } from '@/lib/validation-rules';

/** One value a program adds to the retailer links, such as Amazon's `tag`. */
interface AffiliateParameter {
  /** The query parameter name the retailer reads. */
  name: string;
  label: string;
  description: string;
  placeholder: string;
  schema: v.GenericSchema<string, string>;
}

/** A retailer's affiliate program that Shelflink can add tokens for. */
export interface AffiliateProgram {
  guid: string;
  name: string;
  /** One sentence about what the program pays for. */
  summary: string;
  /** Where an author joins the program; only given where we know the retailer's own page. */
  signUpUrl?: string;
  parameters: readonly AffiliateParameter[];
}

/** The 'Unsupported' program: links to retailers no program covers. It never takes a token. */
export const UNSUPPORTED_PROGRAM_GUID = '00000000-0000-0000-0000-000000000000';
export const UNSUPPORTED_PROGRAM_NAME = 'Unsupported program';

export const DEVICE_MAKER_PROGRAM_GUID = '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10';
export const DEVICE_MAKER_PARAMETER_NAME = 'at';
export const DEVICE_MAKER_SIGN_UP_URL = 'https://performance-partners.apple.com/';

/**
 * The server's programs (`listAffiliatePrograms`): every parameter a token can hold, with its
 * label, marketplace and format, region variants included. It changes only with a release.
 */
export const affiliateProgramsQueryOptions = () =>
  $api.queryOptions('get', '/v1/affiliate-programs', {}, { staleTime: Infinity });

/** The contract's limit on any one parameter value. */
export const AFFILIATE_PARAMETER_MAX_LENGTH = 128;

function parameterValueSchema(rules: {
  emptyMessage: string;
  pattern: RegExp;
  patternMessage: string;
}): v.GenericSchema<string, string> {
  return v.config(
    v.pipe(
      v.string(rules.emptyMessage),
      v.trim(),
      v.nonEmpty(rules.emptyMessage),
      v.maxLength(
        AFFILIATE_PARAMETER_MAX_LENGTH,
        `This can be at most ${AFFILIATE_PARAMETER_MAX_LENGTH} characters long.`,
      ),
      v.regex(rules.pattern, rules.patternMessage),
    ),
    { abortPipeEarly: true },
  );
}

const AMAZON_TRACKING_ID_PATTERN = /^[A-Za-z0-9-]+-2[0-9]$/;

export const AFFILIATE_PROGRAMS: readonly AffiliateProgram[] = [
  {
    guid: DEVICE_MAKER_PROGRAM_GUID,
    name: 'Apple Services',
    summary: 'Earn commission on readers who buy your books on Apple Books.',
    signUpUrl: DEVICE_MAKER_SIGN_UP_URL,
    parameters: [
      {
        name: DEVICE_MAKER_PARAMETER_NAME,
        label: 'Affiliate token (at)',
        description: 'Your token from the Apple Services partner dashboard. It starts with 1.',
        placeholder: '1010lqW7',
        schema: v.config(
          v.pipe(
            v.string('Enter your Apple Services token.'),
            v.trim(),
            v.nonEmpty('Enter your Apple Services token. Copy yours from the partner dashboard.'),
            deviceMakerTokenSchema,
          ),
          { abortPipeEarly: true },
        ),
      },
    ],
  },
  {
    guid: '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07',
    name: 'Amazon Associates',
    summary: 'Earn commission on readers who buy your books, or anything else, on Amazon.',
    signUpUrl: 'https://affiliate-program.amazon.com/',
    parameters: [
      {
        name: 'tag',
        label: 'Tracking ID (tag)',
        description:
          'Your store or tracking ID from Amazon Associates Central: a name, a hyphen and two digits.',
        placeholder: 'mayaokafor-20',
        schema: parameterValueSchema({
          emptyMessage: 'Enter your Amazon tracking ID, like mayaokafor-20.',
          pattern: AMAZON_TRACKING_ID_PATTERN,
          patternMessage:
            'An Amazon tracking ID is letters, digits or hyphens, then a hyphen and two digits starting with 2, like mayaokafor-20.',
        }),
      },
    ],
  },
  {
    guid: '5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54',
    name: 'Bookshop.org',
    summary: 'Earn commission while supporting independent bookshops.',
    parameters: [
      {
        name: 'a_aid',
        label: 'Affiliate ID (a_aid)',
        description: 'Your affiliate ID from the Bookshop.org affiliate dashboard.',
        placeholder: 'mayaokafor',
        schema: parameterValueSchema({
          emptyMessage: 'Enter your Bookshop.org affiliate ID.',
          pattern: /^[A-Za-z0-9]+$/,
          patternMessage:
            'A Bookshop.org affiliate ID has only letters and digits, with no spaces or symbols.',
        }),
      },
    ],
  },
  {
    guid: '7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68',
    name: 'Rakuten Kobo',
    summary: 'Earn commission on ebook and audiobook sales in the Kobo store.',
    parameters: [
      {
        name: 'siteId',
        label: 'Site ID (siteId)',
        description: 'Your site ID from the Rakuten Advertising dashboard.',
        placeholder: 'AbC1dEfGh2I-jKlMnOpQrStUvWxYz',
        schema: parameterValueSchema({
          emptyMessage: 'Enter your Rakuten site ID.',
          pattern: /^[A-Za-z0-9._-]+$/,
          patternMessage:
            'A Rakuten site ID has only letters, digits, dots, hyphens and underscores.',
        }),
      },
    ],
  },
];

/** The supported program with this id; undefined for the 'Unsupported' program or an unknown id. */
export function findAffiliateProgram(guid: string): AffiliateProgram | undefined {
  return AFFILIATE_PROGRAMS.find((program) => program.guid === guid);
}

/** Validates a program's parameters together, keyed by parameter name. */
export function parametersSchema(program: AffiliateProgram) {
  const entries: Record<string, v.GenericSchema<string, string>> = {};
  for (const parameter of program.parameters) entries[parameter.name] = parameter.schema;
  return v.object(entries);
}
