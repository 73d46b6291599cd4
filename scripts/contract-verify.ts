// npm run contract:verify -- --target http://host:port [--run-e2e]
// Puts Prism in front of a running backend as a validating proxy and sends every operation of
// the contract through it, built from the contract's examples, links and schemas. Fails on any
// violation and on any operation that never got a success reply. See the README (Contract checks
// for backend teams) and docs/contract-checks.md.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { runE2eThroughProxy, type E2eResult } from './contract/e2e';
import { runVerify } from './contract/verify';
import { renderVerifyReport } from './contract/verify-report';
import { readCommandLine } from './support/command-line';

const usage = `Usage: npm run contract:verify -- --target <origin> [options] [-- playwright args]
  --target <origin>     the backend, e.g. http://127.0.0.1:8080 (required)
  --server-target <server>=<origin>
                        where to send the operations whose path or operation names a server
                        of its own, e.g. https://shelf.to=http://127.0.0.1:4002 (repeatable);
                        they go there directly, not through Prism, and verify checks their
                        replies itself. Without one, they are not exercised
  --contract <file>     contract (default: openapi/openapi.yaml)
  --cookie <cookie>     a signed-in author's session cookie, sent to operations that take the
                        session cookie (default: ss-id=contract-verify)
  --admin-cookie <cookie>
                        an administrator's session cookie, sent to Administrator operations and
                        with X-Impersonate (default: none; then Administrator operations get
                        --cookie and no request impersonates)
  --samples <n>         generated requests per operation besides the examples (default: 2)
  --seed <n>            seed of the generated requests (default: fixed, so runs repeat)
  --only <ids>          comma-separated operationIds or "GET /path" to check
  --allow-unexercised <ids>
                        comma-separated operationIds or "GET /path" that may end without a
                        success reply (repeatable)
  --outbox <dir>        the backend's outbox folder, where it writes each e-mail as a file:
                        follows the links whose values are e-mailed (x-mailed-link), such as
                        signing in with the token of a sign-in e-mail
  --timeout-ms <n>      how long each request may take before the backend counts as
                        unreachable (default: 15000)
  --port <n>            Prism's port (default: a free one)
  --run-e2e             also run the Playwright suite through the proxy
  --json <file>         also write the result as JSON to <file>`;

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number`);
  return parsed;
}

/** `https://shelf.to=http://127.0.0.1:4002` → `['https://shelf.to', 'http://127.0.0.1:4002']` */
function serverTarget(mapping: string): [string, string] {
  const match = /^(https?:\/\/[^=]+)=(https?:\/\/[^/]+.*)$/.exec(mapping);
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new Error(`--server-target takes <server url>=<origin>, not ${mapping}`);
  }
  return [match[1], match[2]];
}

/** `countLinks, GET /v2/account` → `['countLinks', 'GET /v2/account']` */
function names(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

async function main(): Promise<number> {
  const commandLine = readCommandLine(usage, () =>
    parseArgs({
      allowPositionals: true,
      options: {
        target: { type: 'string' },
        'server-target': { type: 'string', multiple: true },
        contract: { type: 'string' },
        cookie: { type: 'string' },
        'admin-cookie': { type: 'string' },
        samples: { type: 'string' },
        seed: { type: 'string' },
        only: { type: 'string' },
        'allow-unexercised': { type: 'string', multiple: true },
        outbox: { type: 'string' },
        port: { type: 'string' },
        'timeout-ms': { type: 'string' },
        'run-e2e': { type: 'boolean' },
        json: { type: 'string' },
        help: { type: 'boolean' },
      },
    }),
  );
  if (typeof commandLine === 'number') return commandLine;
  const { values, positionals } = commandLine;
  if (values.target === undefined || !/^https?:\/\/[^/]+/.test(values.target)) {
    console.error(`--target <origin> is required, e.g. --target http://127.0.0.1:8080\n${usage}`);
    return 2;
  }
  let serverTargets: Record<string, string>;
  try {
    serverTargets = Object.fromEntries((values['server-target'] ?? []).map(serverTarget));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const samples = integer(values.samples, 'samples');
  const seed = integer(values.seed, 'seed');
  const port = integer(values.port, 'port');
  const timeoutMs = integer(values['timeout-ms'], 'timeout-ms');
  // The report prints as soon as the operations are done, before any e2e run's own output.
  const outcome: { e2e?: E2eResult } = {};
  const result = await runVerify({
    target: values.target.replace(/\/+$/, ''),
    serverTargets,
    ...(values.contract === undefined ? {} : { contract: values.contract }),
    ...(values.cookie === undefined ? {} : { cookie: values.cookie }),
    ...(values['admin-cookie'] === undefined ? {} : { adminCookie: values['admin-cookie'] }),
    ...(samples === undefined ? {} : { samples }),
    ...(seed === undefined ? {} : { seed }),
    ...(port === undefined ? {} : { port }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(values.only === undefined ? {} : { only: names(values.only) }),
    ...(values.outbox === undefined ? {} : { outbox: values.outbox }),
    ...(values['allow-unexercised'] === undefined
      ? {}
      : { allowUnexercised: values['allow-unexercised'].flatMap(names) }),
    afterOperations: async (proxy, verified) => {
      console.log(renderVerifyReport(verified));
      if (values['run-e2e'] === true) {
        outcome.e2e = await runE2eThroughProxy(proxy, positionals);
      }
    },
  });
  const { e2e } = outcome;
  if (e2e !== undefined) {
    console.log(
      `\nE2E through the proxy: ${e2e.exitCode === 0 ? 'passed' : `FAILED (exit ${e2e.exitCode})`}`,
    );
    for (const line of e2e.violations) console.log(`  ✖ contract violation during e2e: ${line}`);
  }
  if (values.json !== undefined) {
    const report = { ...result, ...(e2e === undefined ? {} : { e2e }) };
    writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  }
  const e2eFailed = e2e !== undefined && e2e.exitCode !== 0;
  return result.passed && !e2eFailed ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `contract:verify could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 2;
  },
);
