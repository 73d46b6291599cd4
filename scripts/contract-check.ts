// npm run contract:check [-- --base <git ref or file>] [--contract <file>]
// Lints the contract, checks the generated types are fresh, reports breaking changes against a
// base contract and typechecks the app against the candidate's types. Offline. See
// the README (Contract checks for backend teams).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { runCheck } from './contract/check';
import { renderCheckReport } from './contract/report';
import { readCommandLine } from './support/command-line';

const usage = `Usage: npm run contract:check -- [options]
  --base <ref|file>       base contract: a git ref or a file (default: the merge-base with main)
  --contract <file>       candidate contract (default: openapi/openapi.yaml)
  --acknowledged <file>   acknowledged breaks (default: openapi/acknowledged-breaks.yaml)
  --skip-lint             skip Redocly and Spectral
  --skip-typecheck        skip the app's typecheck against the candidate types
  --json <file>           also write the result as JSON to <file>`;

async function main(): Promise<number> {
  const commandLine = readCommandLine(usage, () =>
    parseArgs({
      options: {
        base: { type: 'string' },
        contract: { type: 'string' },
        acknowledged: { type: 'string' },
        'skip-lint': { type: 'boolean' },
        'skip-typecheck': { type: 'boolean' },
        json: { type: 'string' },
        help: { type: 'boolean' },
      },
    }),
  );
  if (typeof commandLine === 'number') return commandLine;
  const { values } = commandLine;
  const result = await runCheck({
    ...(values.base === undefined ? {} : { base: values.base }),
    ...(values.contract === undefined ? {} : { contract: values.contract }),
    ...(values.acknowledged === undefined ? {} : { acknowledged: values.acknowledged }),
    skipLint: values['skip-lint'] === true,
    skipTypecheck: values['skip-typecheck'] === true,
  });
  console.log(renderCheckReport(result));
  if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
  return result.failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `contract:check could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 2;
  },
);
