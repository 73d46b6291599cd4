import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, test } from 'vitest';
import {
  backgroundChunksOf,
  backgroundImports,
  markedBackgroundImports,
} from '../../../scripts/build/background-imports.ts';

function chunk(fileName: string, facadeModuleId: string | null, isDynamicEntry = true) {
  return { type: 'chunk', fileName, facadeModuleId, isDynamicEntry } as unknown as OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/src/main.tsx', false),
    chunk('assets/notification-layer.js', '/app/src/app/notification-layer.tsx'),
    chunk('assets/link-actions-menu.js', '/app/src/features/links/link-actions-menu.tsx'),
    chunk('assets/sentry-sdk.js', '/app/src/lib/sentry-sdk.ts'),
    chunk('assets/analytics.js', '/app/node_modules/@segment/analytics-next/dist/x.js'),
    chunk('assets/vendor-a.js', null, false),
    // A module that is also imported statically somewhere is not a background load by itself.
    chunk('assets/shared.js', '/app/src/app/notification-layer.tsx', false),
  ].map((output) => [output.fileName, output]),
) as OutputBundle;

const isBackgroundModule = (moduleId: string) => moduleId.endsWith('/notification-layer.tsx');

describe('the background imports a module marks', () => {
  test('are the dynamic imports with a background comment', () => {
    const code = [
      "const layer = lazyModule(() => import(/* background */ './notification-layer'));",
      "const menu = lazyModule(() => import('./link-actions-menu'));",
      'void import( /*background*/ "./avatar-url");',
    ].join('\n');
    expect(markedBackgroundImports(code)).toEqual(['./notification-layer', './avatar-url']);
  });
});

describe('the background chunks of a bundle', () => {
  test('are the dynamic imports of the modules named', () => {
    expect([...backgroundChunksOf(bundle, isBackgroundModule)]).toEqual([
      'assets/notification-layer.js',
    ]);
  });
});

describe('the preloads of a dynamic import', () => {
  const { plugin, resolveDependencies } = backgroundImports(/node_modules\/@(segment|sentry)\//);
  const transform = plugin.transform as (
    this: unknown,
    code: string,
    id: string,
  ) => Promise<undefined>;
  const generateBundle = plugin.generateBundle as (
    this: unknown,
    options: unknown,
    bundle: OutputBundle,
  ) => void;
  const build = (async () => {
    await transform.call(
      { resolve: (specifier: string) => ({ id: `/app/src/app/${specifier.slice(2)}.tsx` }) },
      "lazyModule(() => import(/* background */ './notification-layer'))",
      '/app/src/app/notification-layer-later.tsx',
    );
    const importedIds: Record<string, string[]> = {
      '/app/src/lib/sentry-sdk.ts': ['/app/node_modules/@sentry/react/build/index.js'],
    };
    generateBundle.call(
      { getModuleInfo: (id: string) => ({ importedIds: importedIds[id] ?? [] }) },
      {},
      bundle,
    );
  })();
  const deps = ['assets/vendor-a.js', 'assets/vendor-b.js'];
  const fromEntry = { hostId: 'assets/index.js', hostType: 'js' } as const;

  test('are dropped for code marked as loaded in the background', async () => {
    await build;
    expect(resolveDependencies('assets/notification-layer.js', deps, fromEntry)).toEqual([]);
  });

  test('are dropped for third-party services and modules importing one', async () => {
    await build;
    expect(resolveDependencies('assets/analytics.js', deps, fromEntry)).toEqual([]);
    expect(resolveDependencies('assets/sentry-sdk.js', deps, fromEntry)).toEqual([]);
  });

  test('stay for code loaded on request', async () => {
    await build;
    expect(
      resolveDependencies('assets/link-actions-menu.js', deps, {
        hostId: 'assets/links.books.js',
        hostType: 'js',
      }),
    ).toEqual(deps);
  });

  test('stay for the entry page', async () => {
    await build;
    expect(
      resolveDependencies('assets/notification-layer.js', deps, {
        hostId: 'index.html',
        hostType: 'html',
      }),
    ).toEqual(deps);
  });
});
