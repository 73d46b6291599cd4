import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { clickDailyCounts, type clickDimensions } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import { utcDay, type ClickTraffic } from '../smart-links/click-facts';
import { retailerOfRollupValue } from '../smart-links/click-store';
import type { LinkRow } from './link-records';

type Schemas = components['schemas'];
type LinkReport = Schemas['LinkReport'];

const dayMs = 24 * 60 * 60 * 1000;
const defaultRangeDays = 30;
/** The contract's limit on `clicksOverTime`. */
const maxRangeDays = 366;
/** CLDR's code for an unknown region, for clicks whose country or storefront was not known. */
const unknownRegion = 'ZZ';
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export interface ReportRange {
  /** First and last day, inclusive, as `YYYY-MM-DD` in UTC. */
  from: string;
  to: string;
}

/** The days asked for: `to` defaults to today and `from` to 30 days ending on `to` (UTC). */
export function reportRange(query: { from?: string; to?: string }, now: Date): ReportRange {
  const to = query.to ?? utcDay(now.getTime());
  const from = query.from ?? utcDay(Date.parse(to) - (defaultRangeDays - 1) * dayMs);
  const days = (Date.parse(to) - Date.parse(from)) / dayMs + 1;
  if (days < 1) {
    throw ApiProblem.invalid([
      { fieldName: 'To', errorCode: 'Range', message: 'The last day comes before the first.' },
    ]);
  }
  if (days > maxRangeDays) {
    throw ApiProblem.invalid([
      {
        fieldName: 'From',
        errorCode: 'Range',
        message: `A report covers at most ${maxRangeDays} days.`,
      },
    ]);
  }
  return { from, to };
}

type DailyClicks = Schemas['DailyClicks'];
type RetailerClicks = Schemas['RetailerClicks'];
type CountryClicks = Schemas['CountryClicks'];
type ReferrerClicks = Schemas['ReferrerClicks'];
type ClickDimension = (typeof clickDimensions)[number];

/** The optional parts of a link's report: clicks by device and chosen store, and left out. */
export type LinkReportExtras = Required<
  Pick<LinkReport, 'byDevice' | 'byStore' | 'excludedClicks'>
>;

/** A collection's report, less the collection's id. */
export type CollectionReport = Omit<Schemas['CollectionReport'], 'id'>;

interface ValueClicks {
  dimension: ClickDimension;
  value: string;
  recorded: number;
  counted: number;
}

/** A visitor's repeats on a link within the hour count once: the counted clicks are unique. */
const countedClicks = sql<number>`sum(${clickDailyCounts.uniqueClicks})`.mapWith(Number);
const readerTrafficRows = and(
  eq(clickDailyCounts.dimension, 'traffic'),
  eq(clickDailyCounts.value, 'reader' satisfies ClickTraffic),
);

function rolledUpOver(linkIds: string[], range: ReportRange) {
  return and(
    inArray(clickDailyCounts.linkId, linkIds),
    between(clickDailyCounts.day, range.from, range.to),
  );
}

/** Counted clicks per day of the range, days without clicks included. */
async function countedClicksPerDay(
  db: Database,
  linkIds: string[],
  range: ReportRange,
): Promise<DailyClicks[]> {
  const rows = await db
    .select({ day: clickDailyCounts.day, clicks: countedClicks })
    .from(clickDailyCounts)
    .where(and(rolledUpOver(linkIds, range), readerTrafficRows))
    .groupBy(clickDailyCounts.day);
  const clicksByDay = new Map(rows.map((row) => [row.day, row.clicks]));
  const clicksOverTime = [];
  for (let time = Date.parse(range.from); time <= Date.parse(range.to); time += dayMs) {
    const date = utcDay(time);
    clicksOverTime.push({ date, clicks: clicksByDay.get(date) ?? 0 });
  }
  return clicksOverTime;
}

/** Recorded and counted clicks over the range per value of each dimension. */
function clicksPerValue(
  db: Database,
  linkIds: string[],
  range: ReportRange,
  dimensions: ClickDimension[],
): Promise<ValueClicks[]> {
  return db
    .select({
      dimension: clickDailyCounts.dimension,
      value: clickDailyCounts.value,
      recorded: sql<number>`sum(${clickDailyCounts.clicks})`.mapWith(Number),
      counted: countedClicks,
    })
    .from(clickDailyCounts)
    .where(and(rolledUpOver(linkIds, range), inArray(clickDailyCounts.dimension, dimensions)))
    .groupBy(clickDailyCounts.dimension, clickDailyCounts.value);
}

function byClicksDescending<Row extends { clicks: number }>(
  rows: Row[],
  label: (row: Row) => string,
): Row[] {
  return rows.sort((a, b) => b.clicks - a.clicks || label(a).localeCompare(label(b)));
}

/** The values of a dimension with counted clicks, and their counts. */
function countedValuesOf(
  counts: ValueClicks[],
  dimension: ClickDimension,
): { value: string; clicks: number }[] {
  return counts
    .filter((count) => count.dimension === dimension && count.counted > 0)
    .map(({ value, counted }) => ({ value, clicks: counted }));
}

function retailerBreakdown(counts: ValueClicks[]): RetailerClicks[] {
  const rows = countedValuesOf(counts, 'retailer').map(({ value, clicks }) => {
    const { retailer, storefront } = retailerOfRollupValue(value);
    return { retailer: retailer || 'Other', storefront: storefront ?? unknownRegion, clicks };
  });
  return byClicksDescending(rows, (row) => row.retailer + row.storefront).slice(0, 100);
}

function countryBreakdown(counts: ValueClicks[]): CountryClicks[] {
  const rows = countedValuesOf(counts, 'country').map(({ value, clicks }) => {
    const countryCode = value || unknownRegion;
    return { countryCode, country: countryNames.of(countryCode) ?? countryCode, clicks };
  });
  return byClicksDescending(rows, (row) => row.countryCode).slice(0, 250);
}

function referrerBreakdown(counts: ValueClicks[]): ReferrerClicks[] {
  const rows = countedValuesOf(counts, 'referrer').map(({ value, clicks }) => ({
    referrer: value || 'direct',
    clicks,
  }));
  return byClicksDescending(rows, (row) => row.referrer).slice(0, 50);
}

const totalOf = (clicksOverTime: DailyClicks[]) =>
  clicksOverTime.reduce((total, { clicks }) => total + clicks, 0);

/**
 * A link's counted clicks over the range (unique reader clicks: bots, HEAD requests, prefetches
 * and repeats left out), per day and by retailer and storefront, country and referrer. Read
 * from the daily roll-ups, so its cost grows with the days and values in the range, not with
 * the clicks.
 */
export async function linkReport(
  db: Database,
  link: LinkRow,
  range: ReportRange,
): Promise<Omit<LinkReport, 'shortUrl'>> {
  const [clicksOverTime, counts] = await Promise.all([
    countedClicksPerDay(db, [link.id], range),
    clicksPerValue(db, [link.id], range, ['retailer', 'country', 'referrer']),
  ]);
  return {
    domain: link.domain,
    code: link.code,
    baseCode: link.baseCode,
    ...range,
    totalClicks: totalOf(clicksOverTime),
    clicksOverTime,
    byRetailer: retailerBreakdown(counts),
    byCountry: countryBreakdown(counts),
    byReferrer: referrerBreakdown(counts),
  };
}

/** A link's counted clicks by device and by chosen store, and the clicks left out. */
export async function linkReportExtras(
  db: Database,
  link: Pick<LinkRow, 'id'>,
  range: ReportRange,
): Promise<LinkReportExtras> {
  const counts = await clicksPerValue(db, [link.id], range, ['traffic', 'device', 'store']);
  const ofTraffic = (traffic: ClickTraffic) =>
    counts.find(({ dimension, value }) => dimension === 'traffic' && value === traffic);
  const byDevice = countedValuesOf(counts, 'device').map(({ value, clicks }) => ({
    device: value || 'unknown',
    clicks,
  }));
  // The short-link host records the contract's store ids.
  const byStore = countedValuesOf(counts, 'store').map(({ value, clicks }) => ({
    store: value as Schemas['StoreId'],
    clicks,
  }));
  return {
    byDevice: byClicksDescending(byDevice, (row) => row.device),
    byStore: byClicksDescending(byStore, (row) => row.store),
    excludedClicks: {
      bots: ofTraffic('bot')?.recorded ?? 0,
      head: ofTraffic('head')?.recorded ?? 0,
      prefetch: ofTraffic('prefetch')?.recorded ?? 0,
      repeats: (ofTraffic('reader')?.recorded ?? 0) - (ofTraffic('reader')?.counted ?? 0),
    },
  };
}

/**
 * The counted clicks of a collection's links over the range: per day, per link, and by retailer
 * and storefront and country, read from the daily roll-ups as for one link.
 */
export async function collectionReport(
  db: Database,
  linkIds: string[],
  range: ReportRange,
): Promise<CollectionReport> {
  const [clicksOverTime, perLink, counts] = await Promise.all([
    countedClicksPerDay(db, linkIds, range),
    db
      .select({ linkId: clickDailyCounts.linkId, clicks: countedClicks })
      .from(clickDailyCounts)
      .where(and(rolledUpOver(linkIds, range), readerTrafficRows))
      .groupBy(clickDailyCounts.linkId),
    clicksPerValue(db, linkIds, range, ['retailer', 'country']),
  ]);
  const clicksByLink = new Map(perLink.map((row) => [row.linkId, row.clicks]));
  return {
    ...range,
    totalClicks: totalOf(clicksOverTime),
    clicksOverTime,
    byLink: linkIds
      .map((linkId) => ({ linkId, clicks: clicksByLink.get(linkId) ?? 0 }))
      .sort((a, b) => b.clicks - a.clicks),
    byRetailer: retailerBreakdown(counts),
    byCountry: countryBreakdown(counts),
  };
}
