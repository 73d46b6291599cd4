// Ninety days of plausible clicks for the demo links: more at weekends and after a launch or a
// newsletter, readers mostly in English-speaking storefronts, most of them on phones, some
// clicking twice, and a few bots, link checkers and browser prefetches. A seeded generator
// makes every fresh demo the same.
import type { ClickRecord, ClickTraffic } from '../../smart-links/click-facts';
import type { DemoLink } from './demo-data';

const DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic generator (mulberry32), so the demo is the same on every start. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [choice, weight] of choices) {
    point -= weight;
    if (point <= 0) return choice;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('weighted() needs at least one choice');
  return last[0];
}

const COUNTRIES = [
  ['US', 44],
  ['GB', 15],
  ['CA', 8],
  ['AU', 7],
  ['DE', 5],
  ['IN', 4],
  ['IE', 3],
  ['NZ', 3],
  ['NL', 2],
  ['FR', 2],
  ['ZA', 2],
  ['SG', 1],
  ['NG', 1],
  ['SE', 1],
  ['JP', 1],
] as const;

const REFERRERS = [
  [null, 30],
  ['instagram.com', 18],
  ['facebook.com', 14],
  ['t.co', 7],
  ['tiktok.com', 9],
  ['goodreads.com', 8],
  ['mail.google.com', 6],
  ['bookbub.com', 4],
  ['substack.com', 4],
] as const;

const DEVICES = [
  ['mobile', 64],
  ['desktop', 30],
  ['tablet', 6],
] as const;

const SYSTEMS = {
  mobile: [
    ['iOS', 55],
    ['Android', 45],
  ],
  desktop: [
    ['Windows', 55],
    ['Mac OS', 40],
    ['Linux', 5],
  ],
  tablet: [
    ['iOS', 70],
    ['Android', 30],
  ],
} as const;

const BROWSERS = [
  ['Safari', 38],
  ['Chrome', 44],
  ['Firefox', 6],
  ['Edge', 5],
  ['Samsung Internet', 7],
] as const;

const TRAFFIC: readonly (readonly [ClickTraffic, number])[] = [
  ['reader', 94],
  ['bot', 3],
  ['prefetch', 2],
  ['head', 1],
];

/** The share of readers who click again within the hour, which is not a unique click. */
const REPEAT_SHARE = 0.14;
const MAX_REPEAT_DELAY_MS = 50 * 60 * 1000;

/** Retailers whose addresses carry a storefront; the others send everyone to one store. */
const LOCALISED_RETAILERS = new Set(['Amazon', 'Apple Books', 'Kobo', 'Google Play']);

/** Days ago of the demo's launch and newsletter days, when clicks jump. */
const SPIKES: readonly (readonly [number, number])[] = [
  [38, 4.5],
  [37, 2.4],
  [36, 1.6],
  [61, 2.2],
  [14, 2.8],
  [13, 1.5],
];

function dayFactor(daysAgo: number, date: Date): number {
  const weekday = date.getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
  const spike = SPIKES.find(([day]) => day === daysAgo)?.[1] ?? 1;
  // A slow rise over the 90 days, as an author's audience grows.
  const growth = 0.8 + (0.4 * (DAYS - daysAgo)) / DAYS;
  return weekend * spike * growth;
}

function visitorKey(random: () => number): string {
  return Math.floor(random() * 2 ** 52).toString(36);
}

/**
 * The clicks of one demo link over the last 90 days before `now`, oldest first, as the redirect
 * path records them: the click store decides which are unique.
 */
export function demoClicks(link: DemoLink, linkId: string, now: Date, seed: number): ClickRecord[] {
  const random = seededRandom(seed);
  const clicks: ClickRecord[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let daysAgo = Math.min(DAYS - 1, link.ageDays); daysAgo >= 0; daysAgo -= 1) {
    const dayStart = new Date(today - daysAgo * DAY_MS);
    const expected = link.dailyClicks * dayFactor(daysAgo, dayStart);
    const count = Math.max(0, Math.round(expected * (0.75 + random() * 0.5)));
    for (let index = 0; index < count; index += 1) {
      const occurredAt = new Date(dayStart.getTime() + Math.floor(random() * DAY_MS));
      if (occurredAt > now) continue;
      const country = weighted(random, COUNTRIES);
      const traffic = weighted(random, TRAFFIC);
      const device = weighted(random, DEVICES);
      // Bots and link checkers say nothing of a device, and come from nowhere.
      const isBrowser = traffic === 'reader' || traffic === 'prefetch';
      const click: ClickRecord = {
        linkId,
        occurredAt,
        traffic,
        country,
        referrer: isBrowser ? weighted(random, REFERRERS) : null,
        device: isBrowser ? device : null,
        os: isBrowser ? weighted(random, SYSTEMS[device]) : null,
        browser: isBrowser ? weighted(random, BROWSERS) : null,
        retailer: link.retailer,
        storefront: LOCALISED_RETAILERS.has(link.retailer) ? country : 'US',
        store: null,
        visitorKey: visitorKey(random),
      };
      clicks.push(click);
      const repeatedAt = new Date(occurredAt.getTime() + random() * MAX_REPEAT_DELAY_MS);
      if (traffic === 'reader' && random() < REPEAT_SHARE && repeatedAt <= now) {
        clicks.push({ ...click, occurredAt: repeatedAt });
        index += 1;
      }
    }
  }
  return clicks.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}
