/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { NONCE_PLACEHOLDER } from './scripts/security-headers.ts';
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

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    securityHeadersPlugin(),
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
    sourcemap: true,
  },
  test: {
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
    ],
  },
});
