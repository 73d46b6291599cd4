// The real Shelflink server for contract:fuzz, in this process: the API (buildApp) and the
// short-link host on one migrated in-memory PGlite, mail kept in memory, a clock the fuzzer moves
// and no network (book lookups know only the offline catalogue). Requests go in through inject;
// a request whose headers are over Node's size limit crosses a real loopback socket, because
// only Node's HTTP parser refuses it.
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

import { buildApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import { readConfig } from '../../src/server/config.ts';
import { pgliteConnection } from '../../src/server/db/database.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { FetchError, type SafeFetcher } from '../../src/server/net/safe-fetch.ts';
import { createProductLookup } from '../../src/server/products/product-lookup.ts';
import { ClickRecorder } from '../../src/server/smart-links/click-recorder.ts';
import { LinkCache } from '../../src/server/smart-links/link-cache.ts';
import { buildShortLinkHost } from '../../src/server/smart-links/short-link-host.ts';
import { openVisitorCountryFinder } from '../../src/server/smart-links/visitor-country.ts';
import { VisitorSalts } from '../../src/server/smart-links/visitor-salts.ts';

export const authorEmail = 'maya.okafor@fuzz.shelflink.test';
export const administratorEmail = 'ines.duarte@fuzz.shelflink.test';
export const shortLinkOrigin = 'https://shelf.to';

/** Tables a refused request may change, with why; every other table must stay as it was. */
export const tablesChangedByRefusals: Record<string, string> = {
  rate_limits: 'an attempt is counted before it is refused: that is what limits attempts',
  audit_log:
    'an administrator acting as someone is recorded before the operation runs, refused or not',
};

/** Where the fuzzer's clock starts; it moves only when a rate limit asks the fuzzer to wait. */
const startTime = new Date('2026-11-21T09:00:00Z');

export class FuzzClock implements Clock {
  private current = startTime.getTime();

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

/** A fetcher for a machine without network: every page and book service is out of reach. */
const unreachable: SafeFetcher = {
  html: (url) => Promise.reject(new FetchError('network', `${url} is not fetched while fuzzing`)),
  json: (url) => Promise.reject(new FetchError('network', `${url} is not fetched while fuzzing`)),
};

export interface WireRequest {
  /** `api` or the short-link host. */
  server: 'api' | 'short-link host';
  method: string;
  /** Path and query exactly as sent, e.g. `/v1/links/list?skip=1e2`. */
  target: string;
  headers: Record<string, string>;
  /** The body exactly as sent, text or a file's bytes; undefined sends none. */
  body?: string | Uint8Array;
  /** Crosses a loopback socket instead of inject, for what only Node's HTTP parser checks. */
  overSocket?: boolean;
  /** The client address, so that per-address rate limits count each case apart. */
  remoteAddress: string;
}

export interface WireReply {
  status: number;
  headers: Headers;
  /** The body as text, decompressed. */
  text: string;
}

export interface FuzzServer {
  send(request: WireRequest): Promise<WireReply>;
  /** Every message the app sent, oldest first. */
  mail: MailMessage[];
  clock: FuzzClock;
  /** A hash of each table's rows, by table, leaving out `tablesChangedByRefusals`. */
  fingerprint(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
  }
  return headers;
}

/** A body as bytes: text in UTF-8, a file's bytes as they are. */
function bytesOf(body: string | Uint8Array): Buffer {
  return typeof body === 'string'
    ? Buffer.from(body, 'utf8')
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function bodyText(payload: Buffer, headers: Headers): string {
  const gzipped = headers.get('content-encoding') === 'gzip';
  return (gzipped ? gunzipSync(payload) : payload).toString('utf8');
}

async function injectInto(app: FastifyInstance, request: WireRequest): Promise<WireReply> {
  const reply = await app.inject({
    method: request.method as 'GET',
    url: request.target,
    headers: request.headers,
    remoteAddress: request.remoteAddress,
    // A string as it is; bytes as a Buffer, which inject sends as they are (not as JSON).
    ...(request.body === undefined
      ? {}
      : { payload: typeof request.body === 'string' ? request.body : bytesOf(request.body) }),
  });
  const headers = headersOf(reply.headers);
  return { status: reply.statusCode, headers, text: bodyText(reply.rawPayload, headers) };
}

/** The reply in what a socket received: status line, headers and a body of Content-Length. */
function parseRawReply(raw: Buffer): WireReply | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const length = Number(headers.get('content-length') ?? raw.length - end - 4);
  return { status, headers, text: bodyText(raw.subarray(end + 4, end + 4 + length), headers) };
}

/**
 * Sends a request over a real socket and reads what comes back until the server closes it. A
 * server that refuses a request while it is still being written may reset the connection before
 * its reply is read, so a request with no reply is sent again, twice at most.
 */
async function sendOverSocket(port: number, request: WireRequest): Promise<WireReply> {
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: close',
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(request.body === undefined ? [] : [`content-length: ${bytesOf(request.body).length}`]),
  ].join('\r\n');
  const message = Buffer.concat([
    Buffer.from(`${head}\r\n\r\n`, 'utf8'),
    bytesOf(request.body ?? ''),
  ]);
  let failure = 'no bytes came back';
  for (let attempt = 0; attempt < 3; attempt++) {
    const received = await new Promise<{ raw: Buffer; error?: Error }>((resolve) => {
      const chunks: Buffer[] = [];
      let error: Error | undefined;
      const socket = connect({ host: '127.0.0.1', port }, () => socket.end(message));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', (cause) => {
        error = cause;
      });
      socket.on('close', () => {
        resolve({ raw: Buffer.concat(chunks), ...(error ? { error } : {}) });
      });
    });
    const reply = parseRawReply(received.raw);
    if (reply !== undefined) return reply;
    failure = received.error?.message ?? failure;
  }
  throw Object.assign(new Error(`The connection ended without a reply: ${failure}`), {
    code: 'FUZZ_NO_REPLY',
  });
}

async function listen(server: FastifyInstance): Promise<number> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return (server.server.address() as AddressInfo).port;
}

/** One query that hashes the rows of each table a refused request must leave alone. */
async function fingerprintQuery(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows
    .map(({ tablename }) => tablename)
    .filter((table) => !Object.hasOwn(tablesChangedByRefusals, table))
    .map(
      (table) =>
        `select '${table}' as name, ` +
        `md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from "${table}" t`,
    )
    .join(' union all ');
}

/** Builds the API and the short-link host on a fresh migrated database. */
export async function startFuzzServer(): Promise<FuzzServer> {
  const client = new PGlite();
  const connection = pgliteConnection(client);
  await connection.migrate();
  const mail: MailMessage[] = [];
  const clock = new FuzzClock();
  const config = readConfig({
    APP_ORIGIN: 'https://app.shelflink.test',
    SHORT_LINK_ORIGIN: shortLinkOrigin,
    ADMIN_EMAILS: administratorEmail,
  });
  const linkCache = new LinkCache();
  const deps = {
    db: connection.db,
    mailer: {
      send(message: MailMessage) {
        mail.push(message);
        return Promise.resolve();
      },
    },
    clock,
    config,
    linkCache,
    products: createProductLookup({ config, clock, fetcher: unreachable }),
  };
  const app = buildApp(deps);
  // Clicks are stored when the host closes, not on a timer that could fire between a request
  // and the check that it stored nothing.
  const clicks = new ClickRecorder({
    db: connection.db,
    logger: { warn() {} },
    flushIntervalMs: 24 * 60 * 60_000,
  });
  const host = buildShortLinkHost({
    db: connection.db,
    clock,
    config,
    links: linkCache,
    clicks,
    salts: new VisitorSalts(connection.db),
    findCountry: await openVisitorCountryFinder(),
  });
  const fingerprintSql = await fingerprintQuery(client);
  const ports = new Map<FastifyInstance, Promise<number>>();
  const portOf = (server: FastifyInstance) => {
    let port = ports.get(server);
    if (port === undefined) {
      port = listen(server);
      ports.set(server, port);
    }
    return port;
  };
  return {
    mail,
    clock,
    async send(request) {
      const server = request.server === 'api' ? app : host;
      if (request.overSocket === true) return sendOverSocket(await portOf(server), request);
      return injectInto(server, request);
    },
    async fingerprint() {
      const { rows } = await client.query<{ name: string; hash: string }>(fingerprintSql);
      return new Map(rows.map(({ name, hash }) => [name, hash]));
    },
    async close() {
      await host.close();
      await clicks.close();
      await app.close();
      await connection.close();
    },
  };
}
