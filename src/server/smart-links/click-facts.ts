// What a short-link redirect records about its visitor: the kind of traffic, where they came
// from and on what, and a key that recognises the same visitor again that day without keeping
// their address.
import { isbot } from 'isbot';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import UAParser from 'ua-parser-js';
import type { clickTraffic } from '../db/schema';
import { memoizeBounded } from './bounded-memo';

export type ClickTraffic = (typeof clickTraffic)[number];

export interface ClickRequest {
  method: string;
  headers: IncomingHttpHeaders;
  /** The visitor's address: hashed into the visitor key, never kept. */
  ip: string;
  /** ISO 3166-1 alpha-2, as worked out from the address; null when unknown. */
  country: string | null;
  occurredAt: Date;
}

/** Where the redirect sent the visitor. */
export interface RedirectOutcome {
  linkId: string;
  retailer: string;
  storefront: string | null;
  /** The store the reader chose on an all-stores page; null for a direct redirect. */
  store: string | null;
}

/** A click as it is stored, less whether it is unique, which the click store decides. */
export interface ClickRecord {
  linkId: string;
  occurredAt: Date;
  traffic: ClickTraffic;
  country: string | null;
  /** The referring page's host; null for a direct visit. */
  referrer: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  retailer: string;
  storefront: string | null;
  store: string | null;
  visitorKey: string;
}

/** A time's UTC day as `YYYY-MM-DD`: the day a click is rolled up under and salted for. */
export function utcDay(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** 128 bits: collisions between a link's visitors within an hour are out of reach. */
const visitorKeyBytes = 16;

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function isPrefetch(headers: IncomingHttpHeaders): boolean {
  return (
    /^prefetch\b/i.test(headerValue(headers, 'sec-purpose')) ||
    /^prefetch$/i.test(headerValue(headers, 'purpose')) ||
    /^prefetch$/i.test(headerValue(headers, 'x-moz'))
  );
}

type UserAgentFacts = Pick<ClickRecord, 'device' | 'os' | 'browser'> & { isBot: boolean };

function userAgentFactsOf(userAgent: string): UserAgentFacts {
  if (userAgent === '') return { isBot: true, device: null, os: null, browser: null };
  const { device, os, browser } = new UAParser(userAgent).getResult();
  // ua-parser-js names no device type for computers: a recognised system or browser is one.
  const isRecognised = os.name !== undefined || browser.name !== undefined;
  return {
    isBot: isbot(userAgent),
    device: device.type ?? (isRecognised ? 'desktop' : null),
    os: os.name ?? null,
    browser: browser.name ?? null,
  };
}

/** Readers arrive on a few thousand browsers' user agents; parsing one costs tens of µs. */
const userAgentFacts = memoizeBounded(userAgentFactsOf, { maxEntries: 5000 });

// A HEAD is a link checker whatever its user agent says, and a prefetch comes from a reader's
// browser that may never show the page, so both are told apart before bots.
function trafficOf(method: string, headers: IncomingHttpHeaders, isBot: boolean): ClickTraffic {
  if (method.toUpperCase() === 'HEAD') return 'head';
  if (isPrefetch(headers)) return 'prefetch';
  if (isBot) return 'bot';
  return 'reader';
}

function referrerHost(referrer: string): string | null {
  if (!URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : null;
}

function keyedHash(salt: string, visitor: string): string {
  return createHmac('sha256', salt)
    .update(visitor)
    .digest()
    .subarray(0, visitorKeyBytes)
    .toString('base64url');
}

/**
 * The keys of the day's most recent visitors, so that a visitor's burst of clicks is hashed
 * once. Their addresses stay in this process's memory only, and go with the day's salt.
 */
let recentVisitorKeys: { salt: string; keyOf: (visitor: string) => string } | undefined;

/** The same visitor and day give the same key; a new day's salt gives every visitor a new one. */
function visitorKey(ip: string, userAgent: string, salt: string): string {
  if (recentVisitorKeys?.salt !== salt) {
    const keyOf = memoizeBounded((visitor) => keyedHash(salt, visitor), { maxEntries: 1000 });
    recentVisitorKeys = { salt, keyOf };
  }
  return recentVisitorKeys.keyOf(`${ip}\n${userAgent}`);
}

/** The click to store for a redirect, with `salt` the visitor salt of the click's UTC day. */
export function clickRecord(
  request: ClickRequest,
  outcome: RedirectOutcome,
  salt: string,
): ClickRecord {
  const userAgent = headerValue(request.headers, 'user-agent');
  const { isBot, device, os, browser } = userAgentFacts(userAgent);
  // A malformed code would fail the whole batch on the `char(2)` column.
  const country = /^[a-z]{2}$/i.test(request.country ?? '') ? request.country : null;
  return {
    linkId: outcome.linkId,
    occurredAt: request.occurredAt,
    traffic: trafficOf(request.method, request.headers, isBot),
    country: country?.toUpperCase() ?? null,
    referrer: referrerHost(headerValue(request.headers, 'referer')),
    device,
    os,
    browser,
    retailer: outcome.retailer,
    storefront: outcome.storefront,
    store: outcome.store,
    visitorKey: visitorKey(request.ip, userAgent, salt),
  };
}
