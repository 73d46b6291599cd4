import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { readRoutePreloads, withRoutePreloads } from '../src/server/web-app/route-preloads.ts';
import {
  contentSecurityPolicy,
  createNonce,
  NONCE_PLACEHOLDER,
  readRuntimeConfig,
  securityHeaders,
} from '../src/server/web-app/security-headers.ts';

/**
 * Serves the preview with the same headers as production, a fresh style nonce per page and, as
 * in production, the preload tags of the route a page opens.
 */
export function securityHeadersPlugin(): Plugin {
  return {
    name: 'shelflink-security-headers',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const runtimeConfig = readRuntimeConfig(join(outDir, 'env.js'));
      const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
      const routePreloads = readRoutePreloads(outDir);
      const sharedSecurityHeaders = securityHeaders(runtimeConfig);
      server.middlewares.use((request, response, next) => {
        for (const [name, value] of Object.entries(sharedSecurityHeaders)) {
          response.setHeader(name, value);
        }
        const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
        const file = join(outDir, path);
        const isFile = file.startsWith(outDir) && existsSync(file) && statSync(file).isFile();
        // Anything that is not a built file or an API call is a page of the app, including the
        // previous site's .php addresses, which the app redirects itself.
        const isPage = !isFile && !path.startsWith('/api/') && !path.startsWith('/assets/');
        if (request.method === 'GET' && isPage) {
          const nonce = createNonce();
          response.setHeader(
            'Content-Security-Policy',
            contentSecurityPolicy(runtimeConfig, nonce),
          );
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          const nonceAttribute = `nonce="${NONCE_PLACEHOLDER}"`;
          const page = withRoutePreloads(indexHtml, routePreloads, path, nonceAttribute);
          response.end(page.replaceAll(NONCE_PLACEHOLDER, nonce));
          return;
        }
        next();
      });
    },
  };
}
