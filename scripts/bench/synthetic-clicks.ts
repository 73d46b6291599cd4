// Clicks as an all-stores link's readers (and some bots) would make them, for measuring what
// reports cost as clicks grow: countries, referrers and stores with a long tail, the devices of
// the day, about 5 % bots and about 10 % of readers clicking again at once. Seeded, so every run
// writes the same clicks.
import type { ClickRecord } from '../../src/server/smart-links/click-facts.ts';

export type Random = () => number;

/** mulberry32: small, fast and good enough to spread synthetic clicks. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

type Weighted<T> = readonly (readonly [value: T, weight: number])[];

/** Chooses with probability proportional to weight. */
function chooser<T>(weighted: Weighted<T>): (random: Random) => T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  return (random) => {
    let left = random() * total;
    for (const [value, weight] of weighted) {
      left -= weight;
      if (left < 0) return value;
    }
    const last = weighted.at(-1);
    if (!last) throw new Error('Nothing to choose from');
    return last[0];
  };
}

/** Zipf's law, as audiences spread over countries and sites: the n-th gets 1/n of the first's share. */
function zipf<T>(values: readonly T[]): Weighted<T> {
  return values.map((value, index) => [value, 1 / (index + 1)] as const);
}

const chooseCountry = chooser<string | null>([
  ...zipf(
    [
      ['US', 'GB', 'CA', 'AU', 'DE', 'IN', 'FR', 'NL', 'IE', 'NZ', 'ES', 'IT', 'BR', 'MX'],
      ['SE', 'ZA', 'NG', 'PH', 'JP', 'SG', 'NO', 'DK', 'FI', 'BE', 'CH', 'AT', 'PL', 'PT'],
      ['GR', 'IL', 'AE', 'KE', 'MY', 'AR', 'CL', 'CO', 'KR', 'TW', 'HK', 'CZ'],
    ].flat(),
  ),
  [null, 0.15],
]);

const chooseReferrer = chooser<string | null>([
  ...zipf([
    'www.instagram.com',
    'www.facebook.com',
    't.co',
    'www.tiktok.com',
    'www.google.com',
    'www.goodreads.com',
    'linktr.ee',
    'l.facebook.com',
    'www.bookbub.com',
    'www.reddit.com',
    'mail.google.com',
    'www.pinterest.com',
    // Newsletters and blogs that mention the book once.
    ...Array.from({ length: 200 }, (_, index) => `reader-letters-${index + 1}.substack.com`),
  ]),
  [null, 2],
]);

const stores = [
  { store: 'amazon', retailer: 'Amazon', weight: 55, local: true },
  { store: 'apple-books', retailer: 'Apple Books', weight: 15, local: true },
  { store: 'kobo', retailer: 'Kobo', weight: 10, local: true },
  { store: 'barnes-noble', retailer: 'Barnes & Noble', weight: 8, local: false },
  { store: 'bookshop', retailer: 'Bookshop.org', weight: 6, local: false },
  { store: 'google-play', retailer: 'Google Play', weight: 6, local: true },
] as const;
const chooseStore = chooser(stores.map((store) => [store, store.weight] as const));

type Device = Pick<ClickRecord, 'device' | 'os' | 'browser'>;
const chooseDevice = chooser<Device>([
  [{ device: 'mobile', os: 'iOS', browser: 'Mobile Safari' }, 30],
  [{ device: 'mobile', os: 'iOS', browser: 'Instagram' }, 10],
  [{ device: 'mobile', os: 'Android', browser: 'Chrome' }, 18],
  [{ device: 'mobile', os: 'Android', browser: 'Facebook' }, 6],
  [{ device: 'tablet', os: 'iOS', browser: 'Mobile Safari' }, 5],
  [{ device: 'tablet', os: 'Android', browser: 'Chrome' }, 2],
  [{ device: 'desktop', os: 'Windows', browser: 'Chrome' }, 12],
  [{ device: 'desktop', os: 'Windows', browser: 'Edge' }, 4],
  [{ device: 'desktop', os: 'Mac OS', browser: 'Safari' }, 6],
  [{ device: 'desktop', os: 'Mac OS', browser: 'Chrome' }, 4],
  [{ device: 'desktop', os: 'Linux', browser: 'Firefox' }, 1],
  [{ device: null, os: null, browser: null }, 2],
]);

const botShare = 0.05;
const repeatShare = 0.1;

/** A visitor key as the host makes them: 128 bits, base64url. */
function visitorKeyFrom(random: Random): string {
  const words = Uint32Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32));
  return Buffer.from(words.buffer).toString('base64url');
}

type Reader = Pick<
  ClickRecord,
  'visitorKey' | 'country' | 'referrer' | 'device' | 'os' | 'browser'
>;

function newReader(random: Random): Reader {
  return {
    visitorKey: visitorKeyFrom(random),
    country: chooseCountry(random),
    referrer: chooseReferrer(random),
    ...chooseDevice(random),
  };
}

const botVisitor: Omit<Reader, 'visitorKey'> = {
  country: 'US',
  referrer: null,
  device: null,
  os: null,
  browser: null,
};

/**
 * `count` clicks on the link spread evenly over `from`–`to` (ms since the epoch), oldest first,
 * in batches of `batchSize`, as the host writes them (each batch a stretch of time).
 */
export function* syntheticClickBatches(
  random: Random,
  options: { linkId: string; count: number; from: number; to: number; batchSize: number },
): Generator<ClickRecord[]> {
  const { linkId, count, from, to, batchSize } = options;
  const spacingMs = (to - from) / count;
  let lastReader = newReader(random);
  for (let start = 0; start < count; start += batchSize) {
    const batch: ClickRecord[] = [];
    for (let index = start; index < Math.min(start + batchSize, count); index += 1) {
      const occurredAt = new Date(from + (index + random()) * spacingMs);
      const isBot = random() < botShare;
      if (!isBot && random() >= repeatShare) lastReader = newReader(random);
      const visitor = isBot ? { ...botVisitor, visitorKey: visitorKeyFrom(random) } : lastReader;
      const { store, retailer, local } = chooseStore(random);
      batch.push({
        linkId,
        occurredAt,
        traffic: isBot ? 'bot' : 'reader',
        ...visitor,
        retailer,
        storefront: local ? visitor.country : 'US',
        store,
      });
    }
    yield batch;
  }
}
