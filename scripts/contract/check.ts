// contract:check, without the printing: lint, generated types, breaking changes against a
// base contract, and the app's typecheck against the candidate's types.
import { relative, resolve } from 'node:path';

import { acknowledgementOf, loadAcknowledgedBreaks, type AcknowledgedBreak } from './acknowledged';
import { changeClasses, compareContracts, type ChangeClass, type ContractChange } from './diff';
import { resolveBase } from './git';
import { lintContract, type LintResult } from './lint';
import { defaultContractPath, loadContract, parseContract } from './openapi';
import { repositoryRoot } from './process';
import type { TypecheckResult } from './typecheck';
import type { FreshnessResult } from './types';

export const defaultAcknowledgedPath = 'openapi/acknowledged-breaks.yaml';

export interface CheckOptions {
  contract?: string;
  base?: string;
  acknowledged?: string;
  skipLint?: boolean;
  skipTypecheck?: boolean;
  cwd?: string;
}

export interface AcknowledgedChange extends ContractChange {
  acknowledged?: AcknowledgedBreak;
}

export interface CheckResult {
  contract: string;
  base: string;
  lint?: LintResult[];
  freshness?: FreshnessResult;
  /** Why the freshness check did not run, when it did not. */
  freshnessSkipped?: string;
  changes: AcknowledgedChange[];
  counts: Record<ChangeClass, number> & { acknowledged: number };
  rawCounts: Record<ChangeClass, number>;
  componentDiffs: number;
  unusedAcknowledgements: AcknowledgedBreak[];
  typecheck?: TypecheckResult;
  typecheckSkipped?: string;
  /** One line per reason the check fails; empty when it passes. */
  failures: string[];
}

export async function runCheck(options: CheckOptions = {}): Promise<CheckResult> {
  const cwd = options.cwd ?? repositoryRoot;
  const contractFile = options.contract ?? defaultContractPath;
  const contractPath = resolve(cwd, contractFile);
  const inRepository = !relative(cwd, contractPath).startsWith('..');
  const repoPath = inRepository ? relative(cwd, contractPath) : defaultContractPath;
  const isAppContract = relative(resolve(cwd, defaultContractPath), contractPath) === '';

  const candidate = loadContract(contractPath);
  const base = await resolveBase(options.base, repoPath, cwd);
  const baseContract = parseContract(base.text, `the base contract (${base.label})`);
  const acknowledged = loadAcknowledgedBreaks(
    resolve(cwd, options.acknowledged ?? defaultAcknowledgedPath),
  );

  // The linters run in child processes while the diff and the typecheck run here.
  const linting = options.skipLint === true ? undefined : lintContract(contractFile, cwd);
  // The TypeScript compiler and openapi-typescript load only when the types are checked.
  const freshening = isAppContract
    ? import('./types').then(({ checkFreshness }) => checkFreshness(contractFile, candidate, cwd))
    : undefined;

  const diff = compareContracts(baseContract, candidate);
  const used = new Set<AcknowledgedBreak>();
  const changes: AcknowledgedChange[] = diff.changes.map((change) => {
    if (change.class !== 'breaking') return change;
    const acknowledgement = acknowledgementOf(change, acknowledged);
    if (acknowledgement === undefined) return change;
    used.add(acknowledgement);
    return { ...change, acknowledged: acknowledgement };
  });
  const counts = Object.fromEntries(changeClasses.map((name) => [name, 0])) as Record<
    ChangeClass,
    number
  >;
  for (const change of changes) counts[change.class] += 1;
  const acknowledgedCount = changes.filter((change) => change.acknowledged !== undefined).length;

  const result: CheckResult = {
    contract: contractFile,
    base: base.label,
    changes,
    counts: { ...counts, acknowledged: acknowledgedCount },
    rawCounts: diff.rawCounts,
    componentDiffs: diff.componentDiffs,
    unusedAcknowledgements: acknowledged.filter((entry) => !used.has(entry)),
    failures: [],
  };

  if (options.skipTypecheck === true) {
    result.typecheckSkipped = '--skip-typecheck';
  } else {
    const { generateTypes } = await import('./types');
    const { sameTypes, typecheckApp } = await import('./typecheck');
    const [candidateTypes, baseTypes] = await Promise.all([
      generateTypes(candidate, contractPath),
      generateTypes(baseContract, contractPath),
    ]);
    if (sameTypes(candidateTypes, baseTypes)) {
      result.typecheckSkipped = 'the change leaves the generated types as they were';
    } else {
      result.typecheck = typecheckApp({
        candidateTypes,
        baselineTypes: baseTypes,
        projectDir: cwd,
      });
    }
  }

  if (linting !== undefined) result.lint = await linting;
  if (freshening !== undefined) {
    result.freshness = await freshening;
  } else {
    result.freshnessSkipped = `${contractFile} is not the app's contract (${defaultContractPath})`;
  }

  const unacknowledged = counts.breaking - acknowledgedCount;
  for (const lint of result.lint ?? []) {
    if (!lint.passed) result.failures.push(`${lint.tool} found problems`);
  }
  if (result.freshness?.fresh === false) result.failures.push(result.freshness.detail);
  if (unacknowledged > 0) {
    result.failures.push(
      `${unacknowledged} unacknowledged breaking change${unacknowledged === 1 ? '' : 's'}`,
    );
  }
  if (result.typecheck !== undefined && result.typecheck.errors.length > 0) {
    const files = result.typecheck.areas.reduce((sum, area) => sum + area.files.length, 0);
    result.failures.push(
      `the candidate types break ${files} app file${files === 1 ? '' : 's'} (${result.typecheck.errors.length} type error${result.typecheck.errors.length === 1 ? '' : 's'})`,
    );
  }
  return result;
}
