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

/** Fresh, migrated databases for tests: copies of one template migrated once per run or file. */
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

async function pgliteTemplate(): Promise<TestDatabases> {
  const templateFile = inject('pgliteTemplateFile');
  if (templateFile === undefined)
    throw new Error("The server project's global setup saves the template");
  const dataDir = new Blob([await readFile(templateFile)]);
  // Loading the template takes about half a second; emptying the last test's tables takes
  // milliseconds, so a database the test left open is emptied and used again.
  let leftOpen: PGlite | undefined;
  return {
    async fresh() {
      const reused = leftOpen;
      leftOpen = undefined;
      const client =
        reused && !reused.closed
          ? await emptied(reused)
          : await PGlite.create({ loadDataDir: dataDir });
      return {
        ...pgliteConnection(client),
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

async function emptied(client: PGlite): Promise<PGlite> {
  const { rows } = await client.query<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = 'public'",
  );
  await client.exec(`truncate ${rows.map(({ name }) => name).join(', ')} restart identity cascade`);
  return client;
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

async function postgresTemplate(serverUrl: string): Promise<TestDatabases> {
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  const newName = () => `shelflink_test_${randomBytes(6).toString('hex')}`;
  const template = newName();
  await server.query(`create database ${template}`);
  const migrating = postgresConnection(databaseUrl(serverUrl, template));
  await migrating.migrate();
  // A template may have no other connections while it is copied.
  await migrating.close();
  return {
    async fresh({ connectVia = (url: URL) => url } = {}) {
      const name = newName();
      await server.query(`create database ${name} template ${template}`);
      const connection = postgresConnection(connectVia(new URL(databaseUrl(serverUrl, name))).href);
      return {
        ...connection,
        async close() {
          await connection.close();
          // Waits for the pool's connections to go, as Postgres does for up to 5 s.
          await server.query(`drop database ${name}`);
        },
      };
    },
    async dispose() {
      await server.query(`drop database ${template}`);
      await server.end();
    },
  };
}
