import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/data-dir-lock';

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another process that takes the folder with the same code, and holds it until killed. */
async function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const holder = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/server/db/data-dir-lock.ts').then(({ lockDataDir }) => {
        lockDataDir(${JSON.stringify(dataDir)});
        console.log('locked');
        setInterval(() => {}, 1000);
      });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(holder);
  await new Promise<void>((resolve) => {
    holder.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
  });
  return holder;
}

describe('the embedded database’s folder', () => {
  test('is refused to a second process while the first runs, naming the first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shelflink-lock-'));
    const holder = await holdInAnotherProcess(dataDir);

    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(`(pid ${String(holder.pid)})`);
  });

  test('is taken over from a process that has ended without releasing it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shelflink-lock-'));
    const holder = await holdInAnotherProcess(dataDir);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));

    const lock = lockDataDir(dataDir);

    lock.release();
    expect(existsSync(join(dataDir, 'shelflink.pid'))).toBe(false);
  });

  test('is taken over from a lock holding this process’s own id, as after a container restart', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shelflink-lock-'));
    writeFileSync(join(dataDir, 'shelflink.pid'), String(process.pid));

    expect(() => {
      lockDataDir(dataDir).release();
    }).not.toThrow();
  });
});
