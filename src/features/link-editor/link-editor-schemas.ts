import * as v from 'valibot';
import type { components } from '@/api/schema';
import {
  destinationUrlSchema,
  deviceMakerTokenSchema,
  emailSchema,
  isbnSchema,
  normalizeVanityCode,
  vanityCodeSchema,
} from '@/lib/validation-rules';
import {
  AFFILIATE_PROGRAMS,
  DEVICE_MAKER_PARAMETER_NAME,
  DEVICE_MAKER_PROGRAM_GUID,
  UNSUPPORTED_PROGRAM_GUID,
} from '@/lib/affiliate-programs';

export type CreateLinkRequest = components['schemas']['CreateLinkRequest'];
export type SignupRequest = components['schemas']['SignupRequest'];

export const DESTINATION_REQUIRED_MESSAGE =
  "Paste a link to your book's page at a store, or type its ISBN.";
export const PREVIEW_UNAVAILABLE_MESSAGE =
  'We could not read that page; you can still create the link.';
export const ISBN_NOT_FOUND_MESSAGE =
  "We could not find a book with that ISBN. Check the number, or paste a link to the book's page instead.";
export const ISBN_LENGTH_MESSAGE =
  "An ISBN has 10 or 13 digits. Check the number, or paste a link to the book's page instead.";

/** What the author typed into the destination field, understood. */
export type Destination =
  | { kind: 'empty' }
  | { kind: 'isbn'; isbn: string }
  | { kind: 'url'; url: string }
  | { kind: 'invalid'; message: string };

const ISBN_LIKE = /^(?:\d{10}|\d{13}|\d{9}[Xx])$/;
/** Digits (an ISBN-10 may end in X), hyphens and spaces only: meant as an ISBN, whatever its length. */
const ISBN_ATTEMPT = /^\d+[Xx]?$/;

/** Digits only, 10 or 13 long (or 9 digits and an X), once hyphens and spaces are removed. */
export function looksLikeIsbn(text: string): boolean {
  return ISBN_LIKE.test(text.replace(/[\s-]/g, ''));
}

function firstMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues[0]?.message ?? DESTINATION_REQUIRED_MESSAGE;
}

/** An ISBN is checked as an ISBN; anything else as a web address. */
export function parseDestination(text: string): Destination {
  if (text.trim() === '') return { kind: 'empty' };
  if (looksLikeIsbn(text)) {
    const result = v.safeParse(isbnSchema, text);
    return result.success
      ? { kind: 'isbn', isbn: result.output }
      : { kind: 'invalid', message: firstMessage(result.issues) };
  }
  if (ISBN_ATTEMPT.test(text.replace(/[\s-]/g, ''))) {
    return { kind: 'invalid', message: ISBN_LENGTH_MESSAGE };
  }
  const result = v.safeParse(destinationUrlSchema, text);
  return result.success
    ? { kind: 'url', url: result.output }
    : { kind: 'invalid', message: firstMessage(result.issues) };
}

export const destinationSchema = v.pipe(
  v.string(DESTINATION_REQUIRED_MESSAGE),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const destination = parseDestination(dataset.value);
    if (destination.kind === 'empty') addIssue({ message: DESTINATION_REQUIRED_MESSAGE });
    if (destination.kind === 'invalid') addIssue({ message: destination.message });
  }),
);

/** Whether an address is a book's page on Apple Books, the one store an Apple Services token pays on. */
export function isAppleBooksUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const { hostname, pathname } = new URL(url);
    return (
      hostname === 'books.apple.com' ||
      (hostname === 'itunes.apple.com' && pathname.includes('/book/'))
    );
  } catch {
    return false;
  }
}

/** What is wrong with a custom ending's format or length; undefined when nothing is. */
export function vanityCodeFormatError(code: string): string | undefined {
  const result = v.safeParse(vanityCodeSchema, code);
  return result.success ? undefined : result.issues[0].message;
}

export const MAX_PARAMETERS = 20;
export const PARAMETER_KEY_MAX_LENGTH = 64;
export const PARAMETER_VALUE_MAX_LENGTH = 256;
const PARAMETER_KEY_PATTERN = /^[A-Za-z0-9_.-]+$/;

export interface ParameterRow {
  /** Keys the row on screen, so removing a row keeps the others' inputs. Never sent. */
  id: string;
  key: string;
  value: string;
}

/** A parameter name with any letter case and any marketplace suffix (`tag_GB`, `a_aid_de`) folded away. */
function parameterFamily(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/_[a-z]{2}$/, '');
}

/** A program as far as its parameter names go: the app's own list, or the server's (`listAffiliatePrograms`). */
interface ProgramParameterNames {
  name: string;
  parameters: readonly { name: string }[];
}

/**
 * The affiliate program that sets a parameter of this name from the author's Affiliate settings;
 * an extra parameter of that name would override the author's own value, so a link cannot carry one.
 */
export function programSettingParameter(
  key: string,
  programs: readonly ProgramParameterNames[] = AFFILIATE_PROGRAMS,
): { programName: string } | undefined {
  const family = parameterFamily(key);
  if (family === '') return undefined;
  const program = programs.find((candidate) =>
    candidate.parameters.some((parameter) => parameterFamily(parameter.name) === family),
  );
  return program && { programName: program.name };
}

export function programParameterMessage(key: string, programName: string): string {
  return `${programName} adds ${key.trim()} from your Affiliate settings. Set its value there, not on one link.`;
}

const listFormat = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * What an author is told when the destination address itself carries program parameters
 * (`?tag=someone-20`, `at=`): the redirect never passes those on, but puts the author's own
 * saved value for the reader's marketplace in their place at each click, or none. Undefined
 * for an address without any, or one that is not a web address yet.
 */
export function addressProgramParametersWarning(
  address: string,
  programs: readonly ProgramParameterNames[] = AFFILIATE_PROGRAMS,
): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  const names = new Map<string, string>();
  const programNames = new Set<string>();
  for (const name of url.searchParams.keys()) {
    const program = programSettingParameter(name, programs);
    if (!program || names.has(name.toLowerCase())) continue;
    names.set(name.toLowerCase(), name);
    programNames.add(program.programName);
  }
  if (names.size === 0) return undefined;
  const several = names.size > 1;
  return `The address's ${listFormat.format(names.values())} ${several ? 'are' : 'is'} replaced at each click by your saved ${listFormat.format(programNames)} ${programNames.size > 1 ? 'tokens' : 'token'}, or left out where you have none. Set ${several ? 'them' : 'it'} in Settings > Affiliate tokens.`;
}

function isBlankRow(row: ParameterRow): boolean {
  return row.key.trim() === '' && row.value.trim() === '';
}

const parameterRowSchema = v.pipe(
  v.object({
    id: v.string(),
    key: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        PARAMETER_KEY_MAX_LENGTH,
        `A parameter name can be at most ${PARAMETER_KEY_MAX_LENGTH} characters long.`,
      ),
      v.check(
        (key) => key === '' || PARAMETER_KEY_PATTERN.test(key),
        'Use only letters, digits, dots (.), hyphens (-) and underscores (_) in a parameter name.',
      ),
    ),
    value: v.pipe(
      v.string(),
      v.maxLength(
        PARAMETER_VALUE_MAX_LENGTH,
        `A parameter value can be at most ${PARAMETER_VALUE_MAX_LENGTH} characters long.`,
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['key'], ['value']],
      (row) => row.key !== '' || row.value.trim() === '',
      'Give this parameter a name, or remove the row.',
    ),
    ['key'],
  ),
);

export const parametersSchema = v.pipe(
  v.array(parameterRowSchema),
  v.maxLength(MAX_PARAMETERS, `A link can carry at most ${MAX_PARAMETERS} extra parameters.`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const rows = dataset.value;
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (row.key === '') return;
      const path: [v.ArrayPathItem, v.ObjectPathItem] = [
        { type: 'array', origin: 'value', input: rows, key: index, value: row },
        { type: 'object', origin: 'value', input: row, key: 'key', value: row.key },
      ];
      const program = programSettingParameter(row.key);
      if (program)
        addIssue({ message: programParameterMessage(row.key, program.programName), path });
      else if (seen.has(row.key))
        addIssue({ message: 'This parameter name is already used above.', path });
      seen.add(row.key);
    });
  }),
);

/** The rows the author filled in, as the `parameterKeyValues` of a link. Blank rows are left out. */
export function toParameterKeyValues(rows: readonly ParameterRow[]): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    parameters[row.key.trim()] = row.value;
  }
  return parameters;
}

export interface LinkEditorValues {
  /** The destination as typed: a retailer address or an ISBN. Named like the API field so server field errors land here. */
  url: string;
  code: string;
  /** The programs the author picked; null until they change the choice, which means every saved program. */
  affiliatePrograms: string[] | null;
  parameters: ParameterRow[];
  /** Readers go to the store for their own country. */
  localise: boolean;
  /** The short link opens a page listing every store instead of going to the destination. */
  allStores: boolean;
}

export const emptyLinkEditorValues: LinkEditorValues = {
  url: '',
  code: '',
  affiliatePrograms: null,
  parameters: [],
  localise: true,
  allStores: false,
};

export const linkEditorSchema = v.object({
  url: destinationSchema,
  code: vanityCodeSchema,
  affiliatePrograms: v.nullable(v.array(v.string())),
  parameters: parametersSchema,
  localise: v.boolean(),
  allStores: v.boolean(),
});

/**
 * The create request: `code` only when one was chosen. `savedPrograms` are the programs the author
 * has tokens for (none when signed out); those the author unticked are switched off for the link,
 * and every other program tags it, programs the author adds a token for later too.
 */
export function toCreateLinkRequest(
  values: LinkEditorValues,
  destinationUrl: string,
  savedPrograms: readonly string[],
): CreateLinkRequest {
  const code = normalizeVanityCode(values.code);
  const picked = values.affiliatePrograms ?? savedPrograms;
  return {
    url: destinationUrl,
    ...(code === '' ? {} : { code }),
    parameterKeyValues: toParameterKeyValues(values.parameters),
    programsOff: savedPrograms.filter((program) => !picked.includes(program)),
    localise: values.localise,
    allStores: values.allStores,
  };
}

export interface ClaimLinkValues {
  email: string;
  appleServicesToken: string;
}

/** Optional: blank is fine, anything else must be a valid Apple Services `at` token. */
export const optionalDeviceMakerTokenSchema = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.trim() === '') return;
    const result = v.safeParse(deviceMakerTokenSchema, dataset.value);
    if (!result.success) addIssue({ message: firstMessage(result.issues) });
  }),
);

export const claimLinkSchema = v.object({
  email: emailSchema,
  appleServicesToken: optionalDeviceMakerTokenSchema,
});

/** The sign-up that claims an unclaimed link; `at` is sent only when the visitor gave one. */
export function toSignupRequest(
  values: ClaimLinkValues,
  link: { url: string; code: string; claimKey: string },
): SignupRequest {
  const token = values.appleServicesToken.trim();
  return {
    email: values.email.trim(),
    url: link.url,
    code: link.code,
    claimKey: link.claimKey,
    affiliateProgramGuid: token === '' ? UNSUPPORTED_PROGRAM_GUID : DEVICE_MAKER_PROGRAM_GUID,
    affiliateParameters: token === '' ? {} : { [DEVICE_MAKER_PARAMETER_NAME]: token },
  };
}
