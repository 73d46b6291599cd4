// A server the server section measures, run as a process of its own on free loopback ports.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../support/free-port.ts';
import type { Cleanup } from './cleanup.ts';
import { repositoryRoot } from './servers.ts';
import type { StoreData } from './stores.ts';

/** The API and the short-link host, as production runs them. */
export const realServerEntry = 'src/server/main.ts';

const startUpTimeoutMs = 180_000;

/** The answer that shows a server is up: by default the API's to GET /auth/session. */
export interface Readiness {
  path: string;
  status: number;
}

const apiReadiness: Readiness = { path: '/auth/session', status: 200 };

export interface ServerProcess {
  origin: string;
  /** Where the short-link host answers (`SHORT_LINK_PORT`), if the server runs one. */
  shortLinkOrigin: string;
  /** From spawning the process to its first ready answer. */
  startUpMs: number;
  /** Its resident set size now, from /proc. */
  residentBytes(): number;
  /** Sends SIGTERM and waits for the process to exit. */
  stop(): Promise<void>;
}

async function answers(url: string, status: number): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    await response.body?.cancel();
    return response.status === status;
  } catch {
    return false;
  }
}

function residentBytesOf(pid: number): number {
  const kibibytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kibibytes === undefined) throw new Error(`/proc/${pid}/status shows no VmRSS`);
  return Number(kibibytes) * 1024;
}

/**
 * Starts `entry` on free ports (`PORT` and `SHORT_LINK_PORT`) as one process (Node with the tsx
 * loader, not the tsx CLI, which would run it in a child), logging to server.log in the data
 * folder, and waits for its ready answer.
 */
export async function startServerProcess(
  entry: string,
  args: string[],
  data: StoreData,
  cleanup: Cleanup,
  readiness: Readiness = apiReadiness,
): Promise<ServerProcess> {
  const port = await freePort();
  const shortLinkPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const logPath = join(data.dataDir, 'server.log');
  const log = openSync(logPath, 'a');
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SHORT_LINK_PORT: String(shortLinkPort),
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl,
      // No load balancer to drain from: stopping the server need not wait.
      DRAIN_SECONDS: '0',
      OUTBOX_DIR: undefined,
      SMTP_URL: undefined,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const running = () => server.exitCode === null && server.signalCode === null;
  const exited = new Promise<void>((resolve) => {
    server.once('exit', () => {
      resolve();
    });
  });
  const stop = async () => {
    if (running()) server.kill('SIGTERM');
    await exited;
  };
  cleanup.add(stop);

  const readyUrl = `${origin}${readiness.path}`;
  while (!(await answers(readyUrl, readiness.status))) {
    if (!running()) throw new Error(`${entry} stopped before it answered; see ${logPath}`);
    if (performance.now() - spawnedAt > startUpTimeoutMs) {
      await stop();
      throw new Error(`${entry} did not answer within ${startUpTimeoutMs / 1000} s`);
    }
    await delay(10);
  }
  const startUpMs = performance.now() - spawnedAt;
  const { pid } = server;
  if (pid === undefined) throw new Error(`${entry} has no process id`);
  return {
    origin,
    shortLinkOrigin: `http://127.0.0.1:${shortLinkPort}`,
    startUpMs,
    residentBytes: () => residentBytesOf(pid),
    stop,
  };
}
