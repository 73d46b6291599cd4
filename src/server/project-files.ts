import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function folderWithPackageJson(from: string): string {
  if (existsSync(join(from, 'package.json'))) return from;
  const parent = dirname(from);
  if (parent === from) throw new Error('The project folder (with package.json) was not found.');
  return folderWithPackageJson(parent);
}

/**
 * A file the server reads at run time (the contract, the migrations), found from the project's
 * folder: the same whether the server runs from its sources or from its build in dist-server/.
 */
export function projectFile(...segments: string[]): string {
  return join(folderWithPackageJson(dirname(fileURLToPath(import.meta.url))), ...segments);
}
