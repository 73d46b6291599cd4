// Runs a command against a throwaway PostgreSQL cluster: `tsx scripts/with-postgres.ts -- <cmd>`.
// The cluster lives in a temporary folder, listens on a free loopback port and is removed
// afterwards; the command gets its address as DATABASE_URL. PostgreSQL refuses to run as root,
// so under root the cluster belongs to the `postgres` user.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port.ts';

const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (command.length === 0) {
  console.error('Usage: tsx scripts/with-postgres.ts -- <command> [arguments]');
  process.exit(2);
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const binDirectory = existsSync(POSTGRES_ROOT)
  ? readdirSync(POSTGRES_ROOT)
      .sort((a, b) => Number(a) - Number(b))
      .map((version) => join(POSTGRES_ROOT, version, 'bin'))
      .findLast((directory) => existsSync(join(directory, 'initdb')))
  : undefined;
if (!binDirectory) {
  console.error('PostgreSQL is missing: run scripts/ensure-postgres.sh first.');
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
function runAsOwner(binary: string, args: string[]) {
  const path = join(binDirectory ?? '', binary);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { stdio: 'pipe' });
  else execFileSync(path, args, { stdio: 'pipe' });
}

const root = mkdtempSync(join(tmpdir(), 'shelflink-postgres-'));
chmodSync(root, 0o777);
const dataDirectory = join(root, 'data');
const port = await freePort();

function stopCluster() {
  try {
    runAsOwner('pg_ctl', ['-D', dataDirectory, '-m', 'immediate', 'stop']);
  } catch {
    // It may not have started.
  }
  rmSync(root, { recursive: true, force: true });
}

let exitCode = 1;
try {
  runAsOwner('initdb', ['-D', dataDirectory, '-U', 'postgres', '--auth', 'trust', '-E', 'UTF8']);
  runAsOwner('pg_ctl', [
    ...['-D', dataDirectory, '-l', join(root, 'server.log'), '-w'],
    ...['-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`],
    'start',
  ]);
  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL on ${databaseUrl}`);
  exitCode = await new Promise<number>((resolve) => {
    const [executable = '', ...args] = command;
    const child = spawn(executable, args, {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    child.once('exit', (code, signal) => {
      resolve(code ?? (signal ? 1 : 0));
    });
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  stopCluster();
}
process.exit(exitCode);
