import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { stringify } from 'yaml';

import { parseAcknowledgedBreaks } from '../../scripts/contract/acknowledged';
import type { CheckResult } from '../../scripts/contract/check';
import { resolveBase } from '../../scripts/contract/git';
import { typecheckApp, sameTypes } from '../../scripts/contract/typecheck';
import { generateTypes } from '../../scripts/contract/types';
import {
  contractPath,
  contractText,
  loadRealContract,
  mutatedContract,
  type MutationName,
} from './fixtures/contract-mutations';

// The tests run contract:check on the whole contract, some with lint and type generation, at once
// and beside the contract project's other files: on a busy machine that takes longer than the
// project's default timeout.
vi.setConfig({ testTimeout: 180_000 });

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(repositoryRoot, 'node_modules/.bin/tsx');
const workDir = mkdtempSync(join(tmpdir(), 'contract-check-test-'));
const noAcknowledgements = join(workDir, 'no-acknowledgements.yaml');
writeFileSync(noAcknowledgements, '[]\n');

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

interface SchemaShape {
  type?: string;
  required?: string[];
  description?: string;
  maxLength?: number;
  properties?: Record<string, SchemaShape>;
}

interface ContractShape {
  components: { schemas: Record<string, SchemaShape> };
}

function schemaOf(contract: ContractShape, name: string): SchemaShape {
  const schema = contract.components.schemas[name];
  if (schema === undefined) throw new Error(`The contract has no schema ${name}`);
  return schema;
}

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[], cwd = repositoryRoot): Promise<Run> {
  return new Promise((resolveRun) => {
    execFile(
      tsx,
      [join(repositoryRoot, script), ...args],
      { cwd, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolveRun({ exitCode, stdout, stderr });
      },
    );
  });
}

function writeContract(name: string, contract: unknown): string {
  const file = join(workDir, `${name}.yaml`);
  writeFileSync(file, stringify(contract));
  return file;
}

/** Runs the real contract:check on a mutated copy of the contract against the real one. */
async function check(
  name: MutationName,
  acknowledged = noAcknowledgements,
): Promise<Run & { result: CheckResult | undefined }> {
  const candidate = writeContract(name, mutatedContract(name));
  const json = join(workDir, `${name}-${String(Math.random()).slice(2)}.json`);
  const run = await runScript('scripts/contract-check.ts', [
    '--base',
    contractPath,
    '--contract',
    candidate,
    '--acknowledged',
    acknowledged,
    '--skip-lint',
    '--skip-typecheck',
    '--json',
    json,
  ]);
  const result = existsSync(json)
    ? (JSON.parse(readFileSync(json, 'utf8')) as CheckResult)
    : undefined;
  return { ...run, result };
}

function breaking(result: CheckResult | undefined) {
  return (result?.changes ?? []).filter((change) => change.class === 'breaking');
}

describe.concurrent('contract:check classifies each kind of change to the real contract', () => {
  test('a removed operation is breaking and fails the check', async () => {
    const { exitCode, result, stdout } = await check('removedOperation');
    expect(exitCode).toBe(1);
    expect(stdout).toContain('✖ GET /v1/links/count\n');
    expect(stdout).toContain('what: operation removed');
    expect(stdout).toContain('why:  Clients calling it get 404 Not Found.');
    expect(stdout).toContain('path: /paths/~1v1~1links~1count/get');
    expect(stdout).toContain(
      'Counts: breaking 1 (0 acknowledged), deprecated 0, unclassified 0, non-breaking 0, annotation 0',
    );
    expect(stdout).toContain('Result: FAILED: 1 unacknowledged breaking change');
    expect(breaking(result)).toEqual([
      expect.objectContaining({
        kind: 'operation-removed',
        where: 'GET /v1/links/count',
        pointer: '/paths/~1v1~1links~1count/get',
        why: 'Clients calling it get 404 Not Found.',
      }),
    ]);
    expect(result?.failures).toEqual(['1 unacknowledged breaking change']);
  });

  test('a new required parameter is breaking and fails the check', async () => {
    const { exitCode, result } = await check('newRequiredParameter');
    expect(exitCode).toBe(1);
    expect(breaking(result)).toEqual([
      expect.objectContaining({
        kind: 'parameter-added-required',
        where: 'GET /v1/links/list query parameter shelf',
        why: 'Existing calls do not send it and are rejected.',
      }),
    ]);
  });

  test('a removed response field is breaking wherever the schema is returned', async () => {
    const { exitCode, result } = await check('removedResponseField');
    expect(exitCode).toBe(1);
    const changes = breaking(result);
    expect(changes.map((change) => change.where)).toEqual(
      expect.arrayContaining([
        'GET /v1/links/list response 200 results[].title',
        'POST /v1/links response 201 title',
        'PUT /v1/links response 200 title',
        'POST /v1/links/pending response 200 link.title',
      ]),
    );
    for (const change of changes) {
      expect(change).toMatchObject({
        kind: 'response-field-removed',
        origin: '/components/schemas/Link/properties/title',
        why: 'Clients reading it get undefined and break.',
      });
    }
  });

  test('a retyped response field is breaking, though api-smart-diff calls it non-breaking', async () => {
    const { exitCode, result } = await check('retypedResponseField');
    expect(exitCode).toBe(1);
    expect(breaking(result)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'response-field-retyped',
          where: 'GET /v2/account response 200 canUpgrade',
          what: 'type boolean → string',
          reclassifiedFrom: 'non-breaking',
        }),
      ]),
    );
  });

  test('a narrowed request enum is breaking', async () => {
    const { exitCode, result } = await check('narrowedEnum');
    expect(exitCode).toBe(1);
    expect(breaking(result)).toEqual([
      expect.objectContaining({
        kind: 'request-enum-narrowed',
        where: 'POST /v1/report-link-issue request body kind',
        what: 'enum value removed: wrongCountry',
        origin: '/components/schemas/LinkIssueKind/enum',
        why: 'Values clients send are rejected.',
      }),
    ]);
  });

  test('a removed example is unclassified and passes', async () => {
    const { exitCode, result } = await check('removedExample');
    expect(exitCode).toBe(0);
    expect(result?.changes).toEqual([
      expect.objectContaining({
        class: 'unclassified',
        kind: 'example-changed',
        where: 'GET /v1/links/count response 200 example none',
      }),
    ]);
    expect(result?.counts).toMatchObject({ breaking: 0, unclassified: 1 });
  });

  test('an added optional response field is non-breaking and passes', async () => {
    const { exitCode, result } = await check('addedOptionalField');
    expect(exitCode).toBe(0);
    expect(result?.changes.length).toBeGreaterThan(0);
    for (const change of result?.changes ?? []) {
      expect(change).toMatchObject({ class: 'non-breaking', kind: 'response-field-added' });
    }
    expect(result?.changes.map((change) => change.where)).toContain(
      'GET /v1/links/list response 200 results[].subtitle',
    );
  });

  test('an added endpoint is non-breaking and passes', async () => {
    const { exitCode, result } = await check('addedEndpoint');
    expect(exitCode).toBe(0);
    expect(result?.changes).toEqual([
      expect.objectContaining({
        class: 'non-breaking',
        kind: 'operation-added',
        where: 'GET /v1/links/archived/count',
      }),
    ]);
  });

  test('an acknowledged break is listed as such and passes', async () => {
    const acknowledged = join(workDir, 'acknowledged.yaml');
    writeFileSync(
      acknowledged,
      stringify([
        {
          path: '/components/schemas/Link/properties/title',
          reason: 'The app shows the product page title instead since release 42.',
        },
        { path: '/paths/~1v9~1gone/get', reason: 'Removed long ago.' },
      ]),
    );
    const { exitCode, result, stdout } = await check('removedResponseField', acknowledged);
    expect(exitCode).toBe(0);
    expect(stdout).toContain(
      'acknowledged: The app shows the product page title instead since release 42.',
    );
    expect(stdout).toContain(
      'note: acknowledged break /paths/~1v9~1gone/get matches no change any more',
    );
    const changes = breaking(result);
    expect(changes.length).toBeGreaterThan(3);
    for (const change of changes) {
      expect(change.acknowledged?.reason).toBe(
        'The app shows the product page title instead since release 42.',
      );
    }
    expect(result?.counts.acknowledged).toBe(changes.length);
    expect(result?.unusedAcknowledgements).toEqual([
      { path: '/paths/~1v9~1gone/get', reason: 'Removed long ago.' },
    ]);
  });

  test('an unchanged contract passes with no changes', async () => {
    const run = await runScript('scripts/contract-check.ts', [
      '--base',
      contractPath,
      '--contract',
      contractPath,
      '--acknowledged',
      noAcknowledgements,
      '--skip-lint',
      '--skip-typecheck',
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('✔ no breaking changes');
    expect(run.stdout).toContain('Result: passed');
  });

  test('an unchanged contract copied out of the repository passes, lint included', async () => {
    const copy = join(workDir, 'elsewhere', 'openapi.yaml');
    mkdirSync(join(copy, '..'), { recursive: true });
    copyFileSync(contractPath, copy);
    const run = await runScript('scripts/contract-check.ts', [
      '--base',
      contractPath,
      '--contract',
      copy,
      '--acknowledged',
      noAcknowledgements,
      '--skip-typecheck',
    ]);
    expect(run.stdout).toContain('✔ Redocly (recommended-strict): no problems');
    expect(run.stdout).toContain('✔ Spectral (OpenAPI + OWASP): no problems');
    expect(run.stdout).toContain('✔ no breaking changes');
    expect(run.stdout).toContain('Result: passed');
    expect(run.exitCode).toBe(0);
  });

  test('an acknowledgement without a reason stops the check', async () => {
    const acknowledged = join(workDir, 'no-reason.yaml');
    writeFileSync(acknowledged, stringify([{ path: '/paths/~1v1~1links~1count/get' }]));
    const { exitCode, stderr } = await check('removedOperation', acknowledged);
    expect(exitCode).toBe(2);
    expect(stderr).toContain('entry 1 (/paths/~1v1~1links~1count/get) has no reason');
  });
});

describe('acknowledged-breaks.yaml', () => {
  test('is a list of paths with reasons', () => {
    expect(parseAcknowledgedBreaks('# none yet\n[]\n', 'file')).toEqual([]);
    expect(parseAcknowledgedBreaks('- path: /paths/~1a/get\n  reason: agreed\n', 'file')).toEqual([
      { path: '/paths/~1a/get', reason: 'agreed' },
    ]);
    expect(() => parseAcknowledgedBreaks('path: /a\n', 'file')).toThrow(
      'must be a list of { path, reason } entries',
    );
  });
});

describe('the base contract', () => {
  const repo = join(workDir, 'repo');
  const git = (...args: string[]): Promise<Run> =>
    new Promise((resolveRun) => {
      execFile(
        'git',
        ['-c', 'user.name=Contract Test', '-c', 'user.email=test@example.com', ...args],
        { cwd: repo, encoding: 'utf8' },
        (error, stdout, stderr) => {
          resolveRun({ exitCode: error === null ? 0 : 1, stdout, stderr });
        },
      );
    });
  const write = (text: string): void => {
    writeFileSync(join(repo, 'openapi/openapi.yaml'), text);
  };

  test('is the merge-base with main on a branch, HEAD on main, or the ref or file given', async () => {
    mkdirSync(join(repo, 'openapi'), { recursive: true });
    expect((await git('init', '--quiet', '--initial-branch=main')).exitCode).toBe(0);
    write('openapi: 3.1.0\ninfo: { title: v1, version: "1" }\n');
    await git('add', '.');
    expect((await git('commit', '--quiet', '-m', 'v1')).exitCode).toBe(0);

    write('openapi: 3.1.0\ninfo: { title: uncommitted, version: "1" }\n');
    const onMain = await resolveBase(undefined, 'openapi/openapi.yaml', repo);
    expect(onMain.label).toMatch(/^HEAD \([0-9a-f]{7}\), the merge-base with main/);
    expect(onMain.text).toContain('title: v1');

    await git('checkout', '--quiet', '-b', 'feature');
    write('openapi: 3.1.0\ninfo: { title: v2, version: "1" }\n');
    await git('commit', '--quiet', '-am', 'v2');
    const onBranch = await resolveBase(undefined, 'openapi/openapi.yaml', repo);
    expect(onBranch.label).toMatch(/^merge-base [0-9a-f]{7} with main$/);
    expect(onBranch.text).toContain('title: v1');

    expect((await resolveBase('HEAD', 'openapi/openapi.yaml', repo)).text).toContain('title: v2');
    expect((await resolveBase(contractPath, 'openapi/openapi.yaml', repo)).text).toBe(contractText);
    await expect(resolveBase('no-such-ref', 'openapi/openapi.yaml', repo)).rejects.toThrow(
      'neither a file nor a git ref',
    );
  });
});

describe('the app typecheck against candidate types', () => {
  test('lists the files the candidate types break, by feature area, leaving out the app’s own errors', async () => {
    const project = join(workDir, 'app');
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { '@/*': ['./src/*'] },
        },
        include: ['src'],
      }),
      'src/api/client.ts':
        "import type { paths } from './schema';\n" +
        "export type LinkCountReply = paths['/v1/links/count']['get']['responses'][200]['content']['application/json'];\n",
      'src/features/links/link-title.ts':
        "import type { components } from '@/api/schema';\n" +
        "export const titleOf = (link: components['schemas']['Link']): string => link.title;\n",
      'src/features/account/upgrade-badge.ts':
        "import type { components } from '@/api/schema';\n" +
        "export const canUpgrade = (account: components['schemas']['Account']): boolean => account.canUpgrade;\n",
      'src/routes/books.ts':
        "import type { LinkCountReply } from '../api/client';\n" +
        'export const total = (reply: LinkCountReply): number => reply.count;\n',
      'src/features/reports/unfinished.ts': "export const clicks: number = 'not yet';\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(project, file, '..'), { recursive: true });
      writeFileSync(join(project, file), text);
    }
    const base = loadRealContract();
    const candidate = mutatedContract('removedResponseField') as unknown as ContractShape;
    const retyped = mutatedContract('retypedResponseField') as unknown as ContractShape;
    candidate.components.schemas.Account = schemaOf(retyped, 'Account');
    candidate.components.schemas.LinkCount = {
      type: 'object',
      required: ['count'],
      properties: { count: { type: 'string', maxLength: 10 } },
    };
    const [baselineTypes, candidateTypes] = await Promise.all([
      generateTypes(base),
      generateTypes(candidate),
    ]);
    writeFileSync(join(project, 'src/api/schema.d.ts'), baselineTypes);

    const result = typecheckApp({ candidateTypes, baselineTypes, projectDir: project });

    expect(result.areas.map((area) => area.area)).toEqual(['account', 'links', 'routes']);
    expect(result.areas.flatMap((area) => area.files.map((file) => file.file))).toEqual([
      'src/features/account/upgrade-badge.ts',
      'src/features/links/link-title.ts',
      'src/routes/books.ts',
    ]);
    expect(result.areas.flatMap((area) => area.files.flatMap((file) => file.errors))).toEqual([
      expect.objectContaining({
        line: 2,
        message: "Type 'string' is not assignable to type 'boolean'.",
      }),
      expect.objectContaining({
        line: 2,
        message: expect.stringContaining("Property 'title' does not exist") as unknown,
      }),
      expect.objectContaining({
        line: 2,
        message: "Type 'string' is not assignable to type 'number'.",
      }),
    ]);
    expect(result.preexisting).toBe(1);
    expect(result.checkedFiles).toBe(6);
  });

  test('skips when a change leaves the generated types as they were', async () => {
    const described = loadRealContract() as unknown as ContractShape;
    const title = schemaOf(described, 'Link').properties?.title;
    if (title === undefined) throw new Error('Link has no title');
    title.description = 'The title, reworded.';
    const [base, reworded, extended] = await Promise.all([
      generateTypes(loadRealContract()),
      generateTypes(described),
      generateTypes(mutatedContract('addedOptionalField')),
    ]);
    expect(reworded).not.toBe(base);
    expect(sameTypes(base, reworded)).toBe(true);
    expect(sameTypes(base, extended)).toBe(false);
  });
});
