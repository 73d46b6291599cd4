import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

type ResolveDependencies = (
  fileName: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/** The dynamically imported chunks whose module is one of `isBackgroundModule`'s. */
export function backgroundChunksOf(
  bundle: OutputBundle,
  isBackgroundModule: (moduleId: string) => boolean,
): Set<string> {
  const chunks = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || !output.isDynamicEntry || !output.facadeModuleId) continue;
    if (isBackgroundModule(output.facadeModuleId)) chunks.add(output.fileName);
  }
  return chunks;
}

/**
 * Code the app loads in the background once the first screen is painted (the notification
 * layer, error reporting, analytics): its imports are left to the browser's module loader.
 * Vite would add a `<link rel="modulepreload">` for each of them, and every link is a resource
 * request the main thread sets up in the task that starts the import, a dozen of them for the
 * home page's editor. Nobody waits on this code, so one more round trip does no harm. Navigations
 * and on-demand menus and dialogs keep their preloads, and style sheets always load first.
 *
 * The plugin notes the background chunks as the bundle is written, before Vite's import analysis
 * asks `resolveDependencies` about each dynamic import.
 */
export function backgroundImports(isBackgroundModule: (moduleId: string) => boolean): {
  plugin: Plugin;
  resolveDependencies: ResolveDependencies;
} {
  let backgroundChunks = new Set<string>();
  return {
    plugin: {
      name: 'shelflink:background-imports',
      apply: 'build',
      generateBundle(_options, bundle) {
        backgroundChunks = backgroundChunksOf(bundle, isBackgroundModule);
      },
    },
    resolveDependencies: (fileName, deps, { hostType }) =>
      hostType === 'js' && backgroundChunks.has(fileName) ? [] : deps,
  };
}
