import * as v from 'valibot';

// Every rule stops at its first failing step, so the author sees one message that names the
// actual problem instead of a follow-on complaint about the same value.
function firstIssueOnly<TSchema extends v.GenericSchema>(schema: TSchema): TSchema {
  return v.config(schema, { abortPipeEarly: true });
}

export const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

export const DESTINATION_URL_MAX_LENGTH = 2048;
const ALLOWED_URL_SCHEMES = ['http', 'https', 'ftp', 'ftps'] as const;
const ALLOWED_URL_PROTOCOLS: readonly string[] = ALLOWED_URL_SCHEMES.map((scheme) => `${scheme}:`);
const ALLOWED_SCHEME_PREFIX = /^(?:https?|ftps?):\/\//i;
// A leading `name:` whose name has no dot is a scheme (`javascript:`, `mailto:`); with a dot it
// is a host followed by a port (`example.com:8080`), which gets `https://` like any bare host.
const LEADING_SCHEME = /^([a-z][a-z\d+.-]*):/i;

/** Trims and adds `https://` unless the value already starts with an http(s) or ftp(s) scheme. */
export function normalizeUrl(value: string): string {
  const trimmed = value.trim();
  return ALLOWED_SCHEME_PREFIX.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function startsWithForbiddenScheme(value: string): boolean {
  const scheme = LEADING_SCHEME.exec(value.trim())?.[1];
  if (scheme === undefined || scheme.includes('.')) return false;
  return !(ALLOWED_URL_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function hasOrigin(url: URL): boolean {
  // The URL standard gives ftps: no origin (it is not a "special" scheme), so for ftps a host
  // stands in for the origin.
  return url.origin !== 'null' || (url.protocol === 'ftps:' && url.hostname !== '');
}

export const destinationUrlSchema = firstIssueOnly(
  v.pipe(
    v.string('Enter a web address, like https://example.com/my-book.'),
    v.trim(),
    v.nonEmpty('Enter a web address, like https://example.com/my-book.'),
    v.check(
      (text) => !startsWithForbiddenScheme(text),
      'Links must start with http://, https://, ftp:// or ftps://.',
    ),
    v.transform(normalizeUrl),
    v.maxLength(
      DESTINATION_URL_MAX_LENGTH,
      `A web address can be at most ${DESTINATION_URL_MAX_LENGTH} characters long.`,
    ),
    v.check(
      (text) => text.includes('.'),
      'Enter a full web address with a domain, like example.com.',
    ),
    v.check(
      (text) => parseUrl(text) !== undefined,
      'That does not look like a web address. Check it for typos.',
    ),
    v.check(
      (text) => ALLOWED_URL_PROTOCOLS.includes(parseUrl(text)?.protocol ?? ''),
      'Links must start with http://, https://, ftp:// or ftps://.',
    ),
    v.check((text) => {
      const url = parseUrl(text);
      return url !== undefined && hasOrigin(url) && url.hostname.includes('.');
    }, 'Enter a full web address with a domain, like example.com.'),
    v.check((text) => {
      const url = parseUrl(text);
      return url !== undefined && url.username === '' && url.password === '';
    }, 'Remove the user name or password from the web address (the part before @).'),
  ),
);

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
    v.maxLength(
      DEVICE_MAKER_TOKEN_MAX_LENGTH,
      `An Apple Services token can be at most ${DEVICE_MAKER_TOKEN_MAX_LENGTH} characters long.`,
    ),
  ),
);
