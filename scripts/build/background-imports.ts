import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

type ResolveDependencies = (
  fileName: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/** `import(/* background *\/ './notification-layer')`: code loaded after the first paint. */
const backgroundImport = /import\(\s*\/\*\s*background\s*\*\/\s*(['"])([^'"]+)\1\s*\)/g;

/** The specifiers of the dynamic imports that `code` marks as background loads. */
export function markedBackgroundImports(code: string): string[] {
  return [...code.matchAll(backgroundImport)].map((match) => match[2] ?? '');
}

/**
 * The dynamically imported chunks that load in the background: those whose module is one of
 * `isBackgroundModule`'s.
 */
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
 * Background code is what a `/* background *\/` comment marks in a dynamic import, and any module
 * of a third-party service (`thirdParty`) or importing one directly (error reporting's SDK, the
 * consent banner): those never load before the first paint. The plugin notes the background
 * chunks as the bundle is written, before Vite's import analysis asks `resolveDependencies`
 * about each dynamic import.
 */
export function backgroundImports(thirdParty: RegExp): {
  plugin: Plugin;
  resolveDependencies: ResolveDependencies;
} {
  const marked = new Set<string>();
  let backgroundChunks = new Set<string>();
  return {
    plugin: {
      name: 'shelflink:background-imports',
      apply: 'build',
      // Before the TypeScript transform, which may drop comments.
      enforce: 'pre',
      async transform(code, id) {
        if (id.includes('/node_modules/') || !code.includes('background')) return;
        for (const specifier of markedBackgroundImports(code)) {
          const resolved = await this.resolve(specifier, id);
          if (resolved) marked.add(resolved.id);
        }
      },
      generateBundle(_options, bundle) {
        backgroundChunks = backgroundChunksOf(
          bundle,
          (moduleId) =>
            marked.has(moduleId) ||
            thirdParty.test(moduleId) ||
            (this.getModuleInfo(moduleId)?.importedIds ?? []).some((id) => thirdParty.test(id)),
        );
      },
    },
    resolveDependencies: (fileName, deps, { hostType }) =>
      hostType === 'js' && backgroundChunks.has(fileName) ? [] : deps,
  };
}
