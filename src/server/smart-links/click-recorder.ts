import type { Database } from '../db/database';
import type { ClickRecord } from './click-facts';
import { storeClicks, vacuumClickRollups } from './click-store';

/** The part of a pino logger the recorder uses. */
export interface ClickRecorderLogger {
  warn(details: object, message: string): void;
}

export interface ClickRecorderOptions {
  db: Database;
  logger: ClickRecorderLogger;
  /** Clicks written per transaction; reaching it starts a write. Default 500. */
  batchSize?: number;
  /** How often what is buffered is written, and a failed write tried again. Default 1 s. */
  flushIntervalMs?: number;
  /**
   * Clicks held at most, written or not, while the database is unavailable; clicks beyond are
   * dropped and counted. Default 100,000 (about 30 MB).
   */
  maxBuffered?: number;
  /** Batches written between vacuums of the daily roll-ups (see `vacuumClickRollups`). Default 100. */
  vacuumEveryBatches?: number;
}

/**
 * Buffers the redirect path's clicks and writes them in batches (see `storeClicks`). While the
 * database is unavailable the unwritten clicks stay buffered and are tried again every interval,
 * up to `maxBuffered`. When the buffer is full it is the NEWEST clicks that are dropped: the
 * buffered ones stay in the order they were recorded and are removed only once written, so a
 * batch being written is never touched, and the outage's clicks are kept from its start.
 */
export class ClickRecorder {
  private readonly db: Database;
  private readonly logger: ClickRecorderLogger;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly vacuumEveryBatches: number;
  private batchesSinceVacuum = 0;
  private readonly timer: NodeJS.Timeout;
  /** Oldest first; a batch leaves only once it is written. */
  private readonly pending: ClickRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  /** Whether a write is queued behind the current one, which will take every click recorded. */
  private writeQueued = false;
  /** Whether the last write failed: the next is left to the timer instead of to new clicks. */
  private failing = false;
  private droppedTotal = 0;
  private droppedUnlogged = 0;

  constructor(options: ClickRecorderOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.vacuumEveryBatches = options.vacuumEveryBatches ?? 100;
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    this.timer.unref();
  }

  /** Clicks dropped because the buffer was full, since the recorder started. */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Clicks waiting to be written, including a batch being written. */
  get buffered(): number {
    return this.pending.length;
  }

  /** Buffers a click and returns at once; a full batch is written in the background. */
  record(click: ClickRecord): void {
    if (this.pending.length >= this.maxBuffered) {
      this.droppedTotal += 1;
      this.droppedUnlogged += 1;
      return;
    }
    this.pending.push(click);
    if (this.pending.length >= this.batchSize && !this.failing) void this.flush();
  }

  /**
   * Writes every click recorded before the call, in batches, and resolves when that is done or
   * a batch failed (the failed batch stays buffered). Never rejects.
   */
  flush(): Promise<void> {
    if (!this.writeQueued) {
      this.writeQueued = true;
      this.writing = this.writing.then(() => {
        this.writeQueued = false;
        return this.writePending();
      });
    }
    return this.writing;
  }

  /** Stops the timer and writes what is buffered, as the server shuts down. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    if (this.pending.length > 0) {
      this.logger.warn({ unwritten: this.pending.length }, 'Clicks could not be written at close');
    }
  }

  private async writePending(): Promise<void> {
    this.logDropped();
    let remaining = this.pending.length;
    while (remaining > 0) {
      const batch = this.pending.slice(0, Math.min(this.batchSize, remaining));
      try {
        await storeClicks(this.db, batch);
      } catch (error) {
        this.failing = true;
        this.logger.warn(
          { err: error, buffered: this.pending.length },
          'Writing clicks failed; they stay buffered and are tried again',
        );
        return;
      }
      this.failing = false;
      this.pending.splice(0, batch.length);
      remaining -= batch.length;
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
