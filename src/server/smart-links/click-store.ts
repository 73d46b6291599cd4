import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { clickDailyCounts, clicks, links, type clickDimensions } from '../db/schema';
import { utcDay, type ClickRecord } from './click-facts';

type ClickDimension = (typeof clickDimensions)[number];
type DailyCount = typeof clickDailyCounts.$inferInsert;

/**
 * Clicks that agree on every fact within one second, stored as one row: `count` of them, 1 when
 * absent, at the first one's time.
 */
export type CountedClicks = ClickRecord & { count?: number };

export interface StoredClick extends ClickRecord {
  isUnique: boolean;
  count: number;
}

/** A visitor's reader clicks on a link count as one unique click within this time. */
const uniqueWindowMs = 60 * 60 * 1000;

/** The roll-up value of an unknown country, referrer or device. */
const unknownRollupValue = '';

export function retailerRollupValue(retailer: string, storefront: string | null): string {
  return JSON.stringify([retailer, storefront]);
}

export function retailerOfRollupValue(value: string): {
  retailer: string;
  storefront: string | null;
} {
  const [retailer, storefront] = JSON.parse(value) as [string, string | null];
  return { retailer, storefront };
}

type ColumnArray<Row> = [column: PgColumn, type: string, value: (row: Row) => unknown];

/**
 * `insert … select * from unnest(…)` with one array parameter a column: a statement whose size
 * does not grow with its rows, which PGlite and PostgreSQL parse and plan in no time.
 */
function insertFromArrays<Row>(
  table: PgTable,
  rows: readonly Row[],
  columns: ColumnArray<Row>[],
): SQL {
  const names = columns.map(([column]) => sql.identifier(column.name));
  const arrays = columns.map(
    ([, type, value]) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`,
  );
  return sql`insert into ${table} (${sql.join(names, sql`, `)})
    select * from unnest(${sql.join(arrays, sql`, `)})`;
}

interface EarlierUniqueClick {
  linkId: string;
  visitorKey: string | null;
  occurredAt: Date;
}

const visitorOnLink = (click: { linkId: string; visitorKey: string | null }) =>
  `${click.linkId} ${click.visitorKey ?? ''}`;

/** The stored unique reader clicks that could make a batch's reader clicks repeats. */
async function earlierUniqueClicks(
  db: Database,
  readerClicks: readonly ClickRecord[],
): Promise<EarlierUniqueClick[]> {
  const [first, last] = [readerClicks.at(0), readerClicks.at(-1)];
  if (!first || !last) return [];
  // Matching links and visitors apart also finds a visitor's clicks on the batch's other links,
  // which deciding uniqueness per visitor and link passes over.
  const linkIds = [...new Set(readerClicks.map((click) => click.linkId))];
  const visitorKeys = [...new Set(readerClicks.map((click) => click.visitorKey))];
  return db
    .select({ linkId: clicks.linkId, visitorKey: clicks.visitorKey, occurredAt: clicks.occurredAt })
    .from(clicks)
    .where(
      and(
        sql`${clicks.linkId} = any(${sql.param(linkIds)}::text[])`,
        sql`${clicks.visitorKey} = any(${sql.param(visitorKeys)}::text[])`,
        eq(clicks.traffic, 'reader'),
        eq(clicks.isUnique, true),
        gt(clicks.occurredAt, new Date(first.occurredAt.getTime() - uniqueWindowMs)),
        lte(clicks.occurredAt, last.occurredAt),
      ),
    );
}

/**
 * Marks each reader click of a batch in time order unique unless the same visitor had a unique
 * click on the link within the hour before, stored earlier or in the batch. Only reader clicks
 * can be unique: a prefetch or a bot must not use up a reader's unique click. Of counted clicks
 * only the first can be unique: it gets a row of its own, and the repeats share the other.
 */
function decideUniqueness(
  batch: readonly CountedClicks[],
  earlierUnique: readonly EarlierUniqueClick[],
): StoredClick[] {
  const uniqueTimes = new Map<string, number[]>();
  const addUnique = (click: EarlierUniqueClick) => {
    const times = uniqueTimes.get(visitorOnLink(click)) ?? [];
    uniqueTimes.set(visitorOnLink(click), [...times, click.occurredAt.getTime()]);
  };
  earlierUnique.forEach(addUnique);
  return batch.flatMap(({ count = 1, ...click }) => {
    if (click.traffic !== 'reader') return [{ ...click, isUnique: false, count }];
    const time = click.occurredAt.getTime();
    const isUnique = !(uniqueTimes.get(visitorOnLink(click)) ?? []).some(
      (unique) => unique <= time && unique > time - uniqueWindowMs,
    );
    if (!isUnique) return [{ ...click, isUnique, count }];
    addUnique(click);
    const first = { ...click, isUnique, count: 1 };
    return count === 1 ? [first] : [first, { ...click, isUnique: false, count: count - 1 }];
  });
}

/** The roll-up rows a batch adds to, with the clicks it adds to each. */
function dailyCountsOf(batch: readonly StoredClick[]): DailyCount[] {
  const counts = new Map<string, DailyCount>();
  for (const click of batch) {
    const day = utcDay(click.occurredAt);
    const add = (dimension: ClickDimension, value: string) => {
      const key = [click.linkId, day, dimension, value].join('\n');
      const count = counts.get(key);
      const uniqueClicks = click.isUnique ? click.count : 0;
      if (count) {
        count.clicks += click.count;
        count.uniqueClicks += uniqueClicks;
      } else {
        counts.set(key, {
          linkId: click.linkId,
          day,
          dimension,
          value,
          clicks: click.count,
          uniqueClicks,
        });
      }
    };
    add('traffic', click.traffic);
    if (click.traffic !== 'reader') continue;
    add('retailer', retailerRollupValue(click.retailer, click.storefront));
    add('country', click.country ?? unknownRollupValue);
    add('referrer', click.referrer ?? unknownRollupValue);
    add('device', click.device ?? unknownRollupValue);
    if (click.store !== null) add('store', click.store);
  }
  return [...counts.values()];
}

async function raiseClickCounts(db: Database, batch: readonly StoredClick[]) {
  const clicksPerLink = new Map<string, number>();
  for (const { linkId, isUnique, count } of batch) {
    if (isUnique) clicksPerLink.set(linkId, (clicksPerLink.get(linkId) ?? 0) + count);
  }
  if (clicksPerLink.size === 0) return;
  const linkIds = sql.param([...clicksPerLink.keys()]);
  const counts = sql.param([...clicksPerLink.values()]);
  await db
    .update(links)
    .set({ clickCount: sql`${links.clickCount} + counted.clicks` })
    .from(sql`unnest(${linkIds}::text[], ${counts}::int[]) as counted(link_id, clicks)`)
    .where(eq(links.id, sql`counted.link_id`));
}

function insertClicks(db: Database, batch: readonly StoredClick[]) {
  return db.execute(
    insertFromArrays(clicks, batch, [
      [clicks.linkId, 'text', (click) => click.linkId],
      [clicks.occurredAt, 'timestamptz', (click) => click.occurredAt.toISOString()],
      [clicks.traffic, 'text', (click) => click.traffic],
      [clicks.isUnique, 'boolean', (click) => click.isUnique],
      [clicks.visitorKey, 'text', (click) => click.visitorKey],
      [clicks.country, 'text', (click) => click.country],
      [clicks.referrer, 'text', (click) => click.referrer],
      [clicks.device, 'text', (click) => click.device],
      [clicks.os, 'text', (click) => click.os],
      [clicks.browser, 'text', (click) => click.browser],
      [clicks.retailer, 'text', (click) => click.retailer],
      [clicks.storefront, 'text', (click) => click.storefront],
      [clicks.store, 'text', (click) => click.store],
      [clicks.count, 'int', (click) => click.count],
    ]),
  );
}

function addToDailyCounts(db: Database, dailyCounts: readonly DailyCount[]) {
  const insert = insertFromArrays(clickDailyCounts, dailyCounts, [
    [clickDailyCounts.linkId, 'text', (count) => count.linkId],
    [clickDailyCounts.day, 'date', (count) => count.day],
    [clickDailyCounts.dimension, 'text', (count) => count.dimension],
    [clickDailyCounts.value, 'text', (count) => count.value],
    [clickDailyCounts.clicks, 'int', (count) => count.clicks],
    [clickDailyCounts.uniqueClicks, 'int', (count) => count.uniqueClicks],
  ]);
  return db.execute(sql`${insert}
    on conflict (link_id, day, dimension, value) do update set
      clicks = ${clickDailyCounts.clicks} + excluded.clicks,
      unique_clicks = ${clickDailyCounts.uniqueClicks} + excluded.unique_clicks`);
}

/**
 * Writes a batch of clicks in one transaction: the raw clicks with their uniqueness decided,
 * each link's `click_count` raised by its counted (unique reader) clicks, and the daily
 * roll-ups. Clicks of links deleted since their redirect are left out.
 */
export async function storeClicks(db: Database, batch: readonly CountedClicks[]): Promise<void> {
  if (batch.length === 0) return;
  await db.transaction(async (tx) => {
    // One batch at a time across every server process: two batches deciding uniqueness at
    // once would each miss the other's clicks, and their counter and roll-up updates could
    // deadlock on rows locked in different orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shelflink.click-batches'))`);
    // Key-share locks keep the links from being deleted before the clicks are in.
    const liveLinks = await tx
      .select({ id: links.id })
      .from(links)
      .where(inArray(links.id, [...new Set(batch.map((click) => click.linkId))]))
      .for('key share');
    const liveLinkIds = new Set(liveLinks.map((link) => link.id));
    const recorded = batch
      .filter((click) => liveLinkIds.has(click.linkId))
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    const readerClicks = recorded.filter((click) => click.traffic === 'reader');

    const stored = decideUniqueness(recorded, await earlierUniqueClicks(tx, readerClicks));
    await insertClicks(tx, stored);
    await raiseClickCounts(tx, stored);
    await addToDailyCounts(tx, dailyCountsOf(stored));
  });
}

/**
 * Every batch updates the same days' roll-up rows in place, leaving dead row versions behind.
 * PostgreSQL's autovacuum clears them; embedded PGlite has none, and without it the table the
 * reports read keeps growing. So the click writer vacuums it itself every so many batches: one
 * small table, a few milliseconds.
 */
export async function vacuumClickRollups(db: Database): Promise<void> {
  await db.execute(sql`vacuum ${clickDailyCounts}`);
}
