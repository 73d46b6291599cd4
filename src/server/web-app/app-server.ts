// The production server for a build of the app: hashed assets cached for a year and sent as the
// build compressed them (scripts/precompress-plugin.ts); index.html and env.js revalidated on
// every load and compressed here; page paths answered with index.html, a fresh style nonce and
// the preload tags of the route they open (./route-preloads.ts); /api proxied to the API
// (./api-proxy.ts). The build's manifests and source maps stay on the server unless asked for.
// With a certificate and its key it serves HTTPS over HTTP/2 (HTTP/1.1 for clients without it):
// a page then loads its dozen or more chunks and its API calls over one connection, instead of
// queueing them behind the six connections browsers open per origin over HTTP/1.1.
// env.js is read once at start-up: restart the server after replacing it.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { readRoutePreloads, withRoutePreloads, type RoutePreload } from './route-preloads';
import {
  contentSecurityPolicy,
  createNonce,
  NONCE_PLACEHOLDER,
  readRuntimeConfig,
  securityHeaders,
} from './security-headers';
import type { RuntimeConfig } from '../../config/runtime-config';
import { API_PREFIX, proxyToApi, type ApiProxyOptions } from './api-proxy';
import { applyConnectionLimits, type ConnectionLimits } from '../http/connection-limits';

export interface AppServerOptions {
  distDir: string;
  host: string;
  port: number;
  tls?: { cert: Buffer; key: Buffer };
  api?: Omit<ApiProxyOptions, 'secure'>;
  limits: ConnectionLimits;
  /** Serves the build's source maps, for debugging a deployment; off by default. */
  serveSourceMaps: boolean;
}

export interface RunningAppServer {
  origin: string;
  close: () => Promise<void>;
}

/** The build being served, read once at start-up. */
interface Site {
  root: string;
  indexFile: string;
  indexHtml: string;
  routePreloads: RoutePreload[];
  runtimeConfig: RuntimeConfig;
  /** Sent with every response; a page's policy adds that page's style nonce (sendPage). */
  sharedHeaders: Record<string, string>;
  serveSourceMaps: boolean;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.map', '.svg', '.txt', '.xml']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT_LIVED = 'public, max-age=3600';

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

type Encoding = 'br' | 'gzip';
const compressors = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 9 }),
};
/**
 * Hashed assets never change: each is sent as the build compressed it, or else compressed once
 * per encoding.
 */
const compressedAssets = new Map<string, Promise<Buffer>>();

/** Brotli, else gzip, when the browser accepts it (`br;q=0` refuses it). */
function pickEncoding(request: Request): Encoding | undefined {
  const accepted = (request.headers['accept-encoding'] ?? '')
    .split(',')
    .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
    .map((part) => part.split(';')[0]?.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/** A file the build compressed ahead (`file.br`, `file.gz`), when there is one. */
async function readPrecompressed(file: string, encoding: Encoding): Promise<Buffer | undefined> {
  return readFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => undefined);
}

async function send(
  request: Request,
  response: Response,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  options: { compress: boolean; file?: string },
) {
  const encoding = options.compress ? pickEncoding(request) : undefined;
  let payload = body;
  if (encoding) {
    const precompressed = options.file && (await readPrecompressed(options.file, encoding));
    if (precompressed) {
      payload = precompressed;
    } else {
      const key = options.file && `${encoding}:${options.file}`;
      const compressed = (key && compressedAssets.get(key)) || compressors[encoding](body);
      if (key) compressedAssets.set(key, compressed);
      payload = await compressed;
    }
  }
  response.writeHead(status, {
    ...headers,
    ...(options.compress ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': payload.length,
  });
  if (request.method === 'HEAD') response.end();
  else response.end(payload);
}

function sendPage(site: Site, request: Request, response: Response, path: string) {
  const nonce = createNonce();
  response.setHeader('Content-Security-Policy', contentSecurityPolicy(site.runtimeConfig, nonce));
  const page = withRoutePreloads(
    site.indexHtml,
    site.routePreloads,
    path,
    `nonce="${NONCE_PLACEHOLDER}"`,
  );
  const html = Buffer.from(page.replaceAll(NONCE_PLACEHOLDER, nonce));
  const headers = { 'Content-Type': contentTypes['.html'], 'Cache-Control': REVALIDATE };
  return send(request, response, 200, headers, html, { compress: true });
}

function sendNotFound(request: Request, response: Response) {
  const headers = { 'Content-Type': contentTypes['.txt'], 'Cache-Control': REVALIDATE };
  return send(request, response, 404, headers, Buffer.from('Not found\n'), { compress: false });
}

/**
 * Whether a build file is for the browser: Vite's manifests (`.vite/`) describe the build to
 * tools, and source maps would hand out the app's source; neither is served unless asked for.
 */
function isPublic(site: Site, path: string): boolean {
  if (path.startsWith('/.vite/')) return false;
  return site.serveSourceMaps || !path.endsWith('.map');
}

/** The build's file at a request path, if there is one (never anything outside the build). */
async function findFile(site: Site, path: string): Promise<string | undefined> {
  const file = resolve(site.root, `.${path}`);
  if (!file.startsWith(site.root + sep) || !isPublic(site, path)) return undefined;
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? file : undefined;
}

async function sendFile(request: Request, response: Response, path: string, file: string) {
  const extension = extname(file).toLowerCase();
  const isAsset = path.startsWith('/assets/');
  const cacheControl = isAsset ? IMMUTABLE : path === '/env.js' ? REVALIDATE : SHORT_LIVED;
  const headers = {
    'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };
  return send(request, response, 200, headers, await readFile(file), {
    compress: compressible.has(extension),
    ...(isAsset ? { file } : {}),
  });
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** What serving a build needs to know; see startAppServer for the whole server. */
export interface WebAppOptions {
  distDir: string;
  /** Whether visitors reach the app over HTTPS, which adds HSTS. */
  secure: boolean;
  serveSourceMaps: boolean;
}

export interface WebApp {
  /** Sets what every response carries, API replies included: the security headers, and HSTS. */
  setSharedHeaders(response: Response): void;
  /** Answers a request for a page or a file of the build. */
  serve(request: Request, response: Response): Promise<void>;
}

/**
 * The app itself, pages and files: the part of this server that the product's own server
 * (./start.ts) mounts beside its API.
 */
export function createWebApp(options: WebAppOptions): WebApp {
  const site = readSite(options);
  const setSharedHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(site.sharedHeaders)) {
      response.setHeader(name, value);
    }
    // Once a browser has seen the site over HTTPS, it never asks for it, or its subdomains,
    // over plain HTTP again.
    if (options.secure) response.setHeader('Strict-Transport-Security', HSTS);
  };
  const serve = async (request: Request, response: Response) => {
    setSharedHeaders(response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      await sendNotFound(request, response);
      return;
    }
    const file = await findFile(site, path);
    if (file && file !== site.indexFile) {
      await sendFile(request, response, path, file);
      return;
    }
    // A missing script, style sheet or image is an error; every other path is a page of the
    // app, old addresses such as /login.php included (the app redirects those itself).
    const extension = extname(path).toLowerCase();
    const isMissingFile =
      !file &&
      (path.startsWith('/assets/') || (extension !== '.html' && extension in contentTypes));
    await (isMissingFile
      ? sendNotFound(request, response)
      : sendPage(site, request, response, path));
  };
  return { setSharedHeaders, serve };
}

function readSite(options: WebAppOptions): Site {
  const root = resolve(options.distDir);
  const indexFile = join(root, 'index.html');
  const runtimeConfig = readRuntimeConfig(join(root, 'env.js'));
  return {
    root,
    indexFile,
    indexHtml: readFileSync(indexFile, 'utf8'),
    routePreloads: readRoutePreloads(root),
    runtimeConfig,
    sharedHeaders: securityHeaders(runtimeConfig),
    serveSourceMaps: options.serveSourceMaps,
  };
}

export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const secure = Boolean(options.tls);
  const webApp = createWebApp({ ...options, secure });
  const handle = (request: Request, response: Response): Promise<void> => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (options.api && (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))) {
      webApp.setSharedHeaders(response);
      proxyToApi(request, response, { ...options.api, secure });
      return Promise.resolve();
    }
    return webApp.serve(request, response);
  };
  const onRequest = (request: Request, response: Response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  };
  const server = options.tls
    ? createSecureServer(
        { ...options.tls, allowHTTP1: true, handshakeTimeout: options.limits.headersTimeoutMs },
        onRequest,
      )
    : createServer(onRequest);
  applyConnectionLimits(server, options.limits);
  // Closing closes open connections too, kept-alive and HTTP/2 ones included.
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  await new Promise<void>((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolveListening();
    });
  });
  const { port } = server.address() as AddressInfo;
  const scheme = options.tls ? 'https' : 'http';
  return {
    origin: `${scheme}://${options.host}:${port}`,
    close: () =>
      new Promise<void>((resolveClosed) => {
        server.close(() => {
          resolveClosed();
        });
        for (const socket of connections) socket.destroy();
      }),
  };
}
