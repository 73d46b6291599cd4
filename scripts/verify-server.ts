// npm run contract:verify:server [-- <contract:verify options>]
// contract:verify against the real server, started as `npm start` starts it (src/server/start.ts:
// the API under /api, the short-link host on a port of its own, the embedded database seeded
// with the demo, mail kept in the outbox folder) on free ports and a throwaway data folder. It
// signs in as the demo author and the demo administrator through the outbox, runs verify with
// their sessions, the outbox and the short-link host as the target of the contract's short-link
// server, and exits with verify's exit code. The server is stopped and its folder removed
// whatever happens.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DEMO_ADMIN_EMAIL, DEMO_AUTHOR_EMAIL } from '../src/server/db/seed/demo-data.ts';
import { mailedLinkValues } from './contract/outbox.ts';
import { repositoryRoot } from './contract/process.ts';
import { freePort } from './support/free-port.ts';

/** The environment's settings the run replaces or leaves out (see src/server/config.ts). */
const replacedSettings = [
  ...['PORT', 'HOST', 'SHORT_LINK_PORT', 'SHORT_LINK_ORIGIN', 'DATA_DIR', 'OUTBOX_DIR'],
  ...['DATABASE_URL', 'SMTP_URL', 'APP_ORIGIN'],
];
/** The server the contract names for the short-link host's operations. */
const shortLinkServer = 'https://shelf.to';
/** Long enough for `npm start` to build the product first when its build is stale. */
const startupTimeoutMs = 300_000;
const stopTimeoutMs = 15_000;

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * The product as `npm start` runs it, on its own data folder and free ports. The demo is seeded
 * only into the embedded database, and the sign-in mail must reach the folder's outbox, so the
 * environment's own store and mail settings are left out. Node on scripts/start.mjs rather than
 * `npm start`: one process, so stopping it stops the server.
 */
async function spawnServer(dataDir: string): Promise<ChildProcess> {
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !replacedSettings.includes(name)),
    ),
    PORT: String(await freePort()),
    SHORT_LINK_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // No load balancer to drain from: stopping the product need not wait.
    DRAIN_SECONDS: '0',
  };
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface RunningOrigins {
  app: string;
  shortLinks: string;
}

/** The app's and the short-link host's origins, once the server prints that it is running. */
function runningOrigins(server: ChildProcess): Promise<RunningOrigins> {
  return new Promise<RunningOrigins>((resolveStart, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const app = /Shelflink is running on (http:\/\/\S+?),/.exec(output)?.[1];
      const shortLinks = /Short links open on (http:\/\/\S+?)\.?\s/.exec(output)?.[1];
      if (app === undefined || shortLinks === undefined) return;
      // The server logs every request from now on; nothing needs its output any more.
      server.stdout?.off('data', collect).resume();
      server.stderr?.off('data', collect).resume();
      resolveStart({ app, shortLinks });
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    server.once('exit', () => {
      reject(new Error(`The server exited before it was running:\n${output.slice(-4000)}`));
    });
    setTimeout(() => {
      reject(new Error(`The server was not running after ${startupTimeoutMs / 1000} s`));
    }, startupTimeoutMs).unref();
  });
}

/** SIGTERM, on which the server drains requests and closes its database; SIGKILL if it hangs. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolveExit) => server.once('exit', resolveExit));
  server.kill('SIGTERM');
  const forced = setTimeout(() => server.kill('SIGKILL'), stopTimeoutMs);
  await exited;
  clearTimeout(forced);
}

async function postJson(url: string, body: unknown): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Signs in as a reader of the e-mail does: asks for a link, then sends the token it carries. */
async function signIn(api: string, outboxDir: string, email: string): Promise<string> {
  await postJson(`${api}/v1/signup/link`, { email });
  const token = mailedLinkValues(outboxDir, email, '/login/{token}')?.token;
  if (token === undefined) throw new Error(`No sign-in link for ${email} in ${outboxDir}`);
  const response = await postJson(`${api}/v1/login`, { token });
  const cookie = /^ss-id=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (cookie === undefined) throw new Error(`Signing in as ${email} set no session cookie`);
  return cookie;
}

/** contract:verify in a process group of its own, so that stopping it stops its Prism too. */
function spawnContractVerify(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/contract-verify.ts', ...args], {
    cwd: repositoryRoot,
    stdio: 'inherit',
    detached: true,
  });
}

function exitCodeOf(child: ChildProcess): Promise<number> {
  return new Promise((resolveExit) => {
    child.once('exit', (code) => {
      resolveExit(code ?? 1);
    });
  });
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'shelflink-verify-'));
  const outboxDir = join(dataDir, 'outbox');
  let server: ChildProcess | undefined;
  let verify: ChildProcess | undefined;
  // On a signal, stopping what runs ends whatever waits for it; the folder goes below.
  const stopOnSignal = () => {
    if (verify?.pid !== undefined && verify.exitCode === null) process.kill(-verify.pid);
    if (server !== undefined) void stopServer(server);
  };
  process.once('SIGINT', stopOnSignal).once('SIGTERM', stopOnSignal);
  try {
    console.log('Starting the real server (`npm start` builds the product first if it is stale)…');
    server = await spawnServer(dataDir);
    const origins = await runningOrigins(server);
    const api = `${origins.app}/api`;
    const cookie = await signIn(api, outboxDir, DEMO_AUTHOR_EMAIL);
    const adminCookie = await signIn(api, outboxDir, DEMO_ADMIN_EMAIL);
    console.log(
      `Running on ${api} and ${origins.shortLinks} after ${seconds(startedAt)}, with data in ` +
        `${dataDir}; signed in as ${DEMO_AUTHOR_EMAIL} and ${DEMO_ADMIN_EMAIL}.\n`,
    );
    verify = spawnContractVerify([
      ...['--target', api, '--cookie', cookie, '--admin-cookie', adminCookie],
      ...['--server-target', `${shortLinkServer}=${origins.shortLinks}`],
      ...['--outbox', outboxDir],
      ...process.argv.slice(2),
    ]);
    const exitCode = await exitCodeOf(verify);
    console.log(`\ncontract:verify:server took ${seconds(startedAt)}.`);
    return exitCode;
  } finally {
    if (server !== undefined) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `contract:verify:server could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 2;
  },
);
