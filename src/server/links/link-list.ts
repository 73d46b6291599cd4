// The author's links as the Books screen finds them: narrowed by words, retailer or ids, in the
// order asked for, one page at a time, each with its last 30 days of clicks for a sparkline.
import { and, asc, desc, eq, gte, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { operations } from '../../api/schema';
import type { Database } from '../db/database';
import { clickDailyCounts, links } from '../db/schema';
import { utcDay } from '../smart-links/click-facts';

type ListQuery = NonNullable<operations['listLinks']['parameters']['query']>;

const dayMs = 24 * 60 * 60 * 1000;
export const recentClickDays = 30;

/** `%` and `_` are ILIKE's wildcards; an author searching for them means the characters. */
function containing(words: string): string {
  return `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The links of `ownerId` the query asks for; every filter is within the owner's live links. Links
 * asked for by id come archived or not, as a collection holds them.
 */
export function listedLinks(ownerId: number, query: ListQuery): SQL | undefined {
  const words = query.q?.trim();
  return and(
    eq(links.ownerId, ownerId),
    isNull(links.deletedAt),
    query.ids ? inArray(links.id, query.ids) : eq(links.archived, query.archived ?? false),
    query.retailer ? eq(links.retailer, query.retailer) : undefined,
    words
      ? or(
          ilike(links.title, containing(words)),
          ilike(links.author, containing(words)),
          ilike(links.code, containing(words)),
          ilike(links.url, containing(words)),
        )
      : undefined,
  );
}

/** Newest first by default; ties keep a stable order, so pages never repeat a link. */
export function listOrder(sort: ListQuery['sort']): SQL[] {
  switch (sort) {
    case 'clicks':
      return [desc(links.clickCount), desc(links.createdAt), desc(links.id)];
    case 'title':
      return [asc(sql`lower(${links.title})`), asc(links.id)];
    default:
      return [desc(links.createdAt), desc(links.id)];
  }
}

/**
 * Each link's unique reader clicks on each of the last 30 UTC days, oldest first, from the daily
 * roll-ups: one small query for a page, however many clicks the links have.
 */
export async function recentClicksOf(
  db: Database,
  linkIds: readonly string[],
  now: Date,
): Promise<Record<string, number[]>> {
  const today = Date.parse(utcDay(now));
  const firstDay = today - (recentClickDays - 1) * dayMs;
  const series = Object.fromEntries(
    linkIds.map((id) => [id, Array.from({ length: recentClickDays }, () => 0)]),
  );
  if (linkIds.length === 0) return series;
  const rows = await db
    .select({
      linkId: clickDailyCounts.linkId,
      day: clickDailyCounts.day,
      clicks: clickDailyCounts.uniqueClicks,
    })
    .from(clickDailyCounts)
    .where(
      and(
        inArray(clickDailyCounts.linkId, [...linkIds]),
        eq(clickDailyCounts.dimension, 'traffic'),
        eq(clickDailyCounts.value, 'reader'),
        gte(clickDailyCounts.day, utcDay(firstDay)),
      ),
    );
  for (const { linkId, day, clicks } of rows) {
    const index = (Date.parse(day) - firstDay) / dayMs;
    const days = series[linkId];
    if (days && index >= 0 && index < recentClickDays) days[index] = clicks;
  }
  return series;
}
