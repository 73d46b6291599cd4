// Serves the production build: `npx tsx scripts/serve.ts [--port 8080] [--host 127.0.0.1]
// [--dist dist] [--api-target http://127.0.0.1:4010] [--cert cert.pem --key key.pem]`. Hashed
// assets are cached for a year and sent as the build compressed them
// (scripts/precompress-plugin.ts); index.html and env.js are revalidated on every load and
// compressed here; page paths fall back to index.html with a fresh style nonce and the preload
// tags of the route they open (scripts/route-preloads.ts), and /api is proxied when a target is
// given.
// With a certificate and its key it serves HTTPS over HTTP/2 (HTTP/1.1 for clients without it):
// a page then loads its dozen or more chunks and its API calls over one connection, instead of
// queueing them behind the six connections browsers open per origin over HTTP/1.1.
// env.js is read once at start-up: restart the server after replacing it.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { readRoutePreloads, withRoutePreloads } from './route-preloads.ts';
import {
  contentSecurityPolicy,
  createNonce,
  NONCE_PLACEHOLDER,
  readRuntimeConfig,
  securityHeaders,
} from './security-headers.ts';

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string', default: 'dist' },
    'api-target': { type: 'string' },
    cert: { type: 'string' },
    key: { type: 'string' },
  },
});
if (Boolean(options.cert) !== Boolean(options.key)) {
  console.error('HTTPS needs both --cert and --key.');
  process.exit(1);
}

const distRoot = resolve(options.dist);
const indexFile = join(distRoot, 'index.html');
const indexHtml = readFileSync(indexFile, 'utf8');
const routePreloads = readRoutePreloads(distRoot);
const runtimeConfig = readRuntimeConfig(join(distRoot, 'env.js'));
/** Sent with every response; a page's policy adds that page's style nonce (sendPage). */
const sharedSecurityHeaders = securityHeaders(runtimeConfig);
const apiTarget = options['api-target'] ? new URL(options['api-target']) : undefined;
const tls =
  options.cert && options.key
    ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
    : undefined;

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

function sendPage(request: Request, response: Response, path: string) {
  const nonce = createNonce();
  response.setHeader('Content-Security-Policy', contentSecurityPolicy(runtimeConfig, nonce));
  const page = withRoutePreloads(indexHtml, routePreloads, path, `nonce="${NONCE_PLACEHOLDER}"`);
  const html = Buffer.from(page.replaceAll(NONCE_PLACEHOLDER, nonce));
  const headers = { 'Content-Type': contentTypes['.html'], 'Cache-Control': REVALIDATE };
  return send(request, response, 200, headers, html, { compress: true });
}

function sendNotFound(request: Request, response: Response) {
  const headers = { 'Content-Type': contentTypes['.txt'], 'Cache-Control': REVALIDATE };
  return send(request, response, 404, headers, Buffer.from('Not found\n'), { compress: false });
}

/** The build's file at a request path, if there is one (never anything outside the build). */
async function findFile(path: string): Promise<string | undefined> {
  const file = resolve(distRoot, `.${path}`);
  if (!file.startsWith(distRoot + sep)) return undefined;
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

/**
 * Headers that describe one connection rather than the message (RFC 9110, 7.6.1), and HTTP/2's
 * pseudo-headers: neither passes through the proxy, and HTTP/2 forbids the former.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
]);

function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

/** Streams the call to the API target with the /api prefix taken off, and the reply back. */
function proxyToApi(request: Request, response: Response, target: URL) {
  const upstreamPath = target.pathname.replace(/\/$/, '') + (request.url ?? '').slice(4);
  const upstream = forward(
    new URL(upstreamPath || '/', target),
    {
      method: request.method,
      headers: { ...endToEndHeaders(request.headers), host: target.host },
    },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, endToEndHeaders(reply.headers));
      reply.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) {
      response.writeHead(502, { 'Content-Type': contentTypes['.txt'] }).end('Bad gateway\n');
    } else if ('stream' in response) {
      response.stream.close();
    } else {
      response.destroy();
    }
  });
  request.pipe(upstream);
}

async function handle(request: Request, response: Response) {
  for (const [name, value] of Object.entries(sharedSecurityHeaders)) {
    response.setHeader(name, value);
  }
  // Once a browser has seen the site over HTTPS, it never asks for it over plain HTTP again.
  if (tls) response.setHeader('Strict-Transport-Security', 'max-age=31536000');
  const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
  if (apiTarget && (rawPath === '/api' || rawPath.startsWith('/api/'))) {
    proxyToApi(request, response, apiTarget);
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    await sendNotFound(request, response);
    return;
  }
  const file = await findFile(path);
  if (file && file !== indexFile) {
    await sendFile(request, response, path, file);
    return;
  }
  // A missing script, style sheet or image is an error; every other path is a page of the app,
  // old addresses such as /login.php included (the app redirects those itself).
  const extension = extname(path).toLowerCase();
  const isMissingFile =
    !file && (path.startsWith('/assets/') || (extension !== '.html' && extension in contentTypes));
  await (isMissingFile ? sendNotFound(request, response) : sendPage(request, response, path));
}

function onRequest(request: Request, response: Response) {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end();
  });
}

const server = tls
  ? createSecureServer({ ...tls, allowHTTP1: true }, onRequest)
  : createServer(onRequest);
// Stopping closes open connections too, kept-alive and HTTP/2 ones included.
const connections = new Set<Socket>();
server.on('connection', (socket: Socket) => {
  connections.add(socket);
  socket.once('close', () => connections.delete(socket));
});

server.listen(Number(options.port), options.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const scheme = tls ? 'https' : 'http';
  const proxy = apiTarget ? `, /api proxied to ${apiTarget.origin}` : '';
  console.log(`Serving ${distRoot} on ${scheme}://${options.host}:${port}${proxy}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    for (const socket of connections) socket.destroy();
  });
}
