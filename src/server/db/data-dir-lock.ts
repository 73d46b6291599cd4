// The embedded database is a folder one process owns: a second process on the same folder would
// see only its own writes and corrupt the other's. The first one to start writes its process id
// into a lock file there; a later one is refused while that process lives.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder for this process. A lock left by a process that has ended (or by this same
 * process id, as after a container restart) is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockFile = join(dataDir, 'shelflink.pid');
  for (;;) {
    try {
      const descriptor = openSync(lockFile, 'wx');
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return {
        release() {
          if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockFile);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new DataDirInUseError(
        `${dataDir} is in use by another Shelflink process (pid ${String(holder)}). The embedded ` +
          'database takes one process at a time: stop that one, give this one its own DATA_DIR, ' +
          'or run several instances on PostgreSQL with DATABASE_URL.',
      );
    }
    rmSync(lockFile, { force: true });
  }
}
