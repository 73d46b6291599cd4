// The production build the end-to-end tests run against (`npm run build` writes it to dist/).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const buildDirectory = resolve(process.env.E2E_BUILD_DIR ?? 'dist');

/**
 * The build's scripts, as paths from the site's root, that hold modules of a package
 * (`@floating-ui/`), read from their source maps.
 */
export function scriptsHoldingPackage(packageName: string): Set<string> {
  const assets = join(buildDirectory, 'assets');
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith('.js.map'))
    .filter((name) => {
      const { sources } = JSON.parse(readFileSync(join(assets, name), 'utf8')) as {
        sources: string[];
      };
      return sources.some((source) => source.includes(`node_modules/${packageName}`));
    })
    .map((name) => `/assets/${name.replace(/\.map$/, '')}`);
  return new Set(scripts);
}
