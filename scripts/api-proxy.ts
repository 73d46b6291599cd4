import type { ProxyOptions } from 'vite';

export const mockOrigin = 'http://127.0.0.1:4010';
const demoSessionCookie = 'ss-id=demo-author-session';

/** `/api` proxied to `target`, with the prefix removed. */
export function apiProxy(target: string, signInDemoAuthor: boolean): Record<string, ProxyOptions> {
  return {
    '/api': {
      target,
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
