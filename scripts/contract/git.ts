// Finds the base contract a candidate is compared with: a file, a git ref, or by default the
// contract at the merge-base with the main branch.
import { existsSync, readFileSync } from 'node:fs';

import { repositoryRoot, run } from './process';

export interface BaseContract {
  /** What the base is, for the report: "merge-base 1a2b3c4 with origin/main", "file …". */
  label: string;
  text: string;
}

async function git(args: string[], cwd: string): Promise<string | undefined> {
  const result = await run('git', args, { cwd });
  return result.exitCode === 0 ? result.stdout.trim() : undefined;
}

async function showAt(ref: string, repoPath: string, cwd: string): Promise<string> {
  const result = await run('git', ['show', `${ref}:${repoPath}`], { cwd });
  if (result.exitCode !== 0) {
    throw new Error(
      `Cannot read ${repoPath} at ${ref}: ${result.stderr.trim()}\n` +
        'Pass --base <git ref or file>. In CI, fetch the full history (actions/checkout with fetch-depth: 0).',
    );
  }
  return result.stdout;
}

/** The main branch to compare with: origin/main when the remote branch is known, else main. */
export async function mainBranch(cwd = repositoryRoot): Promise<string> {
  for (const candidate of ['origin/main', 'main']) {
    if (
      (await git(['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`], cwd)) !== undefined
    ) {
      return candidate;
    }
  }
  throw new Error('Neither origin/main nor main exists. Pass --base <git ref or file>.');
}

/**
 * Resolves `--base`:
 * - an existing file path → that file;
 * - anything else → a git ref, read with `git show <ref>:<repoPath>`;
 * - nothing → the merge-base of HEAD with the main branch; when that is HEAD itself (on main,
 *   or a branch without commits of its own), HEAD's committed contract, so that the working
 *   tree's changes are what gets checked.
 */
export async function resolveBase(
  base: string | undefined,
  repoPath: string,
  cwd = repositoryRoot,
): Promise<BaseContract> {
  if (base !== undefined) {
    if (existsSync(base)) return { label: `file ${base}`, text: readFileSync(base, 'utf8') };
    const commit = await git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], cwd);
    if (commit === undefined) {
      throw new Error(`--base ${base} is neither a file nor a git ref.`);
    }
    return { label: `${base} (${commit.slice(0, 7)})`, text: await showAt(commit, repoPath, cwd) };
  }
  const main = await mainBranch(cwd);
  const mergeBase = await git(['merge-base', 'HEAD', main], cwd);
  if (mergeBase === undefined) {
    throw new Error(
      `HEAD and ${main} have no merge-base. Pass --base <git ref or file>, and in CI fetch the full history.`,
    );
  }
  const head = await git(['rev-parse', 'HEAD'], cwd);
  if (mergeBase === head) {
    return {
      label: `HEAD (${mergeBase.slice(0, 7)}), the merge-base with ${main}: checking uncommitted changes`,
      text: await showAt(mergeBase, repoPath, cwd),
    };
  }
  return {
    label: `merge-base ${mergeBase.slice(0, 7)} with ${main}`,
    text: await showAt(mergeBase, repoPath, cwd),
  };
}
