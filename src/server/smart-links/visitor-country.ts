// The country a short link's reader is in, for sending them to their own store: what the CDN in
// front of the server says, else the region of their preferred language, else, when configured,
// a MaxMind-format database's answer for their address. Addresses are looked up, never kept.
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { Reader, type CountryResponse } from 'mmdb-lib';
import { countryCode } from '../products/retailers';
import { memoizeBounded } from './bounded-memo';

export interface VisitorCountrySources {
  /** The header the CDN puts the visitor's country in. */
  countryHeader?: string;
  /** A MaxMind-format (`.mmdb`) country or city database. */
  geoDatabasePath?: string;
}

export interface Visitor {
  /** Request headers by lower-case name, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  ip: string;
}

/** Codes CDNs send for "no country": Cloudflare's `XX` and CLDR's `ZZ`. Tor's `T1` isn't letters. */
const unknownCountries: ReadonlySet<string> = new Set(['XX', 'ZZ']);

function knownCountry(code: string | null | undefined): string | null {
  const country = countryCode(code?.trim());
  return country && !unknownCountries.has(country) ? country : null;
}

/** The country a CDN's header names, such as `CF-IPCountry: GB`. */
export function countryFromCdnHeader(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? knownCountry(value) : null;
}

/** `q` per RFC 9110: 0 to 1 with up to three decimals. A range without one has q = 1. */
function quality(parameters: string[]): number | undefined {
  const q = parameters.find((parameter) => /^\s*q\s*=/i.test(parameter));
  if (q === undefined) return 1;
  const value = q.slice(q.indexOf('=') + 1).trim();
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : undefined;
}

function languageRegion(tag: string): string | null {
  try {
    return knownCountry(new Intl.Locale(tag.trim()).region);
  } catch {
    return null;
  }
}

/**
 * The region of the most preferred language range that names one: `fr, en-GB;q=0.8` gives GB.
 * Numeric regions (`es-419`) are not countries; ranges with q = 0 are refused, not preferred.
 */
export function countryFromAcceptLanguage(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  let best: { country: string; q: number } | undefined;
  for (const range of value.split(',')) {
    const [tag = '', ...parameters] = range.split(';');
    const q = quality(parameters);
    const country = languageRegion(tag);
    if (country && q !== undefined && q > 0 && q > (best?.q ?? 0)) best = { country, q };
  }
  return best?.country ?? null;
}

/** IPv4 addresses arrive IPv4-mapped (`::ffff:192.0.2.1`) on a dual-stack socket. */
function plainAddress(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** A visitor's country: an upper-case ISO 3166-1 alpha-2 code, or null when unknown. */
export type FindCountry = (visitor: Visitor) => string | null;

/** Readers send a few hundred distinct `Accept-Language` values; each parse costs microseconds. */
const rememberedAcceptLanguageCountry = memoizeBounded(countryFromAcceptLanguage, {
  maxEntries: 2000,
});

/**
 * The visitor-country finder, with the MaxMind-format database read first when one is
 * configured, so that a missing or unreadable file stops the server at start.
 */
export async function openVisitorCountryFinder({
  countryHeader = 'CF-IPCountry',
  geoDatabasePath,
}: VisitorCountrySources = {}): Promise<FindCountry> {
  const reader =
    geoDatabasePath === undefined
      ? undefined
      : new Reader<CountryResponse>(await readFile(geoDatabasePath));
  const headerName = countryHeader.toLowerCase();

  return ({ headers, ip }) => {
    const language = headers['accept-language'];
    const fromHeaders =
      countryFromCdnHeader(headers[headerName]) ??
      (typeof language === 'string' ? rememberedAcceptLanguageCountry(language) : null);
    if (fromHeaders !== null || reader === undefined) return fromHeaders;
    const address = plainAddress(ip);
    const version = isIP(address);
    if (version === 0) return null;
    // An IPv4-only database's tree is 32 levels deep; it has no answer for an IPv6 address.
    if (version > reader.metadata.ipVersion) return null;
    return knownCountry(reader.get(address)?.country?.iso_code);
  };
}
