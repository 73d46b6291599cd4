import { describe, expect, test } from 'vitest';
import {
  clickRecord,
  type ClickRequest,
  type RedirectOutcome,
} from '../../../src/server/smart-links/click-facts';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const iPadSafari =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const windowsChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const ip = '203.0.113.42';
const salt = 'salt-of-2026-11-21';
const outcome: RedirectOutcome = {
  linkId: 'lnk_salt-orchard',
  retailer: 'Amazon',
  storefront: 'GB',
  store: null,
};

function request(overrides: Partial<ClickRequest> = {}): ClickRequest {
  return {
    method: 'GET',
    headers: { 'user-agent': iPhoneSafari },
    ip,
    country: 'GB',
    occurredAt: new Date('2026-11-21T09:00:00Z'),
    ...overrides,
  };
}

const trafficOf = (overrides: Partial<ClickRequest>) =>
  clickRecord(request(overrides), outcome, salt).traffic;

describe('a click record', () => {
  test("describes a reader's click from a phone without keeping the address", () => {
    const click = clickRecord(
      request({
        headers: {
          'user-agent': iPhoneSafari,
          referer: 'https://l.instagram.com/?u=https%3A%2F%2Fshelf.to%2Fsalt-orchard',
        },
      }),
      { ...outcome, store: 'kobo' },
      salt,
    );

    expect(click).toEqual({
      linkId: 'lnk_salt-orchard',
      occurredAt: new Date('2026-11-21T09:00:00Z'),
      traffic: 'reader',
      country: 'GB',
      referrer: 'l.instagram.com',
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      retailer: 'Amazon',
      storefront: 'GB',
      store: 'kobo',
      visitorKey: expect.stringMatching(/^[\w-]{22}$/) as string,
    });
    expect(JSON.stringify(click)).not.toContain(ip);
  });

  test('names tablets and computers', () => {
    const tablet = clickRecord(request({ headers: { 'user-agent': iPadSafari } }), outcome, salt);
    const computer = clickRecord(
      request({ headers: { 'user-agent': windowsChrome } }),
      outcome,
      salt,
    );

    expect(tablet).toMatchObject({ device: 'tablet', os: 'iOS' });
    expect(computer).toMatchObject({ device: 'desktop', os: 'Windows', browser: 'Chrome' });
  });

  test('tells bots, HEAD requests and prefetches from readers', () => {
    expect(trafficOf({ headers: { 'user-agent': 'Twitterbot/1.0' } })).toBe('bot');
    expect(trafficOf({ headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } })).toBe('bot');
    expect(trafficOf({ headers: { 'user-agent': '' } })).toBe('bot');
    expect(trafficOf({ headers: {} })).toBe('bot');
    expect(trafficOf({ method: 'HEAD' })).toBe('head');
    expect(trafficOf({ method: 'HEAD', headers: { 'user-agent': 'Twitterbot/1.0' } })).toBe('head');
    expect(
      trafficOf({ headers: { 'user-agent': windowsChrome, 'sec-purpose': 'prefetch;prerender' } }),
    ).toBe('prefetch');
    expect(trafficOf({ headers: { 'user-agent': windowsChrome, purpose: 'prefetch' } })).toBe(
      'prefetch',
    );
    expect(trafficOf({ headers: { 'user-agent': windowsChrome, 'x-moz': 'prefetch' } })).toBe(
      'prefetch',
    );
    expect(trafficOf({ headers: { 'user-agent': windowsChrome, purpose: 'preview' } })).toBe(
      'reader',
    );
  });

  test('keeps only the host of an http or https referrer', () => {
    const referrerOf = (referer: string | undefined) =>
      clickRecord(request({ headers: { 'user-agent': iPhoneSafari, referer } }), outcome, salt)
        .referrer;

    expect(referrerOf('https://www.goodreads.com:443/book/show/1?ref=x')).toBe('www.goodreads.com');
    expect(referrerOf('http://T.CO/abc')).toBe('t.co');
    expect(referrerOf(undefined)).toBeNull();
    expect(referrerOf('')).toBeNull();
    expect(referrerOf('not a page')).toBeNull();
    expect(referrerOf('android-app://com.google.android.gm/')).toBeNull();
    expect(referrerOf('ftp://files.example.com/')).toBeNull();
  });

  test('keeps a country only when it is a two-letter code', () => {
    const countryOf = (country: string | null) =>
      clickRecord(request({ country }), outcome, salt).country;

    expect(countryOf('gb')).toBe('GB');
    expect(countryOf('USA')).toBeNull();
    expect(countryOf(null)).toBeNull();
  });

  test("gives a visitor the same key for the day's salt and a new one with the next", () => {
    const keyOf = (overrides: Partial<ClickRequest>, daySalt = salt) =>
      clickRecord(request(overrides), outcome, daySalt).visitorKey;

    expect(keyOf({})).toBe(keyOf({ method: 'HEAD', country: null }));
    expect(keyOf({})).not.toBe(keyOf({}, 'salt-of-2026-11-22'));
    expect(keyOf({})).not.toBe(keyOf({ ip: '203.0.113.43' }));
    expect(keyOf({})).not.toBe(keyOf({ headers: { 'user-agent': iPadSafari } }));
  });

  test('gives a remembered visitor the key a new one would get, across a change of salt', () => {
    const keyOf = (daySalt: string) => clickRecord(request({}), outcome, daySalt).visitorKey;
    const today = keyOf(salt);
    const tomorrow = keyOf('salt-of-2026-11-22');

    expect(keyOf(salt)).toBe(today);
    expect(keyOf('salt-of-2026-11-22')).toBe(tomorrow);
    expect(tomorrow).not.toBe(today);
  });
});
