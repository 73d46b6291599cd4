// Instances of a fleet started together on one empty PostgreSQL database each migrate it at
// start-up; every one of them must start.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { postgresConnection } from '../../src/server/db/database';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) throw new Error('The fault suite runs on PostgreSQL: set DATABASE_URL');

const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as {
  entries: unknown[];
};

const server = new pg.Client({ connectionString: postgresUrl });
const databaseName = `shelflink_starts_${randomBytes(6).toString('hex')}`;
const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).href;

beforeAll(async () => {
  await server.connect();
  await server.query(`create database ${databaseName}`);
});

afterAll(async () => {
  await server.query(`drop database ${databaseName} with (force)`);
  await server.end();
});

test('twenty instances migrating one empty database at once all start, and each migration runs once', async () => {
  const instances = Array.from({ length: 20 }, () => postgresConnection(databaseUrl));

  const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate()));
  await Promise.all(instances.map((instance) => instance.close()));

  expect(outcomes.filter(({ status }) => status === 'rejected')).toEqual([]);
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const { rows } = await check.query<{ count: string }>(
    'select count(*) from drizzle.__drizzle_migrations',
  );
  await check.end();
  expect(Number(rows[0]?.count)).toBe(journal.entries.length);
});
