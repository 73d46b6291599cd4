// Runs the production server in-process for a small stand-in build: a page, an asset with its
// source map, and the build's manifests, which must never be served.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startAppServer,
  type AppServerOptions,
  type RunningAppServer,
} from '../../../src/server/web-app/app-server';
import { DEFAULT_CONNECTION_LIMITS } from '../../../src/server/http/connection-limits';

export type TestAppServer = RunningAppServer;

export function writeStandInBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'shelflink-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta property="csp-nonce" nonce="__SHELFLINK_CSP_NONCE__" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'env.js'), 'window.__SHELFLINK_ENV__ = {};');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  writeFileSync(
    join(dist, 'assets', 'index-abc123.js.map'),
    '{"version":3,"sources":["src/main.tsx"]}',
  );
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  writeFileSync(join(dist, '.vite', 'route-preloads.json'), '[]');
  return dist;
}

export function startTestAppServer(
  options: Partial<Omit<AppServerOptions, 'api'>> & {
    api?: AppServerOptions['api'];
    trustedCertificate?: string;
  } = {},
): Promise<TestAppServer> {
  const { trustedCertificate, api, ...rest } = options;
  return startAppServer({
    distDir: writeStandInBuild(),
    host: '127.0.0.1',
    port: 0,
    limits: DEFAULT_CONNECTION_LIMITS,
    serveSourceMaps: false,
    ...rest,
    ...(api ? { api: { ...api, ...(trustedCertificate ? { ca: trustedCertificate } : {}) } } : {}),
  });
}
