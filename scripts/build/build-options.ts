// The production build's plugins and options, which vite.config.ts spreads into its own.
import { fileURLToPath } from 'node:url';
import type { BuildEnvironmentOptions, Plugin } from 'vite';
import { compileHintsPlugin } from '../compile-hints-plugin.ts';
import { precompressPlugin } from '../precompress-plugin.ts';
import { routePreloadsPlugin } from '../route-preloads-plugin.ts';
import { securityHeadersPlugin } from '../security-headers-plugin.ts';
import { backgroundImports } from './background-imports.ts';
import { thirdPartyModules } from './checks.ts';
import { checkChunkGroups, chunkFileName, chunkGroups } from './chunking.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * TanStack Store reads its state through `use-sync-external-store`'s shim, which carries its own
 * implementation for React before 18; the same package's plain entry uses React's built-in hook.
 */
function withoutReact17Shim(): Plugin {
  return {
    name: 'without-react-17-shim',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
            replacement: 'use-sync-external-store/with-selector',
          },
        ],
      },
    }),
  };
}

export function appBuild(): { plugins: Plugin[]; build: BuildEnvironmentOptions } {
  const groups = chunkGroups(root);
  const background = backgroundImports(
    new RegExp(thirdPartyModules.map(({ pattern }) => pattern.source).join('|')),
  );
  return {
    plugins: [
      withoutReact17Shim(),
      securityHeadersPlugin(),
      compileHintsPlugin(),
      routePreloadsPlugin(),
      background.plugin,
      precompressPlugin(),
      checkChunkGroups(groups),
    ],
    build: {
      // Written for error reporting's uploads, never referenced from the served code.
      sourcemap: 'hidden',
      // .vite/manifest.json maps every chunk to its source; the build checks and scripts/bench
      // read it.
      manifest: true,
      // The polyfill fetches <link rel="modulepreload"> targets for browsers without the feature
      // (before Safari 17 and Firefox 115); those still load every chunk, only a little later.
      // Without it the entry of every page is 0.25 kB gzip smaller.
      modulePreload: { polyfill: false, resolveDependencies: background.resolveDependencies },
      rolldownOptions: {
        output: {
          chunkFileNames: chunkFileName,
          // Groups take the packages they name, not those packages' dependencies: those would
          // drag shared code (Mantine, React) into a route's vendor chunk.
          codeSplitting: { includeDependenciesRecursively: false, groups },
        },
      },
    },
  };
}
