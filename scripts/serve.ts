// Serves the production build: `npx tsx scripts/serve.ts [--port 8080] [--host 127.0.0.1]
// [--dist dist] [--api-target http://127.0.0.1:4010]`. Hashed assets are cached for a year and
// sent as the build compressed them (scripts/precompress-plugin.ts); index.html and env.js are
// revalidated on every load and compressed here; page paths fall back to index.html with a fresh
// style nonce, and /api is proxied when a target is given.
// env.js is read once at start-up: restart the server after replacing it.
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
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
  },
});

const distRoot = resolve(options.dist);
const indexFile = join(distRoot, 'index.html');
const indexHtml = readFileSync(indexFile, 'utf8');
const runtimeConfig = readRuntimeConfig(join(distRoot, 'env.js'));
const apiTarget = options['api-target'] ? new URL(options['api-target']) : undefined;

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
function pickEncoding(request: IncomingMessage): Encoding | undefined {
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
  request: IncomingMessage,
  response: ServerResponse,
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
  response.end(request.method === 'HEAD' ? undefined : payload);
}

function sendPage(request: IncomingMessage, response: ServerResponse, nonce: string) {
  const html = Buffer.from(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
  const headers = { 'Content-Type': contentTypes['.html'], 'Cache-Control': REVALIDATE };
  return send(request, response, 200, headers, html, { compress: true });
}

function sendNotFound(request: IncomingMessage, response: ServerResponse) {
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

async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  file: string,
) {
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

/** Streams the call to the API target with the /api prefix taken off, and the reply back. */
function proxyToApi(request: IncomingMessage, response: ServerResponse, target: URL) {
  const upstreamPath = target.pathname.replace(/\/$/, '') + (request.url ?? '').slice(4);
  const upstream = forward(
    new URL(upstreamPath || '/', target),
    { method: request.method, headers: { ...request.headers, host: target.host } },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (response.headersSent) response.destroy();
    else response.writeHead(502, { 'Content-Type': contentTypes['.txt'] }).end('Bad gateway\n');
  });
  request.pipe(upstream);
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const nonce = createNonce();
  for (const [name, value] of Object.entries(securityHeaders(runtimeConfig, nonce))) {
    response.setHeader(name, value);
  }
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
  await (isMissingFile ? sendNotFound(request, response) : sendPage(request, response, nonce));
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end();
  });
});

server.listen(Number(options.port), options.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const proxy = apiTarget ? `, /api proxied to ${apiTarget.origin}` : '';
  console.log(`Serving ${distRoot} on http://${options.host}:${port}${proxy}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
