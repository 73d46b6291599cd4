// The stores the server section measures on, each time on fresh data: embedded PGlite in a
// folder of the run, or a database of its own on a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase, type DatabaseConnection } from '../../src/server/db/database.ts';
import type { Cleanup } from './cleanup.ts';

export type Store = { kind: 'pglite' } | { kind: 'postgres'; serverUrl: string };

export const storeNames = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

/** Where a server process keeps its data: PGlite and the mail outbox in `dataDir`. */
export interface StoreData {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** A database of its own on the PostgreSQL server, dropped by `cleanup`. */
async function createThrowawayDatabase(serverUrl: string, cleanup: Cleanup): Promise<string> {
  const name = `shelflink_bench_${randomBytes(6).toString('hex')}`;
  const query = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  cleanup.add(() => query(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** An empty `dataDir` and, on PostgreSQL, an empty database. */
export async function freshStoreData(
  store: Store,
  dataDir: string,
  cleanup: Cleanup,
): Promise<StoreData> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return {
    dataDir,
    databaseUrl:
      store.kind === 'postgres'
        ? await createThrowawayDatabase(store.serverUrl, cleanup)
        : undefined,
  };
}

/** The store as the server opens it; PGlite's folder only while no server process has it open. */
export function connectStore(data: StoreData): DatabaseConnection {
  return connectDatabase({
    databaseUrl: data.databaseUrl,
    pgliteDir: join(data.dataDir, 'pglite'),
  });
}
