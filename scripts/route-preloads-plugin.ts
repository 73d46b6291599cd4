import { relative, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import {
  parentRouteId,
  ROUTE_PRELOADS_FILE,
  routeIdOf,
  routePathOf,
  type RoutePreload,
} from '../src/server/web-app/route-preloads.ts';

/** A chunk's own file and those it imports statically, recursively. */
function withStaticImports(chunk: OutputChunk, chunks: Map<string, OutputChunk>): OutputChunk[] {
  const found = new Map<string, OutputChunk>();
  const visit = (current: OutputChunk) => {
    if (found.has(current.fileName)) return;
    found.set(current.fileName, current);
    for (const fileName of current.imports) {
      const imported = chunks.get(fileName);
      if (imported) visit(imported);
    }
  };
  visit(chunk);
  return [...found.values()];
}

/** Builds the table from the bundle: which chunks and style sheets each page route loads. */
export function routePreloadsFromBundle(bundle: OutputBundle, routesDir: string): RoutePreload[] {
  const chunks = new Map(
    Object.values(bundle)
      .filter((file): file is OutputChunk => file.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const loadedByEntry = withStaticImports(entry, chunks);
  const scriptsOfEntry = new Set(loadedByEntry.map((chunk) => chunk.fileName));
  const stylesOfEntry = new Set(loadedByEntry.flatMap((chunk) => cssOf(chunk)));

  const routeFileOf = (moduleId: string) => {
    const file = relative(routesDir, moduleId.split('?')[0] ?? moduleId);
    return file.startsWith('..') ? undefined : file.split('\\').join('/');
  };
  // Every route file is a module of some chunk (the entry holds each route's options); a route's
  // components are in chunks of their own, one per group of components split from it.
  const routeIds = new Set<string>();
  const splitChunksByRouteId = new Map<string, OutputChunk[]>();
  for (const chunk of chunks.values()) {
    for (const moduleId of chunk.moduleIds) {
      const file = routeFileOf(moduleId);
      if (file) routeIds.add(routeIdOf(file));
    }
    const facade = chunk.facadeModuleId;
    const file = facade?.includes('?tsr-split=') ? routeFileOf(facade) : undefined;
    if (file) {
      const id = routeIdOf(file);
      splitChunksByRouteId.set(id, [...(splitChunksByRouteId.get(id) ?? []), chunk]);
    }
  }

  const ids = [...routeIds];
  const parents = new Set(ids.map((id) => parentRouteId(id, ids)));
  return ids
    .filter((id) => !parents.has(id))
    .sort()
    .map((id) => {
      const lineage: string[] = [];
      for (let current: string | undefined = id; current; current = parentRouteId(current, ids)) {
        lineage.unshift(current);
      }
      const loaded = lineage
        .flatMap((routeId) => splitChunksByRouteId.get(routeId) ?? [])
        .flatMap((chunk) => withStaticImports(chunk, chunks));
      const scripts = new Set(loaded.map((chunk) => chunk.fileName));
      const styles = new Set(loaded.flatMap((chunk) => cssOf(chunk)));
      return {
        path: routePathOf(id),
        scripts: [...scripts].filter((file) => !scriptsOfEntry.has(file)).map((file) => `/${file}`),
        styles: [...styles].filter((file) => !stylesOfEntry.has(file)).map((file) => `/${file}`),
      };
    });
}

function cssOf(chunk: OutputChunk): string[] {
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}

/**
 * Writes the table of route preloads (src/server/web-app/route-preloads.ts) beside Vite's manifest, for the
 * servers to put each route's code in the page that opens it.
 */
export function routePreloadsPlugin(): Plugin {
  let routesDir = '';
  return {
    name: 'shelflink-route-preloads',
    apply: 'build',
    configResolved(config) {
      routesDir = resolve(config.root, 'src/routes');
    },
    generateBundle: {
      // After Vite has folded chunks that only import style sheets into their importers.
      order: 'post',
      handler(_options, bundle) {
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(routePreloadsFromBundle(bundle, routesDir), null, 2)}\n`,
        });
      },
    },
  };
}
