import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

// The import rules of eslint.config.js, on imports planted in memory: nothing is written to disk.
// Only the rule under test runs, so the files are parsed without type information (which also
// lets the planted files be ones the TypeScript project does not have).
const cwd = resolve(import.meta.dirname, '../../..');
const eslintFor = (rule: string) =>
  new ESLint({
    cwd,
    ruleFilter: ({ ruleId }) => ruleId === rule,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
const zones = eslintFor('import/no-restricted-paths');
const cycles = eslintFor('import/no-cycle');

/** The rule and message of each problem `eslint` finds in `code`, as if it were at `filePath`. */
async function importProblems(filePath: string, code: string, eslint = zones) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

// Loading the configuration and its plugins takes a few seconds, more on a busy machine.
describe('import rules', { timeout: 30_000 }, () => {
  test('lib never imports a feature, through a relative path either', async () => {
    expect(
      await importProblems(
        'src/lib/planted.ts',
        "export { pageCount } from '../features/links/link-display';\n",
      ),
    ).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        message: expect.stringContaining('lib never import from above') as string,
      },
    ]);
  });

  test('a feature never imports another feature, by either path', async () => {
    const problem = {
      ruleId: 'import/no-restricted-paths',
      message: expect.stringContaining('Features do not import each other') as string,
    };
    expect(
      await importProblems(
        'src/features/links/planted.ts',
        [
          "export { loginSearchSchema } from '../auth/login-search';",
          "export { loginSearchSchema as schema } from '@/features/auth/login-search';",
          '',
        ].join('\n'),
      ),
    ).toEqual([problem, problem]);
  });

  test('a feature imports its own modules and the layers below it', async () => {
    expect(
      await importProblems(
        'src/features/links/planted.ts',
        [
          "export { pageCount } from './link-display';",
          "export { abbreviateNumber } from '../../lib/format-number';",
          "export { ApiError } from '@/api/api-error';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  test('the web app and the server share only the contract types', async () => {
    expect(
      await importProblems('src/app/planted.ts', "export { buildApp } from '../server/app';\n"),
    ).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        message: expect.stringContaining('The web app never imports the server') as string,
      },
    ]);
    expect(
      await importProblems(
        'src/server/planted.ts',
        [
          "export type { components } from '../api/schema';",
          "export { abbreviateNumber } from '../lib/format-number';",
          '',
        ].join('\n'),
      ),
    ).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        message: expect.stringContaining('The server imports only its own modules') as string,
      },
    ]);
  });

  test('scripts never import tests', async () => {
    expect(
      await importProblems(
        'scripts/planted.ts',
        "export { test } from '../tests/support/fixtures';\n",
      ),
    ).toEqual([
      {
        ruleId: 'import/no-restricted-paths',
        message: expect.stringContaining('Scripts never import tests') as string,
      },
    ]);
  });

  test('no import cycles in src/', async () => {
    // analytics.ts imports cookies.ts; cookies.ts importing analytics.ts back closes a cycle.
    expect(readFileSync(resolve(cwd, 'src/lib/analytics.ts'), 'utf8')).toContain(
      "from './cookies'",
    );
    expect(
      await importProblems(
        'src/lib/cookies.ts',
        "export { analytics } from './analytics';\nexport const CONSENT_COOKIE = 'consent';\n",
        cycles,
      ),
    ).toEqual([{ ruleId: 'import/no-cycle', message: 'Dependency cycle detected.' }]);
  });
});
