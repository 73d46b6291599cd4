import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { components } from '../../api/schema';
import type { Database } from '../db/database';
import { clicks } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { LinkRow } from './link-records';

type LinkReport = components['schemas']['LinkReport'];

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

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The days asked for: `to` defaults to today and `from` to 30 days ending on `to` (UTC). */
export function reportRange(query: { from?: string; to?: string }, now: Date): ReportRange {
  const to = query.to ?? isoDay(now.getTime());
  const from = query.from ?? isoDay(Date.parse(to) - (defaultRangeDays - 1) * dayMs);
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

type Breakdown = 'day' | 'retailer' | 'country' | 'referrer';

function byClicksDescending<Row extends { clicks: number }>(
  rows: Row[],
  label: (row: Row) => string,
): Row[] {
  return rows.sort((a, b) => b.clicks - a.clicks || label(a).localeCompare(label(b)));
}

/**
 * A link's clicks over the range, without bots, per day (days without clicks included) and by
 * retailer and storefront, country and referrer. One pass over the link's clicks in the range
 * (the `(link_id, occurred_at)` index), grouped four ways at once with grouping sets.
 */
export async function linkReport(
  db: Database,
  link: LinkRow,
  range: ReportRange,
): Promise<LinkReport> {
  const day = sql<string>`to_char(${clicks.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      breakdown: sql<Breakdown>`case
        when grouping(${day}) = 0 then 'day'
        when grouping(${clicks.retailer}) = 0 then 'retailer'
        when grouping(${clicks.country}) = 0 then 'country'
        else 'referrer' end`,
      day,
      retailer: clicks.retailer,
      storefront: clicks.storefront,
      country: clicks.country,
      referrer: clicks.referrer,
      clicks: sql<number>`count(*)`.mapWith(Number),
    })
    .from(clicks)
    .where(
      and(
        eq(clicks.linkId, link.id),
        eq(clicks.isBot, false),
        gte(clicks.occurredAt, new Date(range.from)),
        lt(clicks.occurredAt, new Date(Date.parse(range.to) + dayMs)),
      ),
    )
    .groupBy(
      sql`grouping sets ((${day}), (${clicks.retailer}, ${clicks.storefront}), (${clicks.country}), (${clicks.referrer}))`,
    );
  const of = (breakdown: Breakdown) => rows.filter((row) => row.breakdown === breakdown);

  const clicksByDay = new Map(of('day').map((row) => [row.day, row.clicks]));
  const clicksOverTime = [];
  for (let time = Date.parse(range.from); time <= Date.parse(range.to); time += dayMs) {
    const date = isoDay(time);
    clicksOverTime.push({ date, clicks: clicksByDay.get(date) ?? 0 });
  }
  const byRetailer = of('retailer').map((row) => ({
    retailer: row.retailer || 'Other',
    storefront: row.storefront ?? unknownRegion,
    clicks: row.clicks,
  }));
  const byCountry = of('country').map((row) => {
    const countryCode = row.country ?? unknownRegion;
    return {
      countryCode,
      country: countryNames.of(countryCode) ?? countryCode,
      clicks: row.clicks,
    };
  });
  const byReferrer = of('referrer').map((row) => ({
    referrer: row.referrer ?? 'direct',
    clicks: row.clicks,
  }));
  return {
    domain: link.domain,
    code: link.code,
    baseCode: link.baseCode,
    ...range,
    totalClicks: clicksOverTime.reduce((total, { clicks }) => total + clicks, 0),
    clicksOverTime,
    byRetailer: byClicksDescending(byRetailer, (row) => row.retailer + row.storefront).slice(
      0,
      100,
    ),
    byCountry: byClicksDescending(byCountry, (row) => row.countryCode).slice(0, 250),
    byReferrer: byClicksDescending(byReferrer, (row) => row.referrer).slice(0, 50),
  };
}
