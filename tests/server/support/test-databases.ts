import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  pgliteConnection,
  postgresConnection,
  type DatabaseConnection,
} from '../../../src/server/db/database';

/** Fresh, migrated databases for tests: clones of one template migrated once per test file. */
export interface TestDatabases {
  fresh(): Promise<DatabaseConnection>;
  dispose(): Promise<void>;
}

/** PGlite in memory, or PostgreSQL when `DATABASE_URL` is set. */
export function createTestDatabases(): Promise<TestDatabases> {
  const url = process.env.DATABASE_URL;
  return url ? postgresTemplate(url) : pgliteTemplate();
}

async function pgliteTemplate(): Promise<TestDatabases> {
  const template = new PGlite();
  await pgliteConnection(template).migrate();
  return {
    async fresh() {
      const clone = await template.clone();
      if (!(clone instanceof PGlite)) throw new Error('PGlite.clone() returned another client');
      return pgliteConnection(clone);
    },
    dispose: () => template.close(),
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
  const newName = () => `shelflink_test_${randomBytes(6).toString('hex')}`;
  const template = newName();
  await server.query(`create database ${template}`);
  const migrating = postgresConnection(databaseUrl(serverUrl, template));
  await migrating.migrate();
  // A template may have no other connections while it is copied.
  await migrating.close();
  return {
    async fresh() {
      const name = newName();
      await server.query(`create database ${name} template ${template}`);
      const connection = postgresConnection(databaseUrl(serverUrl, name));
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
