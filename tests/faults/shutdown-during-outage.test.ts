// SIGTERM while the database cannot be reached: the real server in a child process, its
// PostgreSQL behind a proxy the test cuts. The clicks it could not write must reach the database
// after the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { freePort } from '../../scripts/support/free-port';
import {
  postgresConnection,
  type Database,
  type DatabaseConnection,
} from '../../src/server/db/database';
import { clicks } from '../../src/server/db/schema';
import { DatabaseLine } from '../server/support/database-line';
import { insertLinks } from '../server/smart-links/clicks';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl) throw new Error('The fault suite runs on PostgreSQL: set DATABASE_URL');

const readerUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const databaseName = `shelflink_faults_${randomBytes(6).toString('hex')}`;
const databaseUrl = new URL(postgresUrl);
databaseUrl.pathname = `/${databaseName}`;
const line = new DatabaseLine(databaseUrl);
let dataDir: string;
let direct: DatabaseConnection | undefined;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  await line.listen();
  dataDir = mkdtempSync(join(tmpdir(), 'shelflink-faults-'));
});

afterAll(async () => {
  await direct?.close();
  line.server.close();
  rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

interface ServerProcess {
  child: ChildProcess;
  shortLinkOrigin: string;
  exited: Promise<number | null>;
}

/** `src/server/main.ts` on the proxied database, once it answers. */
async function startServer(): Promise<ServerProcess> {
  const [port, shortLinkPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      SHORT_LINK_PORT: String(shortLinkPort),
      DATA_DIR: dataDir,
      DATABASE_URL: line.route(databaseUrl).href,
      // No load balancer to drain from: SIGTERM goes straight to the shutdown under test.
      DRAIN_SECONDS: '0',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const answered = await fetch(`http://127.0.0.1:${port}/auth/session`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (answered) return { child, shortLinkOrigin: `http://127.0.0.1:${shortLinkPort}`, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not start within a minute');
}

async function storedClickCount(db: Database, linkId: string): Promise<number> {
  const [stored] = await db
    .select({ clicks: sql<string | null>`sum(${clicks.count})` })
    .from(clicks)
    .where(eq(clicks.linkId, linkId));
  return Number(stored?.clicks ?? 0);
}

test('SIGTERM while the database is down loses no click: they are kept on disk and written at the next start', async () => {
  const first = await startServer();
  direct = postgresConnection(databaseUrl.href);
  const { db } = direct;
  const [linkId = ''] = await insertLinks(db, ['tide-clock']);
  const follow = () =>
    fetch(`${first.shortLinkOrigin}/tide-clock`, {
      redirect: 'manual',
      headers: { 'user-agent': readerUserAgent },
    });
  // The first visit caches the link and the day's visitor salt, which is read from the database.
  expect((await follow()).status).toBe(302);
  await vi.waitFor(
    async () => {
      expect(await storedClickCount(db, linkId)).toBe(1);
    },
    { timeout: 10_000 },
  );

  line.cutOff();
  for (let visit = 0; visit < 200; visit += 1) expect((await follow()).status).toBe(302);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(existsSync(join(dataDir, 'unwritten-clicks.json'))).toBe(true);

  line.restore();
  const second = await startServer();
  try {
    expect(existsSync(join(dataDir, 'unwritten-clicks.json'))).toBe(false);
    expect(await storedClickCount(db, linkId)).toBe(201);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
});
