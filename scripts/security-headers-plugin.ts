import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import {
  createNonce,
  NONCE_PLACEHOLDER,
  readRuntimeConfig,
  securityHeaders,
} from './security-headers.ts';

/** Serves the preview with the same headers as production, and a fresh style nonce per page. */
export function securityHeadersPlugin(): Plugin {
  return {
    name: 'shelflink-security-headers',
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir;
      const runtimeConfig = readRuntimeConfig(join(outDir, 'env.js'));
      const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
      server.middlewares.use((request, response, next) => {
        const nonce = createNonce();
        for (const [name, value] of Object.entries(securityHeaders(runtimeConfig, nonce))) {
          response.setHeader(name, value);
        }
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const isPage = !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
        if (request.method === 'GET' && isPage) {
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
          return;
        }
        next();
      });
    },
  };
}
