// Checks of a finished build that `npm run build` runs (scripts/build.ts) and the benchmark
// reports (scripts/bench/bytes.ts): Mantine components rendered without their stylesheet,
// chunks importing each other, and third-party code among the entry's static imports. Each
// reads the build's manifest (.vite/manifest.json) and source maps.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** Services that must stay out of the first paint, recognised by the modules in a chunk. */
export const thirdPartyModules: { service: string; pattern: RegExp }[] = [
  { service: 'Sentry', pattern: /node_modules\/@sentry(-internal)?\// },
  { service: 'analytics (Segment)', pattern: /node_modules\/@segment\// },
  { service: 'consent library', pattern: /node_modules\/vanilla-cookieconsent\// },
];

export function thirdPartyOf(outDir: string, file: string): string | undefined {
  const mapPath = join(outDir, `${file}.map`);
  if (!existsSync(mapPath)) return undefined;
  const { sources } = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] };
  return thirdPartyModules.find(({ pattern }) => sources.some((source) => pattern.test(source)))
    ?.service;
}

export function entryKeysOf(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
}

/** The chunks of the manifest's keys and those they import statically: what loads with them. */
export function loadedWith(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const found = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || found.has(key)) return;
    found.set(key, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...found.values()];
}

const mantineClass = /\bm_[0-9a-f]{8}\b/g;

/**
 * src/main.tsx imports the styles of the components a page can draw in its first paint, and
 * src/components/on-demand-mantine-styles.ts those of the others, imported by the code that
 * draws them. Whatever code loads, the entry's or a lazy chunk's (with the chunks it imports),
 * every Mantine class name it uses must be styled by the style sheets that load with it. The
 * result names each missing stylesheet and the code that loads without it.
 */
export function findUnstyledMantineComponents(outDir: string, manifest: Manifest): string[] {
  // Resolved here, not on import: a unit test's jsdom gives this module no file: URL.
  const mantineStylesDir = fileURLToPath(
    new URL('../../node_modules/@mantine/core/styles', import.meta.url),
  );
  const owner = new Map<string, string>();
  for (const name of readdirSync(mantineStylesDir)) {
    if (!name.endsWith('.css') || name.endsWith('.layer.css')) continue;
    const css = readFileSync(join(mantineStylesDir, name), 'utf8');
    for (const [className] of css.matchAll(mantineClass)) owner.set(className, name);
  }
  const classesIn = new Map<string, Set<string>>();
  const classesOf = (file: string) => {
    let classes = classesIn.get(file);
    if (!classes) {
      const contents = readFileSync(join(outDir, file), 'utf8');
      classes = new Set([...contents.matchAll(mantineClass)].map(([name]) => name));
      classesIn.set(file, classes);
    }
    return classes;
  };
  const withEntry = loadedWith(manifest, entryKeysOf(manifest));
  const roots = Object.keys(manifest).filter(
    (key) => manifest[key]?.isEntry || manifest[key]?.isDynamicEntry,
  );
  const unstyled = new Set<string>();
  for (const root of roots) {
    const chunks = [...new Set([...withEntry, ...loadedWith(manifest, [root])])];
    const styled = new Set(
      chunks.flatMap((chunk) => (chunk.css ?? []).flatMap((css) => [...classesOf(css)])),
    );
    for (const chunk of chunks) {
      if (!chunk.file.endsWith('.js')) continue;
      for (const className of classesOf(chunk.file)) {
        const stylesheet = owner.get(className);
        if (stylesheet && !styled.has(className)) {
          unstyled.add(`${stylesheet} (for ${manifest[root]?.src ?? root})`);
        }
      }
    }
  }
  return [...unstyled].sort();
}

/**
 * Static import cycles between chunks. The chunk evaluated first then reads bindings of one
 * that has not run yet: the app breaks at run time (`x is not a function`).
 */
export function findImportCycles(manifest: Manifest): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const visit = (key: string, path: string[]) => {
    const start = path.indexOf(key);
    if (start >= 0) {
      cycles.push(
        [...path.slice(start), key].map((k) => fileName(manifest[k]?.file ?? k)).join(' → '),
      );
      return;
    }
    if (done.has(key)) return;
    for (const imported of manifest[key]?.imports ?? []) visit(imported, [...path, key]);
    done.add(key);
  };
  for (const key of Object.keys(manifest)) visit(key, []);
  return cycles;
}

export function fileName(file: string): string {
  return file.replace(/^assets\//, '');
}

export function readManifest(outDir: string): Manifest {
  const manifestPath = join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: vite.config.ts needs build.manifest: true`);
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

/** Third-party chunks the entry imports statically: they would load before the first paint. */
export function findThirdPartyInEntry(outDir: string, manifest: Manifest): string[] {
  return loadedWith(manifest, entryKeysOf(manifest)).flatMap((chunk) => {
    const service = chunk.file.endsWith('.js') ? thirdPartyOf(outDir, chunk.file) : undefined;
    return service ? [`${service} ${fileName(chunk.file)}`] : [];
  });
}

/** What is wrong with the build in `outDir`, one line a problem; none when it is sound. */
export function checkBuild(outDir: string): string[] {
  const manifest = readManifest(outDir);
  const unstyled = findUnstyledMantineComponents(outDir, manifest);
  const cycles = findImportCycles(manifest);
  const thirdParty = findThirdPartyInEntry(outDir, manifest);
  return [
    ...unstyled.map(
      (missing) =>
        `Mantine stylesheet missing: ${missing}. Import it in src/main.tsx, or in src/components/on-demand-mantine-styles.ts from the module drawing the component.`,
    ),
    ...cycles.map((cycle) => `Chunks import each other: ${cycle}.`),
    ...thirdParty.map(
      (chunk) =>
        `Third-party code in the entry's static imports: ${chunk}. Load it after the first paint.`,
    ),
  ];
}
