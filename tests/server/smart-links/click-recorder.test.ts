import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import {
  ClickRecorder,
  replaySpilledClicks,
  type ClickRecorderOptions,
} from '../../../src/server/smart-links/click-recorder';
import { setUpTestApp } from '../support/test-app';
import {
  clickCountOf,
  insertLinks,
  readerClick,
  storedClicksOf,
  storedClickTotal,
  storedRowsOf,
} from './clicks';

const testApp = setUpTestApp();

function recorderOn(db: Database, options: Partial<ClickRecorderOptions> = {}) {
  const warnings: { details: object; message: string }[] = [];
  const recorder = new ClickRecorder({
    db,
    logger: { warn: (details, message) => warnings.push({ details, message }) },
    flushIntervalMs: 60_000,
    ...options,
  });
  return { recorder, warnings };
}

/** Makes every write of clicks fail for real, as a database that lost its table would. */
async function takeClicksTableAway(db: Database) {
  await db.execute(sql`alter table clicks rename to clicks_away`);
  return () => db.execute(sql`alter table clicks_away rename to clicks`);
}

/** The database, noting the statements run through `execute`. */
function noting(db: Database) {
  const statements: string[] = [];
  const dialect = new PgDialect();
  const noted = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return target.execute(query);
      };
    },
  });
  return { db: noted, statements };
}

const clickAt = (
  linkId: string,
  second: number,
  overrides: Parameters<typeof readerClick>[2] = {},
) => readerClick(linkId, new Date(Date.UTC(2026, 10, 21, 10, 0, second)).toISOString(), overrides);

/** The same visitor's click each time. */
const mayaClickAt = (linkId: string, second: number) =>
  clickAt(linkId, second, { visitorKey: 'maya' });

describe('the click recorder', () => {
  test('writes a batch in the background once it is full', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder } = recorderOn(db, { batchSize: 3 });

    recorder.record(clickAt(link, 1));
    recorder.record(clickAt(link, 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedClickTotal(db)).toBe(0);
    recorder.record(clickAt(link, 3));

    await vi.waitFor(async () => {
      expect(await storedClickTotal(db)).toBe(3);
    });
    expect(recorder.buffered).toBe(0);
    await recorder.close();
  });

  test('writes what is buffered every interval', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder } = recorderOn(db, { batchSize: 100, flushIntervalMs: 20 });

    recorder.record(clickAt(link, 1));

    await vi.waitFor(async () => {
      expect(await storedClickTotal(db)).toBe(1);
    });
    await recorder.close();
  });

  test('loses no click while the database is up', async () => {
    const { db } = testApp();
    const linkIds = await insertLinks(db, ['salt-orchard', 'tin-lantern']);
    const { recorder, warnings } = recorderOn(db, { batchSize: 50, flushIntervalMs: 5 });

    for (let second = 0; second < 1000; second += 1) {
      recorder.record(clickAt(linkIds[second % 2] ?? '', second));
      if (second % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await recorder.close();

    expect(await storedClickTotal(db)).toBe(1000);
    expect(recorder.dropped).toBe(0);
    expect(warnings).toEqual([]);
  });

  test('keeps a failed batch, drops the newest clicks beyond its bound, and recovers', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder, warnings } = recorderOn(db, { batchSize: 2, maxBuffered: 6 });
    const bringClicksTableBack = await takeClicksTableAway(db);

    for (let second = 0; second < 10; second += 1) recorder.record(clickAt(link, second));
    await recorder.flush();

    expect(recorder.buffered).toBe(6);
    expect(recorder.dropped).toBe(4);
    expect(warnings.map(({ message }) => message)).toContain(
      'Clicks were dropped because the buffer was full',
    );
    expect(warnings).toContainEqual({
      details: expect.objectContaining({ buffered: 6 }) as object,
      message: 'Writing clicks failed; they stay buffered and are tried again',
    });

    await bringClicksTableBack();
    await recorder.flush();

    expect(recorder.buffered).toBe(0);
    const stored = await storedClicksOf(db, link);
    expect(stored.map(([at]) => at)).toEqual(
      [0, 1, 2, 3, 4, 5].map((second) => clickAt(link, second).occurredAt.toISOString()),
    );
    expect(await clickCountOf(db, link)).toBe(6);
    expect(recorder.dropped).toBe(4);
    recorder.record(clickAt(link, 30));
    await recorder.close();
    expect(await storedClickTotal(db)).toBe(7);
  });

  test('stores the identical clicks of one second as one row that counts them', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder } = recorderOn(db, { batchSize: 2 });
    const burst = (second: number, overrides: Parameters<typeof readerClick>[2] = {}) =>
      readerClick(link, new Date(Date.UTC(2026, 10, 21, 10, 0, second, 100)).toISOString(), {
        visitorKey: 'maya',
        ...overrides,
      });

    for (let click = 0; click < 1000; click += 1) recorder.record(burst(1));
    recorder.record(burst(1, { referrer: 't.co' }));
    for (let click = 0; click < 3; click += 1) recorder.record(burst(2));
    await recorder.close();

    const reader = { traffic: 'reader', at: '2026-11-21T10:00:01.100Z' } as const;
    expect(await storedRowsOf(db, link)).toEqual([
      // The visitor's first click is the unique one; the same second's repeats share a row.
      { ...reader, isUnique: true, referrer: null, count: 1 },
      { ...reader, isUnique: false, referrer: null, count: 999 },
      { ...reader, isUnique: false, referrer: 't.co', count: 1 },
      { ...reader, at: '2026-11-21T10:00:02.100Z', isUnique: false, referrer: null, count: 3 },
    ]);
    expect(await storedClickTotal(db)).toBe(1004);
    expect(await clickCountOf(db, link)).toBe(1);
  });

  test('adds a click to a held row even when no new row fits', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder } = recorderOn(db, { maxBuffered: 2 });
    const bringClicksTableBack = await takeClicksTableAway(db);

    recorder.record(mayaClickAt(link, 1));
    recorder.record(mayaClickAt(link, 2));
    recorder.record(mayaClickAt(link, 2));
    recorder.record(mayaClickAt(link, 3));
    await recorder.flush();

    expect(recorder.buffered).toBe(3);
    expect(recorder.dropped).toBe(1);
    await bringClicksTableBack();
    await recorder.close();
    expect(await storedClicksOf(db, link)).toEqual([
      ['2026-11-21T10:00:01.000Z', 'reader', true],
      ['2026-11-21T10:00:02.000Z', 'reader', false],
    ]);
    expect(await storedClickTotal(db)).toBe(3);
  });

  test('never adds a click to a row being written', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    let recordWhileWriting = (): void => undefined;
    const writingDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<Database['transaction']>) => {
          recordWhileWriting();
          recordWhileWriting = () => undefined;
          return target.transaction(...args);
        };
      },
    });
    const { recorder } = recorderOn(writingDb);
    recordWhileWriting = () => {
      recorder.record(mayaClickAt(link, 2));
    };

    recorder.record(mayaClickAt(link, 2));
    await recorder.flush();
    expect(recorder.buffered).toBe(1);
    await recorder.close();

    expect(await storedClicksOf(db, link)).toEqual([
      ['2026-11-21T10:00:02.000Z', 'reader', true],
      ['2026-11-21T10:00:02.000Z', 'reader', false],
    ]);
  });

  test('writes what is buffered when closed', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder, warnings } = recorderOn(db, { batchSize: 100 });
    for (let second = 0; second < 5; second += 1) recorder.record(clickAt(link, second));

    await recorder.close();

    expect(await storedClickTotal(db)).toBe(5);
    expect(warnings).toEqual([]);
  });

  test('writes at close a click whose record was still being made, and leaves out one that failed', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder } = recorderOn(db);
    let makeIt: (click: ReturnType<typeof clickAt>) => void = () => undefined;
    const made = new Promise<ReturnType<typeof clickAt>>((resolve) => {
      makeIt = resolve;
    });
    recorder.recordWhenMade(made);
    recorder.recordWhenMade(Promise.reject(new Error('The day’s salt could not be read')));

    const closed = recorder.close();
    makeIt(clickAt(link, 0));
    await closed;

    expect(await storedClickTotal(db)).toBe(1);
  });

  test('says how many clicks it could not write at close', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const { recorder, warnings } = recorderOn(db, { closeWaitMs: 0 });
    const bringClicksTableBack = await takeClicksTableAway(db);
    recorder.record(clickAt(link, 1));

    await recorder.close();
    await bringClicksTableBack();

    expect(warnings.at(-1)).toEqual({
      details: { unwritten: 1 },
      message: 'Clicks could not be written at close and are lost',
    });
  });

  test('keeps the clicks it could not write at close in the spill file, which a replay writes once and deletes', async () => {
    const { db } = testApp();
    const [link = ''] = await insertLinks(db, ['salt-orchard']);
    const spillFile = join(
      mkdtempSync(join(tmpdir(), 'shelflink-spill-')),
      'unwritten-clicks.json',
    );
    const { recorder } = recorderOn(db, { closeWaitMs: 0, spillFile });
    const bringClicksTableBack = await takeClicksTableAway(db);
    recorder.record(clickAt(link, 1));
    recorder.record(clickAt(link, 2));

    await recorder.close();
    await bringClicksTableBack();
    expect(existsSync(spillFile)).toBe(true);

    expect(await replaySpilledClicks(db, spillFile)).toBe(2);
    expect(existsSync(spillFile)).toBe(false);
    expect(await replaySpilledClicks(db, spillFile)).toBe(0);
    expect(await storedClickTotal(db)).toBe(2);
  });

  test('vacuums the daily roll-ups every so many batches, as the embedded database has no autovacuum', async () => {
    const [link = ''] = await insertLinks(testApp().db, ['salt-orchard']);
    const { db, statements } = noting(testApp().db);
    const { recorder, warnings } = recorderOn(db, { batchSize: 1, vacuumEveryBatches: 2 });
    const vacuums = () => statements.filter((statement) => /^vacuum\b/i.test(statement)).length;

    recorder.record(clickAt(link, 1));
    await recorder.flush();
    expect(vacuums()).toBe(0);
    for (const second of [2, 3, 4]) recorder.record(clickAt(link, second));
    await recorder.flush();

    expect(vacuums()).toBe(2);
    expect(warnings).toEqual([]);
    expect(await storedClickTotal(testApp().db)).toBe(4);
    await recorder.close();
  });
});
