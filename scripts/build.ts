// Builds the app and fails when the committed route tree was stale: the router plugin
// regenerates src/routeTree.gen.ts during the build, so any change it makes is a file
// that should have been committed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const routeTreePath = 'src/routeTree.gen.ts';
const before = readFileSync(routeTreePath, 'utf8');
execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const after = readFileSync(routeTreePath, 'utf8');

if (before !== after) {
  console.error(`${routeTreePath} was stale. The build regenerated it: commit the new version.`);
  process.exit(1);
}
