import { PGlite } from '@electric-sql/pglite';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../scripts/support/free-port';

const demoLinkCode = 'kestrel-bay';
const readerUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// Drained the same way on either store, so this runs once, on the embedded database.
describe.skipIf(process.env.DATABASE_URL)('shutting down', () => {
  let server: ChildProcess;
  let origin: string;
  let shortLinkOrigin: string;
  let metricsOrigin: string;
  let dataDir: string;
  let exited: Promise<number | null>;

  async function waitUntilAnswering(): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const answered = await fetch(`${origin}/auth/session`).then(
        (reply) => reply.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The server did not start within a minute');
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shelflink-shutdown-'));
    const port = await freePort();
    const shortLinkPort = await freePort();
    origin = `http://127.0.0.1:${port}`;
    shortLinkOrigin = `http://127.0.0.1:${shortLinkPort}`;
    const metricsPort = await freePort();
    metricsOrigin = `http://127.0.0.1:${metricsPort}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        SHORT_LINK_PORT: String(shortLinkPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DRAIN_SECONDS: '3',
        METRICS_PORT: String(metricsPort),
      },
      stdio: 'ignore',
    });
    exited = new Promise((resolve) =>
      server.once('exit', (code) => {
        resolve(code);
      }),
    );
    await waitUntilAnswering();
  }, 90_000);

  afterAll(() => {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGTERM fails the readiness checks while the server still serves, lets a request in flight finish and writes the buffered clicks, then the server exits cleanly', async () => {
    const followedAt = new Date();
    const followed = await fetch(`${shortLinkOrigin}/${demoLinkCode}`, {
      redirect: 'manual',
      headers: { 'user-agent': readerUserAgent },
    });
    expect(followed.status).toBe(302);
    // The operator's own listener counts the redirect.
    const metrics = await (await fetch(`${metricsOrigin}/metrics`)).text();
    expect(metrics).toMatch(/^shelflink_redirects_total\{path="[a-z]+"\} 1$/m);
    const body = JSON.stringify({ email: 'odile.brandt@shelflink.test' });
    const inFlight = new Promise<{ status: number | undefined; text: string }>(
      (resolve, reject) => {
        const sending = request(`${origin}/v1/signup/link`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        sending.on('response', (reply) => {
          let text = '';
          reply.on('data', (chunk: Buffer) => (text += chunk.toString()));
          reply.on('end', () => {
            resolve({ status: reply.statusCode, text });
          });
        });
        sending.on('error', reject);
        // Half the body now, the rest after the signal: the request is in flight when it arrives.
        sending.write(body.slice(0, 10));
        setTimeout(() => {
          server.kill('SIGTERM');
          setTimeout(() => sending.end(body.slice(10)), 500);
        }, 300);
      },
    );

    const reply = await inFlight;
    expect(reply.status).toBe(200);
    // Still within the drain: both hosts say not to send more, alive, and still answer.
    for (const host of [origin, shortLinkOrigin]) {
      const readiness = await fetch(`${host}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ status: 'draining' });
      expect((await fetch(`${host}/healthz`)).status).toBe(200);
    }
    expect((await fetch(`${origin}/auth/session`)).status).toBe(200);
    expect(await exited).toBe(0);
    // The sign-in link the drained request asked for was written before the process ended.
    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(1);
    await expect(fetch(`${origin}/auth/session`)).rejects.toThrow();
    // The click is written before the process ends, buffered or not when the signal came.
    const database = new PGlite(join(dataDir, 'pglite'));
    const { rows } = await database.query<{ count: number }>(
      'select count(*)::int as count from clicks c join links l on l.id = c.link_id where l.code = $1 and c.occurred_at >= $2',
      [demoLinkCode, followedAt],
    );
    await database.close();
    expect(rows[0]?.count).toBe(1);
  }, 60_000);
});
