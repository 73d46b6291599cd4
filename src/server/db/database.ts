import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import { projectFile } from '../project-files';
import pg from 'pg';
import * as schema from './schema';
import { trackDatabasePool } from '../metrics/metrics';

/** The same queries run on embedded PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseConnection {
  db: Database;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = projectFile('src', 'server', 'db', 'migrations');

/** PostgreSQL at `databaseUrl` when given, otherwise PGlite in `pgliteDir` (in memory without). */
export function connectDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
}): DatabaseConnection {
  if (options.databaseUrl) return postgresConnection(options.databaseUrl);
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  return pgliteConnection(new PGlite(options.pgliteDir));
}

export function pgliteConnection(client: PGlite): DatabaseConnection {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function postgresConnection(connectionString: string): DatabaseConnection {
  // Without a timeout, requests would queue for as long as the database is unreachable.
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 5000 });
  // A connection that fails (a restarted server, a cut network) emits 'error' on its client, and an
  // unheard 'error' ends the process. The pool hears idle clients only; a client checked out for a
  // query or transaction needs its own listener. The query it was running fails on its own and is
  // answered 503, and the pool replaces the client. Only the message is logged, never query values.
  pool.on('error', (error) => {
    console.error(`An idle PostgreSQL connection failed: ${error.message}`);
  });
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error(`A PostgreSQL connection failed: ${error.message}`);
    });
    releaseWhenBeginFails(client);
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  const untrackPool = trackDatabasePool(pool);
  return {
    db,
    migrate: () => migrateUnderLock(pool),
    close: () => {
      untrackPool();
      return pool.end();
    },
  };
}

/** Any fixed number names the lock; every instance of the product takes the same one. */
const MIGRATION_LOCK = 0x5e1f_11c0;

/**
 * Instances started together would each create drizzle's bookkeeping and run the same migration,
 * and all but one would fail. Under a session-wide advisory lock they migrate one after another,
 * and those that follow find nothing left to do. The lock goes with the connection if the process
 * dies holding it.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * drizzle-orm releases a transaction's client in a `finally` that a failed `begin` never reaches.
 * Every transaction begun as the connection fails would keep its client checked out for good,
 * and ten of them exhaust the pool, which then never recovers. So a failed `begin` releases its
 * client here, as broken, and the pool replaces it.
 */
function releaseWhenBeginFails(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      throw error;
    });
  }) as typeof client.query;
}

function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^begin\b/i.test(text.trimStart());
}
