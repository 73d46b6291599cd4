/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { NONCE_PLACEHOLDER } from './scripts/security-headers.ts';
import { compileHintsPlugin } from './scripts/compile-hints-plugin.ts';
import { precompressPlugin } from './scripts/precompress-plugin.ts';
import { backgroundImports } from './scripts/background-imports-plugin.ts';
import { routePreloadsPlugin } from './scripts/route-preloads-plugin.ts';
import { securityHeadersPlugin } from './scripts/security-headers-plugin.ts';

const mockOrigin = 'http://127.0.0.1:4010';
const apiTarget = process.env.SHELFLINK_API_TARGET ?? mockOrigin;
const demoSessionCookie = 'ss-id=demo-author-session';

function apiProxy(signInDemoAuthor: boolean): Record<string, ProxyOptions> {
  return {
    '/api': {
      target: apiTarget,
      changeOrigin: true,
      rewrite: (path) => path.replace(/^\/api/, ''),
      configure: (proxy) => {
        if (!signInDemoAuthor) return;
        // The mock checks only that a session cookie is present. In development the demo
        // author is signed in by sending one whenever the browser has none.
        proxy.on('proxyReq', (proxyReq, request) => {
          if (!/(^|;\s*)ss-id=/.test(request.headers.cookie ?? '')) {
            const cookie = [request.headers.cookie, demoSessionCookie].filter(Boolean).join('; ');
            proxyReq.setHeader('cookie', cookie);
          }
        });
      },
    },
  };
}

/**
 * Matches the modules of npm packages, given as regular-expression sources (`d3-[a-z]+`);
 * a scope matches all its packages.
 */
function vendor(packages: string[]): RegExp {
  const names = packages.map((name) => name.replaceAll('/', String.raw`[\\/]`));
  return new RegExp(String.raw`node_modules[\\/](${names.join('|')})[\\/]`);
}

/** recharts and what only it uses: d3, its Redux store and number formatting. */
const chartPackages = [
  '@mantine/charts',
  'recharts',
  'victory-vendor',
  'd3-[a-z-]+',
  'internmap',
  '@reduxjs/toolkit',
  'react-redux',
  'redux',
  'redux-thunk',
  'reselect',
  'immer',
  'es-toolkit',
  String.raw`decimal\.js-light`,
  'eventemitter3',
  'tiny-invariant',
];

/** A package and, recursively, the packages it depends on. */
function withDependencies(name: string, found = new Set<string>()): Set<string> {
  const manifest = fileURLToPath(new URL(`./node_modules/${name}/package.json`, import.meta.url));
  if (found.has(name) || !existsSync(manifest)) return found;
  found.add(name);
  const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dependency of Object.keys(dependencies)) withDependencies(dependency, found);
  return found;
}

/**
 * Analytics and the consent banner, with everything they use: the app loads them itself after
 * first paint, and their own dynamic imports decide their chunks.
 */
const thirdPartyServices = vendor(
  [...withDependencies('@segment/analytics-next'), 'vanilla-cookieconsent'].map((name) =>
    name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  ),
);

/**
 * Modules loaded in the background after the first paint. The link editor is one on the home
 * page; elsewhere it starts loading when an author points at "New link".
 */
const backgroundLoads = backgroundImports((moduleId) =>
  [
    /src\/app\/notification-layer\.tsx$/,
    /src\/lib\/sentry-sdk\.ts$/,
    /src\/lib\/cookie-banner\.ts$/,
    /src\/shell\/avatar-url\.ts$/,
    /src\/features\/link-editor\/link-editor\.tsx$/,
    /node_modules\/@segment\//,
  ].some((pattern) => pattern.test(moduleId)),
);

export default defineConfig({
  define: {
    // The mock's scenario picker is for working against the mock; `npm run dev` uses the server.
    'import.meta.env.VITE_USES_MOCK_API': JSON.stringify(apiTarget === mockOrigin),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A page's skeleton ships with the page's code, which loads with it, not in the entry.
      codeSplittingOptions: {
        defaultBehavior: [
          ['component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    securityHeadersPlugin(),
    compileHintsPlugin(),
    routePreloadsPlugin(),
    backgroundLoads.plugin,
    precompressPlugin(),
  ],
  html: { cspNonce: NONCE_PLACEHOLDER },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: apiProxy(apiTarget === mockOrigin),
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy: apiProxy(false),
  },
  build: {
    // Written for error reporting's uploads, never referenced from the served code.
    sourcemap: 'hidden',
    // .vite/manifest.json maps every chunk to its source; scripts/bench reads it.
    manifest: true,
    // The polyfill fetches <link rel="modulepreload"> targets for browsers without the feature
    // (before Safari 17 and Firefox 115); those still load every chunk, only a little later.
    // Without it the entry of every page is 0.25 kB gzip smaller.
    modulePreload: { polyfill: false, resolveDependencies: backgroundLoads.resolveDependencies },
    rolldownOptions: {
      output: {
        // A vendor piece is named after every route that uses it; the entry lists each chunk's
        // file for preloading, so those long names would cost every page about 0.4 kB gzip.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('vendor~') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js',
        // Chunks: what every page needs in one chunk, heavy libraries in vendor chunks of their
        // own that only the routes using them load, and route chunks with our code only.
        // Groups take the packages they name, not those packages' dependencies: those would
        // drag shared code (Mantine, React) into a route's vendor chunk.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // Everything the entry imports statically loads on every page anyway: one chunk
            // instead of ~30 small ones (fewer requests, better compression).
            { name: 'app', tags: ['$initial'] },
            { name: 'charts', test: vendor(chartPackages) },
            { name: 'dates', test: vendor(['@mantine/dates']) },
            { name: 'dayjs', test: vendor(['dayjs']) },
            { name: 'qrcode', test: vendor([String.raw`qrcode\.react`]) },
            { name: 'sentry', test: vendor(['@sentry', '@sentry-internal']) },
            // Mantine's own helpers (styles API, Box, theme functions) that the entry does not
            // already hold, in one small chunk. Left to the vendor split, each merged into some
            // component's piece: the notification layer, which loads on every page, then brought
            // the tooltip, the stepper and floating-ui for one helper.
            { name: 'mantine-core', test: vendor([String.raw`@mantine/core/esm/core`]) },
            // Any other library a lazy route uses, split by the set of routes using it. Left in
            // a route chunk, a library's own dependency would make its vendor chunk import that
            // route chunk back: a cycle that breaks at run time. Style sheets stay with the
            // module importing them: merged into a piece of code, they would load wherever
            // that code does.
            {
              name: 'vendor',
              test: (id) =>
                /node_modules/.test(id) && !id.endsWith('.css') && !thirdPartyServices.test(id),
              entriesAware: true,
              // Pieces under 2 kB merge into a neighbour: that saves a request for a few
              // hundred bytes (the books page loads 17 files instead of 23, and fewer bytes).
              // Larger ones stay apart: a merged piece brings its neighbour's code to every
              // route that needs either (merged at 10 kB, the FAQ loaded 29 kB gzip of form,
              // menu and table code instead of 6 kB; at 4 kB the books page 50 kB instead of 32).
              entriesAwareMergeThreshold: 2000,
            },
          ],
        },
      },
    },
  },
  test: {
    // Vitest leaves one core free by default; on a two-core machine that runs one file at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Not `extends`: the server's tests need none of the app's Vite plugins.
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
