// Builds the app and the server, and fails when the committed route tree was stale (the router
// plugin regenerates src/routeTree.gen.ts during the build, so any change it makes is a file that
// should have been committed) or when the build itself is unsound (scripts/build/checks.ts,
// scripts/build/server-build.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkBuild } from './build/checks.ts';
import { buildServer } from './build/server-build.ts';

const routeTreePath = 'src/routeTree.gen.ts';
const outDir = 'dist';
const before = readFileSync(routeTreePath, 'utf8');
execFileSync('npx', ['vite', 'build', '--outDir', outDir], { stdio: 'inherit' });
const after = readFileSync(routeTreePath, 'utf8');

if (before !== after) {
  console.error(`${routeTreePath} was stale. The build regenerated it: commit the new version.`);
  process.exit(1);
}

const problems = [...checkBuild(outDir), ...(await buildServer())];
if (problems.length > 0) {
  console.error(['The build is unsound:', ...problems.map((problem) => `- ${problem}`)].join('\n'));
  process.exit(1);
}
