import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import {
  pgliteConnection,
  postgresConnection,
  type DatabaseConnection,
} from '../../../src/server/db/database';

/** Empty, migrated databases for tests: one per file, emptied between its tests. */
export interface TestDatabases {
  /** `connectVia` changes the address PostgreSQL is reached at, to route it through a proxy. */
  fresh(options?: { connectVia?: (url: URL) => URL }): Promise<DatabaseConnection>;
  dispose(): Promise<void>;
}

/** PGlite in memory, or PostgreSQL when `DATABASE_URL` is set. */
export function createTestDatabases(): Promise<TestDatabases> {
  const url = process.env.DATABASE_URL;
  return url ? postgresTemplate(url) : pgliteTemplate();
}

// Emptying a database takes milliseconds, where loading or copying a migrated one takes about half
// a second, so each file keeps one database and empties it for its next test.
const EMPTY_EVERY_TABLE = `do $$ begin execute (
  select 'truncate ' || string_agg(quote_ident(tablename), ', ') || ' restart identity cascade'
  from pg_tables where schemaname = 'public'
); end $$`;

async function pgliteTemplate(): Promise<TestDatabases> {
  const templateFile = inject('pgliteTemplateFile');
  if (templateFile === undefined)
    throw new Error("The server project's global setup saves the template");
  const dataDir = new Blob([await readFile(templateFile)]);
  let leftOpen: PGlite | undefined;
  return {
    async fresh() {
      const reused = leftOpen && !leftOpen.closed ? leftOpen : undefined;
      leftOpen = undefined;
      if (reused) await reused.exec(EMPTY_EVERY_TABLE);
      const client = reused ?? (await PGlite.create({ loadDataDir: dataDir }));
      return {
        ...pgliteConnection(client),
        // A test that stops the database on purpose leaves nothing to reuse.
        close() {
          if (!client.closed) leftOpen = client;
          return Promise.resolve();
        },
      };
    },
    dispose: async () => {
      await leftOpen?.close();
    },
  };
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

async function postgresTemplate(serverUrl: string): Promise<TestDatabases> {
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  const name = `shelflink_test_${randomBytes(6).toString('hex')}`;
  await server.query(`create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  const migrating = postgresConnection(url);
  await migrating.migrate();
  await migrating.close();
  const emptier = new pg.Client({ connectionString: url });
  await emptier.connect();
  let used = false;
  return {
    async fresh({ connectVia = (address: URL) => address } = {}) {
      if (used) await emptier.query(EMPTY_EVERY_TABLE);
      used = true;
      return postgresConnection(connectVia(new URL(url)).href);
    },
    async dispose() {
      await emptier.end();
      await server.query(`drop database ${name} with (force)`);
      await server.end();
    },
  };
}
