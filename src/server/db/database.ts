import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

/** The same queries run on embedded PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseConnection {
  db: Database;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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
  // An idle connection that fails (a restarted server) is replaced; unheard, it would end the process.
  pool.on('error', (error) => {
    console.error(`An idle PostgreSQL connection failed: ${error.message}`);
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    migrate: () => migrateNodePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
