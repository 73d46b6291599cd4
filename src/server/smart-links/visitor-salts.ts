import { eq, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { visitorSalts } from '../db/schema';
import { utcDay } from './click-facts';

const dayMs = 24 * 60 * 60 * 1000;
/** Days of salts kept before the current one, for clicks still buffered across midnight. */
const keptDays = 2;

/**
 * The salt of each UTC day's visitor keys. It lives in the database so that every server
 * process gives a visitor the same key, and is read once a day per process.
 */
export class VisitorSalts {
  /**
   * The day last asked for, as the times it covers (a redirect compares numbers, not dates), and
   * its salt once read.
   */
  private current:
    { from: number; until: number; salt: Promise<string>; read?: string } | undefined;

  constructor(private readonly db: Database) {}

  /** The salt of `time`'s UTC day when it has been read already: a redirect's usual case. */
  readSaltFor(time: Date): string | undefined {
    const at = time.getTime();
    const current = this.current;
    return current && at >= current.from && at < current.until ? current.read : undefined;
  }

  /** The salt of `time`'s UTC day, created by whichever process needs it first. */
  saltFor(time: Date): Promise<string> {
    const at = time.getTime();
    if (this.current && at >= this.current.from && at < this.current.until) {
      return this.current.salt;
    }
    const from = at - (at % dayMs);
    const forget = () => {
      if (this.current?.from === from) this.current = undefined;
    };
    const salt = this.read(utcDay(from)).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      // Clicks are kept through an outage, so they need a key: until the database answers, this
      // process's own salt for the day. At worst a reader's repeat across the outage counts twice.
      forget();
      return this.outageSaltFor(from);
    });
    const current: NonNullable<typeof this.current> = { from, until: from + dayMs, salt };
    this.current = current;
    salt.then(
      (read) => {
        if (this.current === current) current.read = read;
      },
      // A failed read is tried again on the next call instead of being remembered.
      forget,
    );
    return salt;
  }

  private outageSalt: { from: number; salt: string } | undefined;

  private outageSaltFor(from: number): string {
    if (this.outageSalt?.from !== from) {
      this.outageSalt = { from, salt: randomBytes(32).toString('base64url') };
    }
    return this.outageSalt.salt;
  }

  private async read(day: string): Promise<string> {
    await this.db
      .insert(visitorSalts)
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    await this.db
      .delete(visitorSalts)
      .where(lt(visitorSalts.day, utcDay(Date.parse(day) - keptDays * dayMs)));
    const [row] = await this.db
      .select({ salt: visitorSalts.salt })
      .from(visitorSalts)
      .where(eq(visitorSalts.day, day));
    if (!row) throw new Error(`The visitor salt of ${day} was deleted as it was created`);
    return row.salt;
  }
}
