// Bytes: what each page downloads before its first screen, read from the build manifest and
// from what Chromium really requests before the page's h1 is visible.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { newContext } from './chromium.ts';
import {
  entryKeysOf,
  fileName,
  findImportCycles,
  findUnstyledMantineComponents,
  loadedWith,
  readManifest,
  thirdPartyOf,
} from '../build/checks.ts';
import { metric, type Metric } from './metrics.ts';

export interface PageUnderTest {
  path: string;
  signedIn: boolean;
}

export interface Asset {
  /** Path under the build directory, e.g. `assets/index-abc.js`. */
  file: string;
  gzip: number;
  brotli: number;
  /** Which third-party service the chunk belongs to, if any. */
  thirdParty?: string;
}

/** Tag managers are scripts from their own host, not chunks of ours. */
const tagManagerRequest = /\/gtm\.js(\?|$)|googletagmanager\.com/;

export interface BuildAnalysis {
  assets: Map<string, Asset>;
  /** Mantine stylesheets missing where code using their classes loads, with that code's source. */
  unstyledMantineComponents: string[];
  /** Chunks that import each other statically, e.g. `a.js → b.js → a.js`. */
  importCycles: string[];
  /** JS and CSS files of the entry and everything it imports statically. */
  entryGraph: string[];
  /** Lazy chunks the router splits per route, named by their source route. */
  routeChunks: { route: string; file: string }[];
  lazyChunks: string[];
}

function compressedSizes(contents: Buffer): { gzip: number; brotli: number } {
  return {
    gzip: gzipSync(contents, { level: constants.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(contents, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
      },
    }).length,
  };
}

/** `_authenticated/links.books.tsx?tsr-split=component` → `/_authenticated/links.books (component)`. */
function routeName(src: string): string {
  const [path = src, query = ''] = src.replace(/^src\/routes\//, '').split('?');
  const split = new URLSearchParams(query).get('tsr-split');
  const route = `/${path.replace(/\.tsx?$/, '')}`;
  return split ? `${route} (${split.replaceAll('---', ', ')})` : route;
}

export function analyseBuild(outDir: string): BuildAnalysis {
  const manifest = readManifest(outDir);

  // A third-party chunk's stylesheet (the consent banner's) belongs to the same service.
  const thirdPartyFiles = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    const service = chunk.file.endsWith('.js') ? thirdPartyOf(outDir, chunk.file) : undefined;
    if (!service) continue;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) thirdPartyFiles.set(file, service);
  }

  const assets = new Map<string, Asset>();
  for (const name of readdirSync(join(outDir, 'assets'))) {
    if (!/\.(js|css)$/.test(name)) continue;
    const file = `assets/${name}`;
    const thirdParty = thirdPartyFiles.get(file);
    const sizes = compressedSizes(readFileSync(join(outDir, file)));
    assets.set(file, thirdParty ? { file, ...sizes, thirdParty } : { file, ...sizes });
  }

  const graph = new Set(
    loadedWith(manifest, entryKeysOf(manifest)).flatMap((chunk) => [
      chunk.file,
      ...(chunk.css ?? []),
    ]),
  );

  const routeChunks = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && chunk.src?.startsWith('src/routes/'))
    .map((chunk) => ({ route: routeName(chunk.src ?? chunk.file), file: chunk.file }));
  const lazyChunks = [...assets.keys()].filter((file) => file.endsWith('.js') && !graph.has(file));
  return {
    assets,
    unstyledMantineComponents: findUnstyledMantineComponents(outDir, manifest),
    importCycles: findImportCycles(manifest),
    entryGraph: [...graph],
    routeChunks,
    lazyChunks,
  };
}

declare global {
  interface Window {
    __benchFirstH1At?: number;
  }
}

/** The files a page requested before its h1 was first visible, and that moment in ms. */
async function requestsBeforeFirstPaint(
  browser: Browser,
  appOrigin: string,
  page: PageUnderTest,
): Promise<{ assets: string[]; tagManagers: string[] }> {
  const context = await newContext(browser, { appOrigin, signedIn: page.signedIn });
  try {
    const tab = await context.newPage();
    // Runs before any script of the page: notes the first frame in which an h1 has a size.
    await tab.addInitScript(() => {
      const watch = () => {
        const heading = document.querySelector('h1');
        if (heading && heading.getBoundingClientRect().height > 0) {
          window.__benchFirstH1At = performance.now();
        } else {
          requestAnimationFrame(watch);
        }
      };
      requestAnimationFrame(watch);
    });
    await tab.goto(`${appOrigin}${page.path}`);
    await tab.waitForFunction(() => window.__benchFirstH1At !== undefined, undefined, {
      timeout: 30_000,
    });
    const landedOn = new URL(tab.url()).pathname;
    if (landedOn !== page.path) {
      throw new Error(`${page.path} ended on ${landedOn}: is the mock answering as signed in?`);
    }
    const requests = await tab.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= (window.__benchFirstH1At ?? 0))
        .map((entry) => entry.name),
    );
    return {
      assets: requests
        .map((url) => new URL(url).pathname.slice(1))
        .filter((path) => path.startsWith('assets/')),
      tagManagers: requests.filter((url) => tagManagerRequest.test(url)),
    };
  } finally {
    await context.close();
  }
}

function sum(assets: Asset[], size: 'gzip' | 'brotli'): number {
  return assets.reduce((total, asset) => total + asset[size], 0);
}

export async function measureBytes(
  browser: Browser,
  appOrigin: string,
  build: BuildAnalysis,
  pages: PageUnderTest[],
): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const known = (file: string): Asset[] => {
    const asset = build.assets.get(file);
    return asset ? [asset] : [];
  };

  for (const page of pages) {
    const requested = await requestsBeforeFirstPaint(browser, appOrigin, page);
    // The entry's static imports count even when the browser had not asked for one yet.
    const files = new Set([...build.entryGraph, ...requested.assets]);
    const initial = [...files].flatMap(known);
    const ours = initial.filter((asset) => !asset.thirdParty);
    const js = ours.filter((asset) => asset.file.endsWith('.js'));
    const css = ours.filter((asset) => asset.file.endsWith('.css'));
    const section = `Bytes ${page.path}`;
    const key = `bytes.${page.path}`;
    metrics.push(
      metric(
        `${key}.js.gzip`,
        section,
        'Initial JS, gzip',
        sum(js, 'gzip'),
        'bytes',
        `${js.length} files`,
      ),
      metric(`${key}.js.brotli`, section, 'Initial JS, brotli', sum(js, 'brotli'), 'bytes'),
      metric(
        `${key}.css.gzip`,
        section,
        'Initial CSS, gzip',
        sum(css, 'gzip'),
        'bytes',
        `${css.length} files`,
      ),
      metric(`${key}.css.brotli`, section, 'Initial CSS, brotli', sum(css, 'brotli'), 'bytes'),
    );
    const early = [
      ...requested.assets
        .flatMap(known)
        .filter((asset) => asset.thirdParty)
        .map((asset) => `${asset.thirdParty ?? ''} ${fileName(asset.file)}`),
      ...requested.tagManagers.map((url) => `tag manager ${url}`),
    ];
    metrics.push(
      metric(
        `${key}.thirdPartyBeforePaint`,
        section,
        'Third-party chunks before first paint',
        early.length,
        'count',
        early.length > 0 ? early.join(', ') : undefined,
      ),
    );
  }

  const inEntryGraph = build.entryGraph
    .flatMap(known)
    .filter((asset) => asset.thirdParty)
    .map((asset) => `${asset.thirdParty ?? ''} ${fileName(asset.file)}`);
  const section = 'Bytes (build)';
  metrics.push(
    metric(
      'bytes.entryGraph.thirdParty',
      section,
      "Third-party chunks in the entry's static imports",
      inEntryGraph.length,
      'count',
      inEntryGraph.length > 0 ? inEntryGraph.join(', ') : undefined,
    ),
  );

  metrics.push(
    metric(
      'bytes.unstyledMantineComponents',
      section,
      'Mantine components without their stylesheet',
      build.unstyledMantineComponents.length,
      'count',
      build.unstyledMantineComponents.length > 0
        ? `import in src/main.tsx, or in the module drawing the component through src/components/on-demand-mantine-styles.ts: ${build.unstyledMantineComponents.join(', ')}`
        : undefined,
    ),
  );

  metrics.push(
    metric(
      'bytes.importCycles',
      section,
      'Chunks importing each other',
      build.importCycles.length,
      'count',
      build.importCycles.length > 0 ? build.importCycles.slice(0, 3).join('; ') : undefined,
    ),
  );

  const routeChunks = build.routeChunks
    .map(({ route, file }) => ({ route, asset: build.assets.get(file) }))
    .filter((chunk): chunk is { route: string; asset: Asset } => chunk.asset !== undefined)
    .sort((a, b) => b.asset.gzip - a.asset.gzip);
  const largestRoute = routeChunks[0];
  metrics.push(
    metric(
      'bytes.largestRouteChunk.gzip',
      section,
      'Largest route chunk, gzip',
      largestRoute?.asset.gzip ?? null,
      'bytes',
      largestRoute ? `${largestRoute.route}, ${fileName(largestRoute.asset.file)}` : 'none found',
    ),
  );
  for (const { route, asset } of routeChunks) {
    metrics.push({
      ...metric(`bytes.routeChunk.${route}.gzip`, 'Route chunks', route, asset.gzip, 'bytes'),
      hidden: true,
    });
  }

  const largestLazy = build.lazyChunks.flatMap(known).sort((a, b) => b.gzip - a.gzip)[0];
  metrics.push(
    metric(
      'bytes.largestLazyChunk.gzip',
      section,
      'Largest lazy chunk, gzip',
      largestLazy?.gzip ?? null,
      'bytes',
      largestLazy
        ? `${fileName(largestLazy.file)}${largestLazy.thirdParty ? ` (${largestLazy.thirdParty})` : ''}`
        : 'none found',
    ),
  );
  return metrics;
}
