import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database';
import type { ClickRecord } from './click-facts';
import { storeClicks, vacuumClickRollups, type CountedClicks } from './click-store';
import { clicks, trackHeldClicks } from '../metrics/metrics';

/** The part of a pino logger the recorder uses. */
/** How long close waits for a write already under way, however short its own deadline. */
const firstWriteGraceMs = 1000;

export interface ClickRecorderLogger {
  warn(details: object, message: string): void;
}

/** Clicks held to be written as one row: one, or identical ones of the same second. */
type HeldRow = CountedClicks & { count: number };

/** Clicks that agree on this are stored as one row (see `clicks.count`). */
function rowKey(click: ClickRecord): string {
  const second = Math.floor(click.occurredAt.getTime() / 1000);
  return `${click.linkId}\n${second}\n${click.traffic}\n${click.visitorKey}\n${click.country}\n${click.referrer}\n${click.device}\n${click.os}\n${click.browser}\n${click.retailer}\n${click.storefront}\n${click.store}`;
}

export interface ClickRecorderOptions {
  db: Database;
  logger: ClickRecorderLogger;
  /** Rows written per transaction; holding that many starts a write. Default 500. */
  batchSize?: number;
  /** How often what is held is written, and a failed write tried again. Default 1 s. */
  flushIntervalMs?: number;
  /**
   * Rows held at most, written or not, while the database is unavailable; a click that would
   * need another row is dropped and counted. Default 100,000 (about 30 MB).
   */
  maxBuffered?: number;
  /** Batches written between vacuums of the daily roll-ups (see `vacuumClickRollups`). Default 100. */
  vacuumEveryBatches?: number;
  /**
   * Where `close` keeps the clicks it could not write, for `replaySpilledClicks` at the next
   * start. Without it, they are logged as lost.
   */
  spillFile?: string;
  /** How long `close` keeps trying to write before it spills. Default 10 s. */
  closeWaitMs?: number;
}

/**
 * Holds the redirect path's clicks and writes them in batches (see `storeClicks`). A click
 * identical to one held from the same second only adds to its row's count, so a burst costs a
 * lookup, not a row. While the database is unavailable the unwritten rows stay held and are tried
 * again every interval, up to `maxBuffered` rows. When that is full it is the NEWEST clicks that
 * are dropped: the held rows stay in the order they were recorded and leave only once written,
 * rows taken for a write are never added to, and the outage's clicks are kept from its start.
 */
export class ClickRecorder {
  private readonly db: Database;
  private readonly logger: ClickRecorderLogger;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly vacuumEveryBatches: number;
  private batchesSinceVacuum = 0;
  private readonly timer: NodeJS.Timeout;
  /** Rows of the clicks recorded since the last write began, by `rowKey`, oldest first. */
  private open = new Map<string, HeldRow>();
  /** Rows taken for writing, oldest first; a batch leaves only once it is written. */
  private readonly unwritten: HeldRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  /** Whether a write is queued behind the current one, which will take every click recorded. */
  private writeQueued = false;
  /** Whether the last write failed: the next is left to the timer instead of to new clicks. */
  private failing = false;
  private droppedTotal = 0;
  private droppedUnlogged = 0;
  /** Clicks whose record is still being made, such as while their day's salt is read. */
  private readonly pending = new Set<Promise<void>>();
  private readonly spillFile: string | undefined;
  private readonly closeWaitMs: number;
  private readonly flushIntervalMs: number;
  private readonly untrackHeldClicks: () => void;

  constructor(options: ClickRecorderOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.spillFile = options.spillFile;
    this.closeWaitMs = options.closeWaitMs ?? 10_000;
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.vacuumEveryBatches = options.vacuumEveryBatches ?? 100;
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    this.untrackHeldClicks = trackHeldClicks(() => this.buffered);
    this.timer.unref();
  }

  /** Clicks dropped because the buffer was full, since the recorder started. */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Clicks waiting to be written, including a batch being written. */
  get buffered(): number {
    let clicks = 0;
    for (const row of this.open.values()) clicks += row.count;
    for (const row of this.unwritten) clicks += row.count;
    return clicks;
  }

  /** Holds a click and returns at once; a full batch is written in the background. */
  record(click: ClickRecord): void {
    const key = rowKey(click);
    const row = this.open.get(key);
    if (row) {
      row.count += 1;
      clicks.inc({ outcome: 'buffered' });
      return;
    }
    if (this.open.size + this.unwritten.length >= this.maxBuffered) {
      this.droppedTotal += 1;
      this.droppedUnlogged += 1;
      clicks.inc({ outcome: 'dropped' });
      return;
    }
    clicks.inc({ outcome: 'buffered' });
    this.open.set(key, { ...click, count: 1 });
    if (this.open.size >= this.batchSize && !this.failing) void this.flush();
  }

  /**
   * Holds a click once its record is made. `close` waits for it, so a reply sent before shutdown
   * is counted even when its record was still being made. A record that fails is not counted.
   */
  recordWhenMade(click: Promise<ClickRecord>): void {
    const pending: Promise<void> = click
      .then(
        (made) => {
          this.record(made);
        },
        () => undefined,
      )
      .finally(() => this.pending.delete(pending));
    this.pending.add(pending);
  }

  /**
   * Writes every click recorded before the call, in batches, and resolves when that is done or
   * a batch failed (the failed batch stays held). Never rejects.
   */
  flush(): Promise<void> {
    if (!this.writeQueued) {
      this.writeQueued = true;
      this.writing = this.writing.then(() => {
        this.writeQueued = false;
        return this.writeHeld();
      });
    }
    return this.writing;
  }

  /**
   * Stops the timer and writes what is held, as the server shuts down. While the database is
   * unavailable it tries again for up to `closeWaitMs`, then writes what is left to `spillFile`.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.untrackHeldClicks();
    const deadline = performance.now() + this.closeWaitMs;
    await Promise.race([Promise.all(this.pending), sleep(this.closeWaitMs)]);
    const remaining = () => Math.max(0, deadline - performance.now());
    // A write that hangs on a connection that no longer answers is not waited for past the
    // deadline; its transaction never commits once the process exits. The first write gets at
    // least a second whatever the deadline, so one that is failing or finishing anyway settles
    // before its clicks are counted as unwritten.
    await Promise.race([this.flush(), sleep(Math.max(remaining(), firstWriteGraceMs))]);
    while (this.buffered > 0 && remaining() > 0) {
      await sleep(Math.min(this.flushIntervalMs, remaining()));
      await Promise.race([this.flush(), sleep(remaining())]);
    }
    const unwritten = this.buffered;
    if (unwritten === 0) return;
    if (this.spillFile === undefined) {
      this.logger.warn({ unwritten }, 'Clicks could not be written at close and are lost');
      return;
    }
    for (const row of this.open.values()) this.unwritten.push(row);
    this.open = new Map();
    spillRows(this.spillFile, [...readSpill(this.spillFile), ...this.unwritten]);
    this.logger.warn(
      { unwritten, spillFile: this.spillFile },
      'Clicks could not be written at close; they are kept in the spill file for the next start',
    );
  }

  private async writeHeld(): Promise<void> {
    this.logDropped();
    for (const row of this.open.values()) this.unwritten.push(row);
    this.open = new Map();
    while (this.unwritten.length > 0) {
      const batch = this.unwritten.slice(0, this.batchSize);
      try {
        await storeClicks(this.db, batch);
      } catch (error) {
        this.failing = true;
        this.logger.warn(
          { err: error, buffered: this.buffered },
          'Writing clicks failed; they stay buffered and are tried again',
        );
        return;
      }
      this.failing = false;
      clicks.inc(
        { outcome: 'stored' },
        batch.reduce((sum, row) => sum + row.count, 0),
      );
      this.unwritten.splice(0, batch.length);
      await this.vacuumWhenDue();
    }
  }

  private async vacuumWhenDue(): Promise<void> {
    this.batchesSinceVacuum += 1;
    if (this.batchesSinceVacuum < this.vacuumEveryBatches) return;
    this.batchesSinceVacuum = 0;
    try {
      await vacuumClickRollups(this.db);
    } catch (error) {
      this.logger.warn({ err: error }, 'Vacuuming the click roll-ups failed');
    }
  }

  private logDropped(): void {
    if (this.droppedUnlogged === 0) return;
    this.logger.warn(
      { dropped: this.droppedUnlogged, droppedTotal: this.droppedTotal },
      'Clicks were dropped because the buffer was full',
    );
    this.droppedUnlogged = 0;
  }
}

/** Clicks held at shutdown, as the spill file keeps them. */
type SpilledRow = Omit<HeldRow, 'occurredAt'> & { occurredAt: string };

function readSpill(file: string): HeldRow[] {
  if (!existsSync(file)) return [];
  const rows = JSON.parse(readFileSync(file, 'utf8')) as SpilledRow[];
  return rows.map((row) => ({ ...row, occurredAt: new Date(row.occurredAt) }));
}

/** Written to a temporary file and renamed over the spill file, so it is never half written. */
function spillRows(file: string, rows: readonly HeldRow[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(rows));
  renameSync(temporary, file);
}

/**
 * Writes the clicks a previous shutdown spilled, in one transaction that deletes the file as its
 * last step before the commit: a crash while the rows are written leaves the file and no rows,
 * and a failed commit writes the file again. A click is never counted twice; only a crash in the
 * instant between the delete and the commit would lose the file's clicks. Returns how many
 * clicks were written.
 */
export async function replaySpilledClicks(
  db: Database,
  file: string,
  batchSize = 500,
): Promise<number> {
  const rows = readSpill(file);
  if (rows.length === 0) {
    if (existsSync(file)) unlinkSync(file);
    return 0;
  }
  try {
    await db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += batchSize) {
        await storeClicks(tx, rows.slice(start, start + batchSize));
      }
      unlinkSync(file);
    });
  } catch (error) {
    if (!existsSync(file)) spillRows(file, rows);
    throw error;
  }
  return rows.reduce((clicks, row) => clicks + row.count, 0);
}
