/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { apiProxy, mockOrigin } from './scripts/api-proxy.ts';
import { appBuild } from './scripts/build/build-options.ts';
import { NONCE_PLACEHOLDER } from './src/server/web-app/security-headers.ts';

const apiTarget = process.env.SHELFLINK_API_TARGET ?? mockOrigin;
// Chunks, background loads and the build's own checks: scripts/build/.
const { plugins, build } = appBuild();

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
    ...plugins,
  ],
  html: { cspNonce: NONCE_PLACEHOLDER },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: apiProxy(apiTarget, apiTarget === mockOrigin),
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy: apiProxy(apiTarget, false),
  },
  build,
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
          // Property tests and rendered screens need more than the default 5 s on a busy 2-core machine.
          testTimeout: 20_000,
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
      {
        // The server under database faults, on PostgreSQL only (`npm run test:faults`).
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
