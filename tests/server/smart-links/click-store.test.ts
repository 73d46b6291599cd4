import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { clickDailyCounts, clicks, links } from '../../../src/server/db/schema';
import { ClickRecorder } from '../../../src/server/smart-links/click-recorder';
import { storeClicks } from '../../../src/server/smart-links/click-store';
import { setUpTestApp } from '../support/test-app';
import { clickCountOf, insertLinks, readerClick, storedClicksOf, storedRowsOf } from './clicks';

const testApp = setUpTestApp();
const quietLogger = { warn: () => undefined };

describe('the click store', () => {
  test("counts a visitor's reader clicks on a link once an hour, across batches", async () => {
    const { db } = testApp();
    const [link = '', other = ''] = await insertLinks(db, ['salt-orchard', 'tin-lantern']);
    const maya = { visitorKey: 'maya' };

    await storeClicks(db, [
      readerClick(link, '2026-11-21T10:30:00Z', maya),
      readerClick(link, '2026-11-21T10:00:00Z', maya),
      readerClick(link, '2026-11-21T10:05:00Z', { visitorKey: 'jonah' }),
      readerClick(other, '2026-11-21T10:10:00Z', maya),
    ]);
    await storeClicks(db, [readerClick(link, '2026-11-21T10:59:59Z', maya)]);
    await storeClicks(db, [
      readerClick(link, '2026-11-21T11:00:01Z', maya),
      readerClick(link, '2026-11-21T11:20:00Z', maya),
    ]);

    expect(await storedClicksOf(db, link)).toEqual([
      ['2026-11-21T10:00:00.000Z', 'reader', true],
      ['2026-11-21T10:05:00.000Z', 'reader', true],
      ['2026-11-21T10:30:00.000Z', 'reader', false],
      ['2026-11-21T10:59:59.000Z', 'reader', false],
      // More than an hour after the visitor's last unique click.
      ['2026-11-21T11:00:01.000Z', 'reader', true],
      ['2026-11-21T11:20:00.000Z', 'reader', false],
    ]);
    expect(await storedClicksOf(db, other)).toEqual([['2026-11-21T10:10:00.000Z', 'reader', true]]);
    expect(await clickCountOf(db, link)).toBe(3);
  });

  test('decides uniqueness once when two recorders write the same visitor at once', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const recorders = [1, 2].map(
      () =>
        new ClickRecorder({ db, logger: quietLogger, batchSize: 1000, flushIntervalMs: 60_000 }),
    );
    recorders.forEach((recorder, index) => {
      for (let minute = 0; minute < 5; minute += 1) {
        recorder.record(
          readerClick(link, `2026-11-21T10:0${minute}:0${index}Z`, { visitorKey: 'maya' }),
        );
      }
    });

    await Promise.all(recorders.map((recorder) => recorder.close()));

    const stored = await storedClicksOf(db, link);
    expect(stored).toHaveLength(10);
    expect(stored.filter(([, , isUnique]) => isUnique)).toHaveLength(1);
    expect(await clickCountOf(db, link)).toBe(1);
  });

  test('counts only unique reader clicks, and keeps other traffic out of uniqueness', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const maya = { visitorKey: 'maya' };

    await storeClicks(db, [
      readerClick(link, '2026-11-21T10:00:00Z', { ...maya, traffic: 'prefetch' }),
      readerClick(link, '2026-11-21T10:00:01Z', maya),
      readerClick(link, '2026-11-21T10:00:02Z', maya),
      readerClick(link, '2026-11-21T10:01:00Z', { traffic: 'bot', device: null }),
      readerClick(link, '2026-11-21T10:02:00Z', { traffic: 'head' }),
    ]);

    expect(await storedClicksOf(db, link)).toEqual([
      ['2026-11-21T10:00:00.000Z', 'prefetch', false],
      ['2026-11-21T10:00:01.000Z', 'reader', true],
      ['2026-11-21T10:00:02.000Z', 'reader', false],
      ['2026-11-21T10:01:00.000Z', 'bot', false],
      ['2026-11-21T10:02:00.000Z', 'head', false],
    ]);
    expect(await clickCountOf(db, link)).toBe(1);
  });

  test('keeps the first of counted clicks apart when it is unique, and counts it alone', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const maya = { visitorKey: 'maya' };

    await storeClicks(db, [
      { ...readerClick(link, '2026-11-21T10:00:00.250Z', maya), count: 5 },
      { ...readerClick(link, '2026-11-21T10:00:07Z', maya), count: 3 },
      { ...readerClick(link, '2026-11-21T10:00:09Z', { traffic: 'bot' }), count: 4 },
    ]);

    expect(await storedRowsOf(db, link)).toEqual([
      {
        at: '2026-11-21T10:00:00.250Z',
        traffic: 'reader',
        isUnique: true,
        referrer: null,
        count: 1,
      },
      {
        at: '2026-11-21T10:00:00.250Z',
        traffic: 'reader',
        isUnique: false,
        referrer: null,
        count: 4,
      },
      {
        at: '2026-11-21T10:00:07.000Z',
        traffic: 'reader',
        isUnique: false,
        referrer: null,
        count: 3,
      },
      { at: '2026-11-21T10:00:09.000Z', traffic: 'bot', isUnique: false, referrer: null, count: 4 },
    ]);
    expect(await clickCountOf(db, link)).toBe(1);
    const traffic = await db
      .select({
        value: clickDailyCounts.value,
        clicks: clickDailyCounts.clicks,
        uniqueClicks: clickDailyCounts.uniqueClicks,
      })
      .from(clickDailyCounts)
      .where(and(eq(clickDailyCounts.linkId, link), eq(clickDailyCounts.dimension, 'traffic')))
      .orderBy(clickDailyCounts.value);
    expect(traffic).toEqual([
      { value: 'bot', clicks: 4, uniqueClicks: 0 },
      { value: 'reader', clicks: 8, uniqueClicks: 1 },
    ]);
  });

  test('rolls up per day exactly what the raw clicks say', async () => {
    const { db } = testApp();
    const linkIds = await insertLinks(db, ['salt-orchard', 'tin-lantern']);
    const traffic = ['reader', 'reader', 'reader', 'bot', 'prefetch', 'head'] as const;
    const countries = ['US', 'GB', null] as const;
    const referrers = [null, 'instagram.com', 't.co', 'goodreads.com'] as const;
    const batch = Array.from({ length: 400 }, (_, index) => ({
      // Some rows stand for a burst of identical clicks.
      count: index % 6 === 1 ? 1 + (index % 4) : undefined,
      ...readerClick(
        linkIds[index % 2] ?? '',
        new Date(Date.UTC(2026, 10, 19) + index * 9 * 60_000 + 1234).toISOString(),
        {
          traffic: traffic[index % traffic.length],
          visitorKey: `visitor-${index % 37}`,
          country: countries[index % countries.length],
          referrer: referrers[index % referrers.length],
          device: index % 5 === 0 ? 'desktop' : index % 11 === 0 ? null : 'mobile',
          retailer: index % 3 === 0 ? 'Kobo' : 'Amazon',
          storefront: index % 7 === 0 ? null : 'US',
          store: index % 4 === 0 ? 'apple-books' : null,
        },
      ),
    }));
    for (let start = 0; start < batch.length; start += 60) {
      await storeClicks(db, batch.slice(start, start + 60));
    }

    const rolledUp = await db
      .select({
        linkId: clickDailyCounts.linkId,
        day: clickDailyCounts.day,
        dimension: clickDailyCounts.dimension,
        value: clickDailyCounts.value,
        clicks: clickDailyCounts.clicks,
        uniqueClicks: clickDailyCounts.uniqueClicks,
      })
      .from(clickDailyCounts);
    // The same counts, grouped from the raw clicks in SQL.
    const day = sql<string>`to_char(${clicks.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const grouped = (
      dimension: (typeof rolledUp)[number]['dimension'],
      value: SQL<string>,
      where: SQL | undefined = eq(clicks.traffic, 'reader'),
    ) =>
      db
        .select({
          linkId: clicks.linkId,
          day,
          dimension: sql<typeof dimension>`${dimension}::text`,
          value,
          clicks: sql<number>`sum(${clicks.count})::int`,
          uniqueClicks: sql<number>`coalesce(sum(${clicks.count}) filter (where ${clicks.isUnique}), 0)::int`,
        })
        .from(clicks)
        .where(where)
        .groupBy(clicks.linkId, day, value);
    const fromRaw = (
      await Promise.all([
        grouped('traffic', sql`${clicks.traffic}`, sql`true`),
        grouped('retailer', sql`json_build_array(${clicks.retailer}, ${clicks.storefront})::text`),
        grouped('country', sql`coalesce(${clicks.country}, '')`),
        grouped('referrer', sql`coalesce(${clicks.referrer}, '')`),
        grouped('device', sql`coalesce(${clicks.device}, '')`),
        grouped(
          'store',
          sql`${clicks.store}`,
          and(eq(clicks.traffic, 'reader'), isNotNull(clicks.store)),
        ),
      ])
    ).flat();

    // Retailer values are JSON, which PostgreSQL spaces differently.
    const comparable = (rows: (typeof rolledUp)[number][]) =>
      rows
        .map((row) => ({
          ...row,
          value: row.dimension === 'retailer' ? JSON.stringify(JSON.parse(row.value)) : row.value,
        }))
        .sort((a, b) =>
          [a.linkId, a.day, a.dimension, a.value].join() <
          [b.linkId, b.day, b.dimension, b.value].join()
            ? -1
            : 1,
        );
    expect(new Set(rolledUp.map((row) => row.day))).toEqual(
      new Set(['2026-11-19', '2026-11-20', '2026-11-21']),
    );
    expect(comparable(rolledUp)).toEqual(comparable(fromRaw));
  });

  test('leaves out the clicks of a link deleted since its redirect', async () => {
    const { db } = testApp();
    const [kept = '', deleted = ''] = await insertLinks(db, ['salt-orchard', 'tin-lantern']);
    await db.delete(links).where(eq(links.id, deleted));

    await storeClicks(db, [
      readerClick(kept, '2026-11-21T10:00:00Z'),
      readerClick(deleted, '2026-11-21T10:00:00Z'),
    ]);

    expect(await storedClicksOf(db, kept)).toHaveLength(1);
    expect(await clickCountOf(db, kept)).toBe(1);
  });
});
