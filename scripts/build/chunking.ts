// How the app's build splits into chunks. Source files are never named here: the app's own
// `lazyModule(() => import('./x'))` calls make its lazy chunks, and a dynamic import marked
// `import(/* background */ './x')` is code loaded after the first paint (background-imports.ts).
// What remains are the packages that get chunks of their own, worked out from package.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

type ChunkGroup = { name: string; test?: RegExp | ((id: string) => boolean) } & Record<
  string,
  unknown
>;

interface PackageManifest {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(root: string, name: string): PackageManifest | undefined {
  const path = join(root, 'node_modules', name, 'package.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as PackageManifest) : undefined;
}

/** Packages and, recursively, the packages they depend on (installed ones only). */
export function withDependencies(
  root: string,
  names: string[],
  found = new Set<string>(),
): Set<string> {
  for (const name of names) {
    const manifest = found.has(name) ? undefined : readManifest(root, name);
    if (!manifest) continue;
    found.add(name);
    withDependencies(root, Object.keys(manifest.dependencies ?? {}), found);
  }
  return found;
}

/**
 * What only `names` bring into the app: the packages, their peer dependencies among the app's
 * (`@mantine/charts` → recharts) and everything those depend on, less whatever another of the
 * app's dependencies also uses (React, clsx), which must stay in the chunks shared by all.
 */
export function packagesOnlyUsedBy(root: string, names: string[]): string[] {
  const appDependencies = Object.keys(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageManifest)
      .dependencies ?? {},
  );
  const peers = names.flatMap((name) =>
    Object.keys(readManifest(root, name)?.peerDependencies ?? {}).filter((peer) =>
      appDependencies.includes(peer),
    ),
  );
  const own = [...names, ...peers];
  const shared = withDependencies(
    root,
    appDependencies.filter((name) => !own.includes(name)),
  );
  // What the rest of the app uses as a peer (React for Mantine) is shared too.
  for (const name of [...shared]) {
    const sharedPeers = Object.keys(readManifest(root, name)?.peerDependencies ?? {});
    withDependencies(root, sharedPeers, shared);
  }
  return [...withDependencies(root, own)].filter((name) => !shared.has(name));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the modules of the npm packages named; a scope (`@sentry`) matches all its packages. */
export function packagesPattern(names: string[]): RegExp {
  const sources = names.map((name) => escape(name).replaceAll('/', String.raw`[\\/]`));
  return new RegExp(String.raw`node_modules[\\/](${sources.join('|')})[\\/]`);
}

/**
 * Third-party services (analytics, the consent banner) with everything they use: the app loads
 * them itself after first paint, and their own dynamic imports decide their chunks.
 */
export function thirdPartyServices(root: string): RegExp {
  return packagesPattern([
    ...withDependencies(root, ['@segment/analytics-next']),
    'vanilla-cookieconsent',
  ]);
}

/** The chunk groups of the build (rolldown's `codeSplitting.groups`). */
export function chunkGroups(root: string): ChunkGroup[] {
  const services = thirdPartyServices(root);
  return [
    // Everything the entry imports statically loads on every page anyway: one chunk instead of
    // ~30 small ones (fewer requests, better compression).
    { name: 'app', tags: ['$initial'] },
    // Heavy libraries in vendor chunks of their own that only the routes using them load.
    { name: 'charts', test: packagesPattern(packagesOnlyUsedBy(root, ['@mantine/charts'])) },
    { name: 'dates', test: packagesPattern(['@mantine/dates']) },
    { name: 'dayjs', test: packagesPattern(['dayjs']) },
    { name: 'qrcode', test: packagesPattern(['qrcode.react']) },
    { name: 'sentry', test: packagesPattern(['@sentry', '@sentry-internal']) },
    // Mantine's own helpers (styles API, Box, theme functions) that the entry does not already
    // hold, in one small chunk. Left to the vendor split, each merged into some component's
    // piece: the notification layer, which loads on every page, then brought the tooltip, the
    // stepper and floating-ui for one helper. `checkChunkGroups` fails the build should
    // Mantine's layout move.
    { name: 'mantine-core', test: packagesPattern(['@mantine/core/esm/core']) },
    // Any other library a lazy route uses, split by the set of routes using it. Left in a route
    // chunk, a library's own dependency would make its vendor chunk import that route chunk
    // back: a cycle that breaks at run time. Style sheets stay with the module importing them:
    // merged into a piece of code, they would load wherever that code does.
    {
      name: 'vendor',
      test: (id: string) => /node_modules/.test(id) && !id.endsWith('.css') && !services.test(id),
      entriesAware: true,
      // No piece merges into a neighbour. Merging pieces under 2 kB saved a few requests, but a
      // merged piece brings its neighbour's code wherever either loads: the notification layer
      // came with the tabs and floating-ui, and the links pages' skeletons with the checkbox and
      // radio code, all without their styles (which the build's checks now refuse). Unmerged,
      // the entry is 0.2 kB gzip larger and all chunks together 3 kB.
      entriesAwareMergeThreshold: 0,
    },
  ];
}

/**
 * The entry lists every chunk's file for preloading, so each character of a name costs every
 * page: a vendor piece is not named after the routes using it (about 0.4 kB gzip), and hashes
 * are 7 characters, the fewest rolldown accepts for this many chunks (0.1 kB gzip less than 8).
 */
export function chunkFileName(chunk: { name: string }): string {
  return chunk.name.startsWith('vendor~')
    ? 'assets/vendor-[hash:7].js'
    : 'assets/[name]-[hash:7].js';
}

/** The groups whose test matches none of the modules: a package renamed or moved. */
export function unmatchedGroups(groups: ChunkGroup[], moduleIds: Iterable<string>): string[] {
  const ids = [...moduleIds];
  return groups
    .filter(({ test }) => test !== undefined)
    .filter(({ test }) =>
      ids.every((id) => (typeof test === 'function' ? !test(id) : !test?.test(id))),
    )
    .map(({ name }) => name);
}

/** Fails the build when a chunk group takes no module, rather than dropping the rule silently. */
export function checkChunkGroups(groups: ChunkGroup[]): Plugin {
  return {
    name: 'shelflink:check-chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const unmatched = unmatchedGroups(groups, this.getModuleIds());
      if (unmatched.length > 0) {
        this.error(`Chunk groups matching no module: ${unmatched.join(', ')} (scripts/build/)`);
      }
    },
  };
}
