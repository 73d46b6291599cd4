import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion and captures its output; never throws on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolvePromise) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd ?? repositoryRoot,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        let exitCode = 0;
        if (error !== null) {
          exitCode = typeof error.code === 'number' ? error.code : 1;
          if (typeof error.code === 'string') stderr += `\n${error.message}`;
        }
        resolvePromise({ exitCode, stdout, stderr });
      },
    );
  });
}

/** A binary installed in node_modules/.bin. */
export function localBin(name: string): string {
  return fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));
}
