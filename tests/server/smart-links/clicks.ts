import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../src/server/db/database';
import { createId } from '../../../src/server/db/ids';
import { clicks, links, users } from '../../../src/server/db/schema';
import type { ClickRecord } from '../../../src/server/smart-links/click-facts';

/** Links owned by a new author, written straight to the database: their ids, in order. */
export async function insertLinks(db: Database, codes: string[]): Promise<string[]> {
  const [author] = await db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com` })
    .returning({ id: users.id });
  if (!author) throw new Error('The author was not created');
  const rows = codes.map((code) => ({
    id: createId('lnk'),
    ownerId: author.id,
    domain: 'shelf.to',
    code,
    baseCode: code,
    url: 'https://www.amazon.com/dp/1668012340',
  }));
  await db.insert(links).values(rows);
  return rows.map((row) => row.id);
}

let visitors = 0;

/** A reader's click on an Amazon US store from a new visitor, unless `overrides` say otherwise. */
export function readerClick(
  linkId: string,
  at: string,
  overrides: Partial<ClickRecord> = {},
): ClickRecord {
  visitors += 1;
  return {
    linkId,
    occurredAt: new Date(at),
    traffic: 'reader',
    country: 'US',
    referrer: null,
    device: 'mobile',
    os: 'iOS',
    browser: 'Mobile Safari',
    retailer: 'Amazon',
    storefront: 'US',
    store: null,
    visitorKey: `visitor-${visitors}`,
    ...overrides,
  };
}

/** The link's stored clicks, oldest first, as `[occurredAt, traffic, isUnique]`. */
export async function storedClicksOf(db: Database, linkId: string) {
  const rows = await db
    .select({ at: clicks.occurredAt, traffic: clicks.traffic, isUnique: clicks.isUnique })
    .from(clicks)
    .where(eq(clicks.linkId, linkId))
    .orderBy(clicks.occurredAt, clicks.id);
  return rows.map(({ at, traffic, isUnique }) => [at.toISOString(), traffic, isUnique]);
}

/** The link's stored rows in the order they were written, each with the clicks it counts. */
export async function storedRowsOf(db: Database, linkId: string) {
  const rows = await db
    .select({
      at: clicks.occurredAt,
      traffic: clicks.traffic,
      isUnique: clicks.isUnique,
      referrer: clicks.referrer,
      count: clicks.count,
    })
    .from(clicks)
    .where(eq(clicks.linkId, linkId))
    .orderBy(clicks.id);
  return rows.map(({ at, ...row }) => ({ at: at.toISOString(), ...row }));
}

export async function clickCountOf(db: Database, linkId: string): Promise<number> {
  const [link] = await db
    .select({ clickCount: links.clickCount })
    .from(links)
    .where(eq(links.id, linkId));
  return link?.clickCount ?? Number.NaN;
}

/** Every stored click, a row counting as many as it stands for. */
export async function storedClickTotal(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${clicks.count}), 0)::int` })
    .from(clicks);
  return row?.total ?? 0;
}
