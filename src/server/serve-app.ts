// Serves a production build: `npm run serve -- [--port 8080] [--host 127.0.0.1]
// [--dist dist] [--api-target https://api.example [--api-ca ca.pem]] [--cert cert.pem --key
// key.pem]`, plus the limits below. What it serves and how: ./web-app/app-server.ts.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startAppServer } from './web-app/app-server';
import { DEFAULT_CONNECTION_LIMITS } from './http/connection-limits';

const { values: options } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string', default: 'dist' },
    'api-target': { type: 'string' },
    'api-timeout-ms': { type: 'string', default: '30000' },
    'api-ca': { type: 'string' },
    'api-max-body-bytes': { type: 'string', default: String(1024 * 1024) },
    cert: { type: 'string' },
    key: { type: 'string' },
    'headers-timeout-ms': {
      type: 'string',
      default: String(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs),
    },
    'request-timeout-ms': {
      type: 'string',
      default: String(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
    },
    'idle-timeout-ms': { type: 'string', default: String(DEFAULT_CONNECTION_LIMITS.idleTimeoutMs) },
    'max-connections': {
      type: 'string',
      default: String(DEFAULT_CONNECTION_LIMITS.maxConnections),
    },
    'max-connections-per-address': {
      type: 'string',
      default: String(DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress),
    },
    'serve-source-maps': { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function positiveInteger(name: keyof typeof options): number {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value <= 0) fail(`--${name} needs a positive whole number.`);
  return value;
}

function apiTarget(value: string): URL {
  let target: URL;
  try {
    target = new URL(value);
  } catch {
    fail(`--api-target ${value} is not an absolute URL.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    fail('--api-target needs an http:// or https:// URL.');
  }
  return target;
}

if (Boolean(options.cert) !== Boolean(options.key)) fail('HTTPS needs both --cert and --key.');

const server = await startAppServer({
  distDir: options.dist,
  host: options.host,
  port: Number(options.port),
  tls:
    options.cert && options.key
      ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
      : undefined,
  api: options['api-target']
    ? {
        target: apiTarget(options['api-target']),
        timeoutMs: positiveInteger('api-timeout-ms'),
        maxBodyBytes: positiveInteger('api-max-body-bytes'),
        ...(options['api-ca'] ? { ca: readFileSync(options['api-ca'], 'utf8') } : {}),
      }
    : undefined,
  limits: {
    headersTimeoutMs: positiveInteger('headers-timeout-ms'),
    requestTimeoutMs: positiveInteger('request-timeout-ms'),
    idleTimeoutMs: positiveInteger('idle-timeout-ms'),
    maxConnections: positiveInteger('max-connections'),
    maxConnectionsPerAddress: positiveInteger('max-connections-per-address'),
  },
  serveSourceMaps: options['serve-source-maps'],
});
const proxy = options['api-target'] ? `, /api proxied to ${options['api-target']}` : '';
console.log(`Serving ${options.dist} on ${server.origin}${proxy}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
