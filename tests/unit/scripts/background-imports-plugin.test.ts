import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, test } from 'vitest';
import {
  backgroundChunksOf,
  backgroundImports,
} from '../../../scripts/background-imports-plugin.ts';

function chunk(fileName: string, facadeModuleId: string | null, isDynamicEntry = true) {
  return { type: 'chunk', fileName, facadeModuleId, isDynamicEntry } as unknown as OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/src/main.tsx', false),
    chunk('assets/notification-layer.js', '/app/src/app/notification-layer.tsx'),
    chunk('assets/link-actions-menu.js', '/app/src/features/links/link-actions-menu.tsx'),
    chunk('assets/vendor-a.js', null, false),
    // A module that is also imported statically somewhere is not a background load by itself.
    chunk('assets/shared.js', '/app/src/app/notification-layer.tsx', false),
  ].map((output) => [output.fileName, output]),
) as OutputBundle;

const isBackgroundModule = (moduleId: string) => moduleId.endsWith('/notification-layer.tsx');

describe('the background chunks of a bundle', () => {
  test('are the dynamic imports of the modules named', () => {
    expect([...backgroundChunksOf(bundle, isBackgroundModule)]).toEqual([
      'assets/notification-layer.js',
    ]);
  });
});

describe('the preloads of a dynamic import', () => {
  const { plugin, resolveDependencies } = backgroundImports(isBackgroundModule);
  const writeBundle = plugin.generateBundle as (
    this: unknown,
    options: unknown,
    bundle: OutputBundle,
  ) => void;
  writeBundle.call({}, {}, bundle);
  const deps = ['assets/vendor-a.js', 'assets/vendor-b.js'];

  test('are dropped for code loaded in the background', () => {
    expect(
      resolveDependencies('assets/notification-layer.js', deps, {
        hostId: 'assets/index.js',
        hostType: 'js',
      }),
    ).toEqual([]);
  });

  test('stay for code loaded on request', () => {
    expect(
      resolveDependencies('assets/link-actions-menu.js', deps, {
        hostId: 'assets/links.books.js',
        hostType: 'js',
      }),
    ).toEqual(deps);
  });

  test('stay for the entry page', () => {
    expect(
      resolveDependencies('assets/notification-layer.js', deps, {
        hostId: 'index.html',
        hostType: 'html',
      }),
    ).toEqual(deps);
  });
});
