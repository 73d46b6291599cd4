// A link's report as its raw clicks grow tenfold, in this process on a fresh store: the report
// reads only the daily roll-ups, so its time should stay flat. Every click goes through the
// click recorder, as the short-link host writes them, so the roll-ups are what that many clicks
// make, vacuumed as the recorder vacuums them.
import { count, getTableName, sql } from 'drizzle-orm';
import { join } from 'node:path';
import { clickDailyCounts, links } from '../../src/server/db/schema.ts';
import { shortLinkDomain } from '../../src/server/links/codes.ts';
import type { LinkRow } from '../../src/server/links/link-records.ts';
import {
  linkReport,
  linkReportExtras,
  reportRange,
  type ReportRange,
} from '../../src/server/links/reports.ts';
import { ClickRecorder } from '../../src/server/smart-links/click-recorder.ts';
import type { Database } from '../../src/server/db/database.ts';
import type { Cleanup } from './cleanup.ts';
import { KB, median, metric, type Metric } from './metrics.ts';
import { connectStore, freshStoreData, storeNames, type Store } from './stores.ts';
import { seededRandom, syntheticClickBatches, type Random } from './synthetic-clicks.ts';

const fewerClicks = 100_000;
const moreClicks = 1_000_000;
const batchSize = 5_000;
/** The recorder's default cadence in clicks (100 batches of 500), at this batch size. */
const vacuumEveryBatches = 10;
const warmUpRuns = 2;
const timedRuns = 7;

const formatCount = (value: number) => value.toLocaleString('en-US');
const formatBytes = (bytes: number) => `${(bytes / (KB * KB)).toFixed(1)} MB`;

/** Writes `count` clicks over the range's days up to now; answers the seconds it took. */
async function writeClicks(
  db: Database,
  random: Random,
  link: LinkRow,
  range: ReportRange,
  count: number,
): Promise<number> {
  const startedAt = performance.now();
  const batches = syntheticClickBatches(random, {
    linkId: link.id,
    count,
    from: Date.parse(range.from),
    to: Date.now(),
    batchSize,
  });
  const recorder = new ClickRecorder({
    db,
    logger: {
      warn: (details, message) => {
        console.warn(message, details);
      },
    },
    batchSize,
    vacuumEveryBatches,
    flushIntervalMs: 60_000,
  });
  for (const batch of batches) {
    for (const click of batch) recorder.record(click);
    await recorder.flush();
  }
  await recorder.close();
  return (performance.now() - startedAt) / 1000;
}

/** The roll-up table the report reads: its rows, and its bytes on disk with its index. */
async function rollUpSize(db: Database): Promise<{ rows: number; bytes: number }> {
  const [size] = await db
    .select({
      rows: count(),
      bytes: sql`pg_total_relation_size(${getTableName(clickDailyCounts)}::regclass)`.mapWith(
        Number,
      ),
    })
    .from(clickDailyCounts);
  if (!size) throw new Error('The roll-up table has no size');
  return size;
}

/** The report and its extras, as GET /v1/links/report asks for them. */
function readReport(db: Database, link: LinkRow, range: ReportRange) {
  return Promise.all([linkReport(db, link, range), linkReportExtras(db, link, range)]);
}

/** Median ms of `timedRuns` reports after `warmUpRuns`; checks the report counts every click. */
async function timeReport(
  db: Database,
  link: LinkRow,
  range: ReportRange,
  clicksWritten: number,
): Promise<number | null> {
  const [report, extras] = await readReport(db, link, range);
  const { bots, head, prefetch, repeats } = extras.excludedClicks;
  const reported = report.totalClicks + repeats + bots + head + prefetch;
  if (reported !== clicksWritten) {
    throw new Error(`The report counts ${reported} clicks of the ${clicksWritten} written`);
  }
  const times: number[] = [];
  for (let run = 0; run < warmUpRuns + timedRuns; run += 1) {
    const startedAt = performance.now();
    await readReport(db, link, range);
    if (run >= warmUpRuns) times.push(performance.now() - startedAt);
  }
  return median(times);
}

export async function measureReportCost(
  store: Store,
  options: { workDir: string; cleanup: Cleanup },
): Promise<Metric[]> {
  const storeName = storeNames[store.kind];
  const data = await freshStoreData(
    store,
    join(options.workDir, 'server', `${store.kind}-report`),
    options.cleanup,
  );
  const database = connectStore(data);
  try {
    await database.migrate();
    const { db } = database;
    const [link] = await db
      .insert(links)
      .values({
        id: 'bench-report-link',
        domain: shortLinkDomain,
        code: 'bench-report',
        baseCode: 'bench-report',
        url: 'https://www.amazon.com/dp/B0BENCH000',
        allStores: true,
        title: 'The Bench Report',
        author: 'Bench Author',
      })
      .returning();
    if (!link) throw new Error('Inserting the report link returned no row');
    const range = reportRange({}, new Date());
    const random = seededRandom(20_251_124);

    console.log(`${storeName}: writing ${formatCount(fewerClicks)} clicks, timing the report…`);
    const fewerSeconds = await writeClicks(db, random, link, range, fewerClicks);
    const fewerMs = await timeReport(db, link, range, fewerClicks);
    const fewerRollUps = await rollUpSize(db);
    console.log(
      `${storeName}: writing ${formatCount(moreClicks - fewerClicks)} more clicks, timing again…`,
    );
    const moreSeconds = await writeClicks(db, random, link, range, moreClicks - fewerClicks);
    const moreMs = await timeReport(db, link, range, moreClicks);
    const moreRollUps = await rollUpSize(db);

    const id = `server.${store.kind}.report`;
    const section = `Link report (30 days) as clicks grow, ${storeName}`;
    const written = (clicks: string, seconds: number) =>
      `median of ${timedRuns}; ${clicks} written through the click recorder ` +
      `(${formatCount(batchSize)} a batch) in ${Math.round(seconds)} s`;
    return [
      metric(
        `${id}.fewerClicks`,
        section,
        `Report + extras, ${formatCount(fewerClicks)} clicks`,
        fewerMs,
        'ms',
        written(`${formatCount(fewerClicks)} clicks`, fewerSeconds),
      ),
      metric(
        `${id}.moreClicks`,
        section,
        `Report + extras, ${formatCount(moreClicks)} clicks`,
        moreMs,
        'ms',
        written(`${formatCount(moreClicks - fewerClicks)} more clicks`, moreSeconds),
      ),
      metric(
        `${id}.ratio`,
        section,
        `${formatCount(moreClicks)} ÷ ${formatCount(fewerClicks)} clicks`,
        fewerMs && moreMs !== null ? moreMs / fewerMs : null,
        'ratio',
        `roll-ups: ${formatCount(fewerRollUps.rows)} → ${formatCount(moreRollUps.rows)} rows, ` +
          `${formatBytes(fewerRollUps.bytes)} → ${formatBytes(moreRollUps.bytes)} with their index`,
      ),
    ];
  } finally {
    await database.close();
  }
}
