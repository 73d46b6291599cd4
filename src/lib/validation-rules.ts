import * as v from 'valibot';

// Every rule stops at its first failing step, so the author sees one message that names the
// actual problem instead of a follow-on complaint about the same value.
function firstIssueOnly<TSchema extends v.GenericSchema>(schema: TSchema): TSchema {
  return v.config(schema, { abortPipeEarly: true });
}

const EMAIL_MAX_LENGTH = 254;
// One plain mailbox, as the contract's `Email`: no display name, quoting, list or control character.
const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\]\\\p{Cc}]+@[^\s@"(),:;<>[\]\\\p{Cc}]+\.[^\s@"(),:;<>[\]\\\p{Cc}]+$/u;

export const emailSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter an e-mail address like name@example.com.'),
    v.trim(),
    v.nonEmpty('Enter your e-mail address.'),
    v.maxLength(
      EMAIL_MAX_LENGTH,
      `An e-mail address can be at most ${EMAIL_MAX_LENGTH} characters long.`,
    ),
    v.regex(EMAIL_PATTERN, 'Enter an e-mail address like name@example.com.'),
  ),
);

/**
 * The attributes of a field for text used exactly as typed (a web address, an id, a code, a
 * token): the keyboard neither capitalises nor corrects it, and the browser neither marks it as
 * misspelt nor offers earlier entries for it.
 */
export const verbatimFieldProps = {
  autoCapitalize: 'none',
  autoCorrect: 'off',
  autoComplete: 'off',
  spellCheck: false,
} as const;

/**
 * The attributes of a field for the user's own e-mail address: the browser offers its e-mail
 * keyboard and fills the address in, and the field takes no more than this rule allows.
 */
export const emailFieldProps = {
  type: 'email',
  autoComplete: 'email',
  maxLength: EMAIL_MAX_LENGTH,
} as const;

export const wholeNumberSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter a whole number, like 12.'),
    v.trim(),
    v.nonEmpty('Enter a number.'),
    v.check(
      (text) => !text.includes('.') && !text.includes(','),
      'Enter a whole number without a decimal point, like 12.',
    ),
    v.regex(/^\d+$/, 'Enter a whole number greater than 0, like 12.'),
    v.transform(Number),
    v.check((count) => count > 0, 'Enter a number greater than 0.'),
    v.check((count) => Number.isSafeInteger(count), 'That number is too large.'),
  ),
);

/** Removes hyphens and whitespace, and uppercases a trailing ISBN-10 check character `x`. */
export function normalizeIsbn(value: string): string {
  return value.replace(/[\s-]/g, '').replace(/x$/, 'X');
}

const ISBN_13_PATTERN = /^97[89]\d{10}$/;
const ISBN_10_PATTERN = /^\d{9}[\dX]$/;

export const isbnSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter an ISBN, like 978-0-306-40615-7.'),
    v.transform(normalizeIsbn),
    v.nonEmpty('Enter an ISBN, like 978-0-306-40615-7.'),
    v.check(
      (isbn) => ISBN_13_PATTERN.test(isbn) || ISBN_10_PATTERN.test(isbn),
      'Enter a 13-digit ISBN starting with 978 or 979, or a 10-character ISBN (the last may be X).',
    ),
  ),
);

const DESTINATION_URL_MAX_LENGTH = 2048;
const WEB_PAGE_ONLY_MESSAGE = 'A link must lead to a web page: use an http:// or https:// address.';
const DOMAIN_MESSAGE = 'Enter a full web address with a domain, like example.com.';
// SPEC §5 adds `https://` unless one of these schemes is given; ftp and ftps are then refused
// by the web-page rule, whose message says why.
const SCHEMES_KEPT_AS_TYPED: readonly string[] = ['http', 'https', 'ftp', 'ftps'];
const SCHEME_KEPT_AS_TYPED_PREFIX = /^(?:https?|ftps?):\/\//i;
const WEB_SCHEME_PREFIX = /^https?:\/\//i;
// A leading `name:` whose name has no dot is a scheme (`javascript:`, `mailto:`); with a dot it
// is a host followed by a port (`example.com:8080`), which gets `https://` like any bare host.
const LEADING_SCHEME = /^([a-z][a-z\d+.-]*):/i;
// The authority as typed: what follows `://` up to the path, query or fragment.
const TYPED_AUTHORITY = /^[a-z]+:\/\/([^/?#]*)/i;

/** Trims and adds `https://` unless the value already starts with an http(s) or ftp(s) scheme. */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  return SCHEME_KEPT_AS_TYPED_PREFIX.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function startsWithForeignScheme(value: string): boolean {
  const scheme = LEADING_SCHEME.exec(value.trim())?.[1];
  if (scheme === undefined || scheme.includes('.')) return false;
  return !SCHEMES_KEPT_AS_TYPED.includes(scheme.toLowerCase());
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function typedAuthority(url: string): string {
  return TYPED_AUTHORITY.exec(url)?.[1] ?? '';
}

// The URL standard reads a `\` as `/`, so `example.com:8080\book` would parse; the contract reads
// it as part of the host, so a backslash before the path is refused.
function isWellFormedUrl(url: string): boolean {
  return !typedAuthority(url).includes('\\') && parseUrl(url) !== undefined;
}

/** A dot between two non-empty parts: `example.com` or `192.168.0.1`, not `localhost` or `.com`. */
function isDottedHost(host: string): boolean {
  return /^[^.]+\..+$/s.test(host);
}

// The URL standard forgives what the contract's pattern refuses (`https:///example.com`,
// `https://@example.com`, `https://example%2Ecom`), so the host is checked as typed as well as
// parsed, and credentials as typed: the app then refuses every address the contract refuses.
function hasDottedTypedHost(url: string): boolean {
  return isDottedHost(typedAuthority(url).split(':')[0] ?? '');
}

// Both forms are limited: what the app sends grows when spaces and Unicode hosts are encoded, and
// an address too long for the contract stays refused when its serialised form is shorter.
function fitsMaxLength(url: string): boolean {
  return (
    url.length <= DESTINATION_URL_MAX_LENGTH &&
    new URL(url).href.length <= DESTINATION_URL_MAX_LENGTH
  );
}

/**
 * A link's destination, as the contract's `DestinationUrl` allows it: an http(s) address whose
 * host has a dot and that carries no user name or password. The output is the address as the URL
 * standard serialises it, so spaces and Unicode hosts are sent in one canonical form.
 */
export const destinationUrlSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter a web address, like https://example.com/my-book.'),
    v.trim(),
    v.nonEmpty('Enter a web address, like https://example.com/my-book.'),
    v.check((text) => !startsWithForeignScheme(text), WEB_PAGE_ONLY_MESSAGE),
    v.transform(normalizeUrl),
    v.check((text) => WEB_SCHEME_PREFIX.test(text), WEB_PAGE_ONLY_MESSAGE),
    v.check(
      (text) => !typedAuthority(text).includes('@'),
      'Remove the user name or password from the web address (the part before @).',
    ),
    v.check(hasDottedTypedHost, DOMAIN_MESSAGE),
    v.check(isWellFormedUrl, 'That does not look like a web address. Check it for typos.'),
    v.check((text) => isDottedHost(parseUrl(text)?.hostname ?? ''), DOMAIN_MESSAGE),
    v.check(
      fitsMaxLength,
      `A web address can be at most ${DESTINATION_URL_MAX_LENGTH} characters long.`,
    ),
    v.transform((text) => new URL(text).href),
  ),
);

/** The attributes of a field for a link's destination: an address, used as typed. */
export const destinationAddressProps = {
  ...verbatimFieldProps,
  maxLength: DESTINATION_URL_MAX_LENGTH,
} as const;

export const VANITY_CODE_MIN_LENGTH = 3;
export const VANITY_CODE_MAX_LENGTH = 22;
export const VANITY_CODE_TAKEN_MESSAGE =
  'Sorry, that url is already taken. Please try another one.';
const VANITY_CODE_ALPHABET_PATTERN = /^[A-Za-z\d_-]*$/;

/** Removes all whitespace. */
export function normalizeVanityCode(value: string): string {
  return value.replace(/\s/g, '');
}

export const vanityCodeSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter a custom ending for your link, or leave it empty.'),
    v.transform(normalizeVanityCode),
    v.regex(
      VANITY_CODE_ALPHABET_PATTERN,
      'Use only letters, digits, hyphens (-) and underscores (_) in a custom link.',
    ),
    v.check(
      (code) => code === '' || code.length >= VANITY_CODE_MIN_LENGTH,
      `A custom link needs at least ${VANITY_CODE_MIN_LENGTH} characters, or leave it empty.`,
    ),
    v.maxLength(
      VANITY_CODE_MAX_LENGTH,
      `A custom link can be at most ${VANITY_CODE_MAX_LENGTH} characters long.`,
    ),
  ),
);

export const DEVICE_MAKER_TOKEN_MAX_LENGTH = 64;

/** The `at` token of the device maker's services affiliate program. */
export const deviceMakerTokenSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter your Apple Services token. Copy yours from the partner dashboard.'),
    v.trim(),
    v.startsWith('1', 'Apple Services tokens start with 1. Copy yours from the partner dashboard.'),
    v.regex(
      /^\S*$/,
      'An Apple Services token has no spaces. Copy yours from the partner dashboard.',
    ),
    v.maxLength(
      DEVICE_MAKER_TOKEN_MAX_LENGTH,
      `An Apple Services token can be at most ${DEVICE_MAKER_TOKEN_MAX_LENGTH} characters long.`,
    ),
  ),
);
