// Runs Prism 5 as a validating proxy: `prism proxy <contract> <target> --errors`. With --errors,
// Prism answers a request or an upstream response that violates the contract with a problem
// JSON (status 500, type …#VIOLATIONS, the violations in `validation`) and rejects an invalid
// request itself (…#UNPROCESSABLE_ENTITY) without forwarding it. Other replies pass through,
// with any warning (an undeclared status code, say) in the `sl-violations` header.
import { spawn } from 'node:child_process';

import { freePort } from '../support/free-port';
import { localBin, repositoryRoot } from './process';

export interface PrismProxy {
  origin: string;
  /** Everything Prism has logged so far. */
  log: () => string;
  /** The status the upstream returned for the request whose log starts at `offset`, if Prism logged it. */
  upstreamStatusSince: (offset: number) => Promise<number | undefined>;
  stop: () => Promise<void>;
}

const startupTimeoutMs = 60_000;
const upstreamLine = /The upstream call to \S+ has returned (\d{3})/g;

export async function startPrismProxy({
  contract,
  target,
  port,
  cwd = repositoryRoot,
}: {
  contract: string;
  target: string;
  port?: number;
  cwd?: string;
}): Promise<PrismProxy> {
  const listenPort = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listenPort}`;
  const prism = spawn(
    localBin('prism'),
    ['proxy', contract, target, '--errors', '--host', '127.0.0.1', '--port', String(listenPort)],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const append = (chunk: string): void => {
    log += chunk;
  };
  prism.stdout.setEncoding('utf8').on('data', append);
  prism.stderr.setEncoding('utf8').on('data', append);
  prism.on('error', (error) => {
    append(`${error.message}\n`);
  });
  const exited = new Promise<void>((resolveExit) => {
    prism.once('exit', () => {
      resolveExit();
    });
  });
  const stop = async (): Promise<void> => {
    if (prism.exitCode !== null || prism.signalCode !== null) return;
    prism.kill();
    await exited;
  };

  const deadline = Date.now() + startupTimeoutMs;
  while (!log.includes(`Prism is listening on ${origin}`)) {
    if (prism.exitCode !== null || prism.signalCode !== null) {
      throw new Error(`Prism exited before listening:\n${log.slice(-2000)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `Prism did not listen on ${origin} within ${startupTimeoutMs} ms:\n${log.slice(-2000)}`,
      );
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }

  const upstreamStatusSince = async (offset: number): Promise<number | undefined> => {
    // Prism logs the upstream status before it answers; the pipe may deliver it a moment later.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const matches = [...log.slice(offset).matchAll(upstreamLine)];
      const last = matches.at(-1)?.[1];
      if (last !== undefined) return Number(last);
      await new Promise((resolveWait) => setTimeout(resolveWait, 20));
    }
    return undefined;
  };

  return { origin, log: () => log, upstreamStatusSince, stop };
}
