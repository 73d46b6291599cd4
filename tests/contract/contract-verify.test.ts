import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  type RunningBackend,
} from './fixtures/backends';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(repositoryRoot, 'node_modules/.bin/tsx');
const contract = loadContract(join(repositoryRoot, 'openapi/openapi.yaml'));
const operationTitles = listOperations(contract).map((entry) => entry.title);
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
  result: VerifyResult;
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
          result: JSON.parse(readFileSync(json, 'utf8')) as VerifyResult,
        });
      },
    );
  });
}

function row(stdout: string, operation: string): string {
  return stdout.split('\n').find((line) => line.startsWith(`${operation} `)) ?? '';
}

describe.concurrent('contract:verify', () => {
  test('passes a backend that answers with the contract’s examples', async () => {
    const backend = await startConformingBackend();
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'conforming');

    expect(exitCode).toBe(0);
    expect(result.operations.map((operation) => operation.operation)).toEqual(operationTitles);
    expect(result.operations.filter((operation) => operation.result !== 'passed')).toEqual([]);
    for (const title of operationTitles) {
      expect(row(stdout, title)).toMatch(/\s3\s+\d{3}\s+passed$/);
      expect(backend.received.filter((request) => request.operation === title)).toHaveLength(3);
    }
    expect(backend.received.every((request) => request.cookie === 'ss-id=contract-verify')).toBe(
      true,
    );
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
    const failing = result.operations.filter((operation) => operation.result !== 'passed');
    expect(failing.map((operation) => operation.operation).sort()).toEqual([
      'GET /v1/links/count',
      'GET /v1/links/list',
      'GET /v2/account',
    ]);
    const violationsOf = (title: string) =>
      failing
        .find((operation) => operation.operation === title)
        ?.cases.flatMap((item) =>
          item.outcome.result === 'violation' ? item.outcome.violations : [],
        );
    expect(violationsOf('GET /v1/links/count')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.count',
      message: 'Response body property count must be integer',
    });
    expect(violationsOf('GET /v2/account')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.email',
      message: "Response body must have required property 'email'",
    });
    expect(violationsOf('GET /v1/links/list')).toContainEqual({
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
    expect(result.operations.map(({ operation, result: outcome }) => [operation, outcome])).toEqual(
      [
        ['GET /v1/links/count', 'unreachable'],
        ['GET /v2/account', 'unreachable'],
      ],
    );
    expect(row(stdout, 'GET /v1/links/count')).toContain('unreachable: ');
  });
});

describe('contract:verify requests', () => {
  test('are built from the examples, then generated values the contract accepts', () => {
    const sampler = new SchemaSampler(contract);
    for (const entry of listOperations(contract)) {
      const cases = requestCases(contract, sampler, entry, { samples: 2, seed: 7 });
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
    });
    expect(example?.label).toBe('example series');
    expect(JSON.parse(example?.body ?? '{}')).toMatchObject({ title: 'The Orchard Trilogy' });
    const bodySchema = ['components', 'schemas', 'CreateCollectionRequest'];
    for (const item of generated) {
      expect(sampler.accepts(bodySchema, JSON.parse(item.body ?? 'null')), item.body).toBe(true);
    }
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
