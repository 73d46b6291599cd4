// --run-e2e: the app's Playwright suite with its API calls going through the Prism proxy.
import { spawn } from 'node:child_process';

import { freePort } from '../support/free-port';
import type { PrismProxy } from './prism-proxy';
import { repositoryRoot } from './process';

export interface E2eResult {
  exitCode: number;
  /** `GET /v1/links/list ×3`: calls during the suite that Prism answered with a violation. */
  violations: string[];
}

const violationLine = /\[HTTP SERVER\] (\w+) (\S+) .*errors#(VIOLATIONS|UNPROCESSABLE_ENTITY)/g;

/**
 * Runs `npx playwright test [args]` with SHELFLINK_API_TARGET set to the proxy's origin: the
 * preview server's /api proxy (vite.config.ts) then sends the app's calls through Prism to the
 * backend. The preview server gets a port of its own (E2E_PREVIEW_PORT) so that a running one,
 * which would still point at the mock, is not reused.
 */
export async function runE2eThroughProxy(proxy: PrismProxy, args: string[]): Promise<E2eResult> {
  const offset = proxy.log().length;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SHELFLINK_API_TARGET: proxy.origin,
    E2E_PREVIEW_PORT: process.env.E2E_PREVIEW_PORT ?? String(await freePort()),
  };
  console.log(
    `\nRunning the e2e suite: SHELFLINK_API_TARGET=${proxy.origin} E2E_PREVIEW_PORT=${env.E2E_PREVIEW_PORT ?? ''} npx playwright test ${args.join(' ')}`,
  );
  const exitCode = await new Promise<number>((resolveExit) => {
    const child = spawn('npx', ['playwright', 'test', ...args], {
      cwd: repositoryRoot,
      env,
      stdio: 'inherit',
    });
    child.on('error', () => {
      resolveExit(1);
    });
    child.on('exit', (code) => {
      resolveExit(code ?? 1);
    });
  });
  const counts = new Map<string, number>();
  for (const match of proxy.log().slice(offset).matchAll(violationLine)) {
    const key = `${(match[1] ?? '').toUpperCase()} ${match[2] ?? ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return {
    exitCode,
    violations: [...counts.entries()].map(([call, count]) => `${call} ×${count}`),
  };
}
