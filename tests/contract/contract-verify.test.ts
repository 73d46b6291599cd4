import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

import { listOperations, loadContract } from '../../scripts/contract/openapi';
import { requestCases } from '../../scripts/contract/requests';
import { SchemaSampler } from '../../scripts/contract/sampler';
import { describeLocation, type VerifyResult } from '../../scripts/contract/verify';
import { freePort } from '../../scripts/contract/prism-proxy';
import {
  startBrokenBackend,
  startConformingBackend,
  startErrorOnlyBackend,
  startMalformedJsonBackend,
  startPartlyImplementedBackend,
  type RunningBackend,
} from './fixtures/backends';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(repositoryRoot, 'node_modules/.bin/tsx');
const contract = loadContract(join(repositoryRoot, 'openapi/openapi.yaml'));
const operations = listOperations(contract);
const operationTitles = operations.map((entry) => entry.title);
/** Operations whose only security requirement is none: no session cookie. */
const publicOperations = operations
  .filter((entry) =>
    entry.operation.security?.every((requirement) => Object.keys(requirement).length === 0),
  )
  .map((entry) => entry.title);
const impersonatingOperations = operations
  .filter((entry) => entry.parameters.some(({ parameter }) => parameter.name === 'X-Impersonate'))
  .map((entry) => entry.title);
const workDir = mkdtempSync(join(tmpdir(), 'contract-verify-test-'));
const backends: RunningBackend[] = [];

afterAll(async () => {
  await Promise.all(backends.map((backend) => backend.stop()));
  rmSync(workDir, { recursive: true, force: true });
});

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Undefined when verify could not run. */
  result: VerifyResult | undefined;
}

/** Runs the real contract:verify against a backend. */
function verify(target: string, name: string, args: string[] = []): Promise<Run> {
  const json = join(workDir, `${name}.json`);
  return new Promise((resolveRun) => {
    execFile(
      tsx,
      ['scripts/contract-verify.ts', '--target', target, '--json', json, ...args],
      { cwd: repositoryRoot, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolveRun({
          exitCode,
          stdout,
          stderr,
          result: existsSync(json)
            ? (JSON.parse(readFileSync(json, 'utf8')) as VerifyResult)
            : undefined,
        });
      },
    );
  });
}

function row(stdout: string, operation: string): string {
  return stdout.split('\n').find((line) => line.startsWith(`${operation} `)) ?? '';
}

function resultsOf(result: VerifyResult | undefined): [string, string][] {
  return (result?.operations ?? []).map(({ operation, result: outcome }) => [operation, outcome]);
}

function violationsOf(result: VerifyResult | undefined, title: string) {
  return result?.operations
    .find((operation) => operation.operation === title)
    ?.cases.flatMap((item) => (item.outcome.result === 'violation' ? item.outcome.violations : []));
}

// Each run starts Prism and sends every operation's requests through it: on a busy machine,
// with the other runs alongside, that can take longer than the project's default timeout.
describe.concurrent('contract:verify', { timeout: 180_000 }, () => {
  test('passes a backend that answers with the contract’s examples', async () => {
    const backend = await startConformingBackend();
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'conforming');

    expect(exitCode).toBe(0);
    expect(resultsOf(result)).toEqual(operationTitles.map((title) => [title, 'passed']));
    for (const title of operationTitles) {
      expect(row(stdout, title)).toMatch(/\s3\s+\d{3}\s+passed$/);
      expect(backend.received.filter((request) => request.operation === title)).toHaveLength(3);
    }
    const cookiesOf = (titles: string[]) =>
      new Set(
        backend.received
          .filter((request) => titles.includes(request.operation ?? ''))
          .map((request) => request.cookie),
      );
    expect(cookiesOf(publicOperations)).toEqual(new Set([undefined]));
    expect(cookiesOf(operationTitles.filter((title) => !publicOperations.includes(title)))).toEqual(
      new Set(['ss-id=contract-verify']),
    );
    expect(backend.received.filter((request) => request.impersonate !== undefined)).toEqual([]);
    expect(stdout).toContain(
      `${operationTitles.length} operations: ${operationTitles.length} passed`,
    );
    expect(stdout).toContain('Result: passed');
  });

  test('names each of the three ways a backend breaks the contract', async () => {
    const backend = await startBrokenBackend();
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'broken');

    expect(exitCode).toBe(1);
    expect(resultsOf(result).filter(([, outcome]) => outcome !== 'passed')).toEqual([
      ['GET /v1/links/list', 'violation'],
      ['GET /v1/links/count', 'violation'],
      ['GET /v2/account', 'violation'],
    ]);
    expect(violationsOf(result, 'GET /v1/links/count')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.count',
      message: 'Response body property count must be integer',
    });
    expect(violationsOf(result, 'GET /v2/account')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.email',
      message: "Response body must have required property 'email'",
    });
    expect(violationsOf(result, 'GET /v1/links/list')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.results[0].createdAt',
      message: 'Response body property results.0.createdAt must match format "date-time"',
    });

    expect(row(stdout, 'GET /v1/links/count')).toMatch(/violation: response \$\.count$/);
    expect(row(stdout, 'GET /v2/account')).toMatch(/violation: response \$\.email$/);
    expect(row(stdout, 'GET /v1/links/list')).toMatch(
      /violation: response \$\.results\[0\]\.createdAt$/,
    );
    expect(stdout).toContain('(backend answered 200)');
    expect(stdout).toContain(
      `${operationTitles.length} operations: ${operationTitles.length - 3} passed, 3 with violations`,
    );
    expect(stdout).toContain('Result: FAILED');
  });

  test('reports a backend that does not answer as unreachable and fails', async () => {
    const closedPort = await freePort();
    const { exitCode, stdout, result } = await verify(`http://127.0.0.1:${closedPort}`, 'down', [
      '--only',
      'countLinks,GET /v2/account',
    ]);
    expect(exitCode).toBe(1);
    expect(resultsOf(result)).toEqual([
      ['GET /v1/links/count', 'unreachable'],
      ['GET /v2/account', 'unreachable'],
    ]);
    expect(row(stdout, 'GET /v1/links/count')).toContain('unreachable: ');
  });

  test.for([401, 500])(
    'fails a backend that answers every request with its documented %i, naming every operation as not exercised',
    async (status) => {
      const backend = await startErrorOnlyBackend(status);
      backends.push(backend);
      const { exitCode, stdout, result } = await verify(backend.origin, `always-${status}`, [
        '--samples',
        '0',
      ]);

      expect(exitCode).toBe(1);
      expect(resultsOf(result)).toEqual(operationTitles.map((title) => [title, 'unexercised']));
      for (const title of operationTitles) {
        expect(row(stdout, title)).toMatch(
          new RegExp(`not exercised: no success reply \\(backend answered ${status}\\)$`),
        );
      }
      expect(stdout).toContain(
        `--allow-unexercised ${operations.map((entry) => entry.operationId).join(',')}\n`,
      );
      expect(stdout).toContain(
        `${operationTitles.length} operations: 0 passed, 0 with violations, 0 unreachable, ${operationTitles.length} not exercised (0 allowed)`,
      );
      expect(stdout).toContain('Result: FAILED');
    },
  );

  test('fails a backend that answers 404 for the half of the operations it does not implement', async () => {
    const unimplemented = operationTitles.filter((_title, index) => index % 2 === 1);
    const backend = await startPartlyImplementedBackend(unimplemented);
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'half-implemented', [
      '--samples',
      '0',
    ]);

    expect(exitCode).toBe(1);
    // Where the contract declares 404 the reply keeps it, yet the operation never succeeded;
    // elsewhere the 404 itself breaks the contract.
    const expected = operations.map((entry) => [
      entry.title,
      !unimplemented.includes(entry.title)
        ? 'passed'
        : entry.operation.responses?.['404'] === undefined
          ? 'violation'
          : 'unexercised',
    ]);
    expect(resultsOf(result)).toEqual(expected);
    expect(expected.filter(([, outcome]) => outcome === 'unexercised').length).toBeGreaterThan(2);
    for (const title of unimplemented) {
      expect(row(stdout, title)).toMatch(
        /(not exercised: no success reply \(backend answered 404\)|violation: response status)$/,
      );
    }
    expect(stdout).toContain('Result: FAILED');
  });

  test('reports a reply that is not JSON as a violation of its operation, not as unreachable', async () => {
    const malformed = ['GET /v1/links/count', 'GET /v2/account'];
    const backend = await startMalformedJsonBackend(malformed);
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'malformed-json', [
      '--samples',
      '0',
    ]);

    expect(exitCode).toBe(1);
    expect(resultsOf(result).filter(([, outcome]) => outcome !== 'passed')).toEqual(
      malformed.map((title) => [title, 'violation']),
    );
    for (const title of malformed) {
      expect(violationsOf(result, title)).toContainEqual({
        side: 'response',
        severity: 'error',
        path: '$',
        message: expect.stringMatching(/^Response body is not valid JSON: /) as unknown,
      });
      expect(row(stdout, title)).toMatch(/\s200\s+violation: response \$$/);
    }
    expect(stdout).toContain('(backend answered 200)');
    expect(stdout).toContain('Result: FAILED');
  });

  test('accepts an operation without a success reply only when --allow-unexercised lists it', async () => {
    const backend = await startErrorOnlyBackend(401);
    backends.push(backend);
    const only = ['--samples', '0', '--only', 'countLinks,getAccount'];
    const [one, both, misspelt] = await Promise.all([
      verify(backend.origin, 'allow-one', [...only, '--allow-unexercised', 'countLinks']),
      verify(backend.origin, 'allow-both', [
        ...only,
        '--allow-unexercised',
        'countLinks',
        '--allow-unexercised',
        'GET /v2/account',
      ]),
      verify(backend.origin, 'allow-misspelt', [
        ...only,
        '--allow-unexercised',
        'countLinks,getAcount',
      ]),
    ]);

    expect(one.exitCode).toBe(1);
    expect(row(one.stdout, 'GET /v1/links/count')).toMatch(/not exercised \(allowed\): /);
    expect(row(one.stdout, 'GET /v2/account')).toMatch(/not exercised: /);
    expect(one.stdout).toContain('--allow-unexercised getAccount\n');
    expect(one.stdout).toContain('2 not exercised (1 allowed)');

    expect(both.exitCode).toBe(0);
    expect(both.result?.operations.map((operation) => operation.allowed)).toEqual([true, true]);
    expect(both.stdout).toContain(
      '2 operations: 0 passed, 0 with violations, 0 unreachable, 2 not exercised (2 allowed)',
    );
    expect(both.stdout).toContain('Result: passed');

    expect(misspelt.exitCode).toBe(2);
    expect(misspelt.stderr).toContain(
      '--allow-unexercised names no operation of the contract: getAcount',
    );
  });

  test('sends the author’s session, the administrator’s to Administrator operations, and impersonates as the administrator', async () => {
    const backend = await startConformingBackend();
    backends.push(backend);
    const { exitCode, result } = await verify(backend.origin, 'sessions', [
      '--samples',
      '0',
      '--cookie',
      'ss-id=author-session',
      '--admin-cookie',
      'ss-id=admin-session',
    ]);

    expect(exitCode).toBe(0);
    expect(resultsOf(result)).toEqual(operationTitles.map((title) => [title, 'passed']));
    const sessionsOf = (title: string) => [
      ...new Set(
        backend.received
          .filter((request) => request.operation === title && request.impersonate === undefined)
          .map((request) => request.cookie),
      ),
    ];
    expect(sessionsOf('GET /v1/admin/account')).toEqual(['ss-id=admin-session']);
    expect(sessionsOf('GET /v1/links/count')).toEqual(['ss-id=author-session']);
    expect(sessionsOf('POST /auth')).toEqual(['ss-id=author-session']);
    expect(sessionsOf('POST /v1/login')).toEqual([undefined]);

    // Signing out would end the session the other operations need, so it comes last.
    expect(backend.received.at(-1)?.operation).toBe('POST /auth/logout');

    const impersonating = backend.received.filter((request) => request.impersonate !== undefined);
    expect(impersonating.map((request) => request.operation)).toEqual(impersonatingOperations);
    for (const request of impersonating) {
      expect(request).toMatchObject({ impersonate: '10482', cookie: 'ss-id=admin-session' });
    }
  });
});

describe('contract:verify requests', () => {
  test('are built from the examples, then generated values the contract accepts', () => {
    const sampler = new SchemaSampler(contract);
    for (const entry of listOperations(contract)) {
      const cases = requestCases(contract, sampler, entry, {
        samples: 2,
        seed: 7,
        impersonate: false,
      });
      expect(cases.length, entry.title).toBeGreaterThanOrEqual(2);
      expect(cases.at(-1)?.label, entry.title).toBe('generated 2');
      expect(
        cases.every((item) => item.target.startsWith(entry.path.split('{')[0] ?? '')),
        entry.title,
      ).toBe(true);
    }
    const collections = listOperations(contract).find(
      (entry) => entry.title === 'POST /v2/collections',
    );
    if (collections === undefined) throw new Error('No POST /v2/collections');
    const [example, ...generated] = requestCases(contract, sampler, collections, {
      samples: 3,
      seed: 7,
      impersonate: false,
    });
    expect(example?.label).toBe('example series');
    expect(JSON.parse(example?.body ?? '{}')).toMatchObject({ title: 'The Orchard Trilogy' });
    const bodySchema = ['components', 'schemas', 'CreateCollectionRequest'];
    for (const item of generated) {
      expect(sampler.accepts(bodySchema, JSON.parse(item.body ?? 'null')), item.body).toBe(true);
    }
  });

  test('carry the session each operation’s security needs, and impersonate as an administrator', () => {
    const sampler = new SchemaSampler(contract);
    const casesOf = (operationId: string) => {
      const entry = operations.find((operation) => operation.operationId === operationId);
      if (entry === undefined) throw new Error(`No operation ${operationId}`);
      return requestCases(contract, sampler, entry, { samples: 1, seed: 7, impersonate: true });
    };
    const sessionsOf = (operationId: string) =>
      casesOf(operationId).map(({ label, session }) => [label, session]);

    expect(sessionsOf('login')).toEqual([
      ['example signInToken', 'none'],
      ['generated 1', 'none'],
    ]);
    expect(sessionsOf('authenticate')).toEqual([
      ['parameter examples', 'author'],
      ['generated 1', 'author'],
    ]);
    expect(sessionsOf('countLinks')).toEqual([
      ['parameter examples', 'author'],
      ['impersonating 10482', 'administrator'],
      ['generated 1', 'author'],
    ]);
    expect(sessionsOf('lookUpAccount').map(([, session]) => session)).toEqual([
      'administrator',
      'administrator',
      'administrator',
    ]);
    const [documented, impersonating] = casesOf('countLinks');
    expect(impersonating).toMatchObject({
      target: documented?.target,
      headers: { ...documented?.headers, 'X-Impersonate': '10482' },
    });
  });

  test('read Prism’s violation locations as paths', () => {
    expect(
      describeLocation(
        ['response', 'body', 'results', '0', 'createdAt'],
        'must match format',
        'format',
      ),
    ).toEqual({
      side: 'response',
      path: '$.results[0].createdAt',
    });
    expect(
      describeLocation(['response', 'body'], "must have required property 'email'", 'required'),
    ).toEqual({
      side: 'response',
      path: '$.email',
    });
    expect(
      describeLocation(['query'], "Request query must have required property 'domain'", 'required'),
    ).toEqual({
      side: 'request',
      path: 'query domain',
    });
    expect(
      describeLocation(['response'], 'Unable to match the returned status code', undefined),
    ).toEqual({
      side: 'response',
      path: 'status',
    });
  });
});
