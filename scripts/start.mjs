// `npm start [-- --dist dist]`: the built product (dist/ and dist-server/, see src/server/start.ts)
// on plain `node`, built first when either build is missing or older than what it is made from.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build',
  'scripts/build.ts',
];
const BUILD_OUTPUTS = [join('dist', 'index.html'), join('dist-server', 'start.js')];

/**
 * @param {string} path
 * @returns {number}
 */
function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(path).map((entry) => newestChange(join(path, entry))),
  );
}

const built = Math.min(
  ...BUILD_OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
);
const sources = Math.max(...BUILD_INPUTS.filter((input) => existsSync(input)).map(newestChange));
if (built < sources) {
  console.info(
    built ? 'Shelflink changed since its last build; building it.' : 'Building Shelflink.',
  );
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
await import('../dist-server/start.js');
