import { describe, expect, test } from 'vitest';
import {
  chunkFileName,
  chunkGroups,
  packagesOnlyUsedBy,
  packagesPattern,
  unmatchedGroups,
} from '../../../scripts/build/chunking.ts';

// Vitest runs from the project's root (jsdom gives this file no file: URL).
const root = process.cwd();

describe('the packages only a library brings', () => {
  const charts = packagesOnlyUsedBy(root, ['@mantine/charts']);

  test('are the library, its peers among the app dependencies and what they depend on', () => {
    expect(charts).toEqual(
      expect.arrayContaining([
        '@mantine/charts',
        'recharts',
        'd3-scale',
        'victory-vendor',
        'immer',
      ]),
    );
  });

  test('leave out what the rest of the app uses too', () => {
    for (const shared of [
      'react',
      'react-dom',
      'clsx',
      '@mantine/core',
      'use-sync-external-store',
    ]) {
      expect(charts).not.toContain(shared);
    }
  });
});

describe('a packages pattern', () => {
  const pattern = packagesPattern(['@sentry', 'qrcode.react']);

  test('matches the modules of the packages and scopes named', () => {
    expect(pattern.test('/app/node_modules/@sentry/react/build/index.js')).toBe(true);
    expect(pattern.test('C:\\app\\node_modules\\qrcode.react\\lib\\index.js')).toBe(true);
  });

  test('takes names literally', () => {
    expect(pattern.test('/app/node_modules/qrcodexreact/index.js')).toBe(false);
    expect(pattern.test('/app/node_modules/@sentry-internal/core/index.js')).toBe(false);
    expect(pattern.test('/app/src/lib/sentry-sdk.ts')).toBe(false);
  });
});

describe('the chunk groups', () => {
  const groups = chunkGroups(root);

  test('put the entry in one chunk and heavy libraries in their own', () => {
    expect(groups.map(({ name }) => name)).toEqual([
      'app',
      'charts',
      'dates',
      'dayjs',
      'qrcode',
      'sentry',
      'mantine-core',
      'vendor',
    ]);
  });

  test('leave third-party services and style sheets out of the vendor pieces', () => {
    const vendor = groups.find(({ name }) => name === 'vendor')?.test as (id: string) => boolean;
    expect(vendor('/app/node_modules/@tabler/icons-react/dist/esm/icons/IconX.mjs')).toBe(true);
    expect(vendor('/app/node_modules/@segment/analytics-next/dist/pkg/index.js')).toBe(false);
    expect(vendor('/app/node_modules/@mantine/core/styles/Menu.css')).toBe(false);
    expect(vendor('/app/src/shell/header.tsx')).toBe(false);
  });

  test('that match no module are named, so the build can fail on them', () => {
    const ids = [
      '/app/node_modules/recharts/lib/index.js',
      '/app/node_modules/@mantine/core/esm/core/Box/Box.mjs',
    ];
    expect(unmatchedGroups(groups, ids)).toEqual(['dates', 'dayjs', 'qrcode', 'sentry']);
  });
});

test('vendor pieces get short file names', () => {
  expect(chunkFileName({ name: 'vendor~books~collections' })).toBe('assets/vendor-[hash:7].js');
  expect(chunkFileName({ name: 'link-editor' })).toBe('assets/[name]-[hash:7].js');
});
