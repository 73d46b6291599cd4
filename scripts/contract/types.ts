// The app's generated API types: whether the committed ones are fresh, and the types a
// candidate contract would generate.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

import { defaultContractPath } from './openapi';
import { localBin, repositoryRoot, run } from './process';

export const generatedTypesPath = 'src/api/schema.d.ts';

/**
 * The text `openapi-typescript` writes for a contract (same as the CLI, header included). Its
 * linter resolves an example's `externalValue` as a file relative to `contractFile`, the
 * contract's place (a base read from git keeps its examples beside the working tree's).
 */
export async function generateTypes(
  contract: unknown,
  contractFile = resolve(repositoryRoot, defaultContractPath),
): Promise<string> {
  const ast = await openapiTS(structuredClone(contract) as Parameters<typeof openapiTS>[0], {
    silent: true,
    cwd: pathToFileURL(contractFile),
  });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

export interface FreshnessResult {
  fresh: boolean;
  detail: string;
}

/**
 * For the app's own contract, runs `openapi-typescript --check` (configured in redocly.yaml).
 * For another contract file, compares the types it generates with src/api/schema.d.ts.
 */
export async function checkFreshness(
  contractFile: string,
  contract: unknown,
  cwd = repositoryRoot,
): Promise<FreshnessResult> {
  const isAppContract =
    relative(resolve(cwd, defaultContractPath), resolve(cwd, contractFile)) === '';
  if (isAppContract) {
    const result = await run(localBin('openapi-typescript'), ['--check'], { cwd });
    return result.exitCode === 0
      ? { fresh: true, detail: `${generatedTypesPath} is up to date (openapi-typescript --check)` }
      : {
          fresh: false,
          detail: `${generatedTypesPath} is stale: run \`npm run generate\` and commit it`,
        };
  }
  const generated = await generateTypes(contract, resolve(cwd, contractFile));
  const committed = readFileSync(resolve(cwd, generatedTypesPath), 'utf8');
  return generated === committed
    ? { fresh: true, detail: `${generatedTypesPath} matches ${contractFile}` }
    : {
        fresh: false,
        detail: `${generatedTypesPath} differs from the types ${contractFile} generates`,
      };
}
