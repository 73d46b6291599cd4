// npm run contract:fuzz [-- --seed N --cases N --only ids]
// Fuzzes the real server, in this process on an in-memory database, at every operation of the
// contract: the contract's examples, values generated from its schemas and targeted invalid
// requests, as a signed-out visitor, an author and an administrator. Fails when a reply is a
// 5xx, is not declared or does not fit its schema, when a request the contract refuses succeeds,
// or when a refused request stores or mails anything. See the README (Fuzzing the server).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { defaultFuzzSeed, defaultGeneratedCases, runFuzz, type FuzzFailure } from './contract/fuzz';
import { readCommandLine } from './support/command-line';

const seedVariable = 'CONTRACT_FUZZ_SEED';

const usage = `Usage: npm run contract:fuzz -- [options]
  --seed <n>      seed of the generated requests (default: $${seedVariable}, else ${defaultFuzzSeed})
  --cases <n>     requests generated from the schemas per operation, besides the examples and
                  the targeted invalid ones (default: ${defaultGeneratedCases})
  --only <ids>    comma-separated operationIds or "GET /path" to fuzz
  --contract <file>
                  contract (default: openapi/openapi.yaml)
  --json <file>   also write every failure, with its whole request and reply, as JSON`;

/** Shown as JSON, so that NUL, a lone surrogate or a backslash is visible; long text is cut. */
function shown(value: string | Record<string, string>, limit = 600): string {
  const text = JSON.stringify(value);
  if (text.length <= limit) return text;
  const length =
    typeof value === 'string' ? `${value.length} characters` : `${text.length} in JSON`;
  return `${text.slice(0, limit)}… (${length} in all; --json writes it whole)`;
}

/**
 * A body: JSON as it is, whose escapes already show NUL or a lone surrogate; anything else (or
 * JSON that does not read back the same, such as a number past double precision) as a string.
 */
function shownBody(text: string): string {
  let same = false;
  try {
    same = JSON.stringify(JSON.parse(text)) === text;
  } catch {
    // Not JSON: shown as a string below.
  }
  if (!same || /[^\x20-\x7e]/.test(text)) return shown(text);
  return text.length <= 600 ? text : shown(text);
}

/** A file's bytes: how many, and the first few in hex, which name most file formats. */
function shownBytes(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 16))
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ');
  return `${bytes.length} bytes: ${head}${bytes.length > 16 ? ' …' : ''}`;
}

/** The failures as JSON, a file's bytes in base64 (not as a list of numbers). */
function failuresJson(result: unknown): string {
  return JSON.stringify(
    result,
    function (this: Record<string, unknown>, key: string, value: unknown) {
      const original = this[key];
      return original instanceof Uint8Array
        ? { base64: Buffer.from(original).toString('base64') }
        : value;
    },
    2,
  );
}

function renderFailure(failure: FuzzFailure): string {
  const { request, reply } = failure;
  const lines = [
    `✖ ${failure.operation}  ${failure.kind}  ${failure.status === 0 ? '' : `${failure.status}  `}${failure.assertion}` +
      (failure.count > 1 ? `  (${failure.count} requests)` : ''),
    `    why      ${failure.message}`,
  ];
  if (request !== undefined) {
    lines.push(
      `    case     ${request.detail}, as ${request.identity === 'signed out' ? 'a signed-out visitor' : `the ${request.identity}`}${request.overSocket === true ? ', over a socket' : ''}`,
      `    request  ${request.method} ${shown(request.target)}`,
      `    headers  ${shown(request.headers)}`,
      `    body     ${request.body === undefined ? '(none)' : typeof request.body === 'string' ? shownBody(request.body) : shownBytes(request.body)}`,
    );
  }
  if (reply !== undefined) {
    lines.push(
      `    reply    ${reply.status} ${shown(reply.headers['content-type'] ?? '(no content type)')}`,
      `    body     ${reply.text === '' ? '(empty)' : shownBody(reply.text)}`,
    );
  }
  return lines.join('\n');
}

function wholeNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number`);
  return parsed;
}

async function main(): Promise<number> {
  const commandLine = readCommandLine(usage, () =>
    parseArgs({
      options: {
        seed: { type: 'string' },
        cases: { type: 'string' },
        only: { type: 'string' },
        contract: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean' },
      },
    }),
  );
  if (typeof commandLine === 'number') return commandLine;
  const { values } = commandLine;
  let seed: number;
  let generated: number;
  try {
    seed =
      wholeNumber(values.seed, '--seed') ??
      wholeNumber(process.env[seedVariable], seedVariable) ??
      defaultFuzzSeed;
    generated = wholeNumber(values.cases, '--cases') ?? defaultGeneratedCases;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const only = (values.only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  console.log(`contract:fuzz seed ${seed}, ${generated} generated requests per operation`);
  const started = Date.now();
  const result = await runFuzz({
    seed,
    generated,
    only,
    ...(values.contract === undefined ? {} : { contract: values.contract }),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const failure of result.failures) console.log(`\n${renderFailure(failure)}`);
  if (values.json !== undefined) {
    writeFileSync(values.json, `${failuresJson(result)}\n`);
  }
  const failed = result.failures.length > 0;
  console.log(
    `\n${result.operations} operations, ${result.requests} requests in ${seconds} s` +
      (result.unsendable > 0 ? ` (${result.unsendable} could not be sent)` : '') +
      `, ${result.failures.length} distinct failures (seed ${seed})`,
  );
  if (failed) {
    const again = only.length === 0 ? '' : ` --only '${only.join(',')}'`;
    console.log(
      `Result: FAILED. Reproduce with: npm run contract:fuzz -- --seed ${seed} --cases ${generated}${again}`,
    );
  } else {
    console.log('Result: passed');
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `contract:fuzz could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 2;
  },
);
