import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** How long the readiness check waits for the database before calling it unavailable. */
const databaseAnswerTimeoutMs = 1000;

export type ReadinessStatus = 'ready' | 'draining' | 'database-unavailable';

/**
 * Whether this instance should be sent traffic. It is draining from the moment it is told to
 * shut down, while it still serves what comes, so a load balancer stops sending it requests
 * before its listeners close.
 */
export class ServiceState {
  private drainingSince: number | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(now = Date.now()): void {
    this.drainingSince ??= now;
  }

  async readiness(db: Database): Promise<ReadinessStatus> {
    if (this.draining) return 'draining';
    return (await databaseAnswers(db)) ? 'ready' : 'database-unavailable';
  }
}

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, databaseAnswerTimeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
