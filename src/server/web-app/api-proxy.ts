// The production server's /api proxy: a call to `/api/<path>` goes to `<target>/<path>` and to
// nothing else. The upstream address is built from the target's origin and a path checked
// segment by segment, so no request path can name another host, climb out of the target's
// base path or smuggle a separator past the check in an encoded form.
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const API_PREFIX = '/api';

export interface ApiProxyOptions {
  target: URL;
  /** How long the API may take to start answering before the caller gets a 504. */
  timeoutMs: number;
  /** Request bodies above this size get a 413 and never reach the API. */
  maxBodyBytes: number;
  /** Whether the caller reached this server over TLS, for `X-Forwarded-Proto`. */
  secure: boolean;
  /** Certificates to trust for an https API beyond Node's own, for a private CA. */
  ca?: string;
}

type ProxiedRequest = IncomingMessage | Http2ServerRequest;
type ProxiedResponse = ServerResponse | Http2ServerResponse;

/**
 * A path segment as it may travel to the API: no empty segment (`//`), no dot segment, no
 * backslash, and nothing that decodes to a separator, a dot segment or another escape
 * (`%2f`, `%5c`, `%2e%2e`, `%252f`).
 */
function isSafeSegment(segment: string): boolean {
  if (segment === '' || segment.includes('\\')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  if (decoded === '.' || decoded === '..') return false;
  return !/[/\\%]/.test(decoded) && !/\p{Cc}/u.test(decoded);
}

/**
 * The API address for a request URL under /api, or undefined when the path is not one the
 * proxy passes on.
 */
export function upstreamUrl(target: URL, requestUrl: string): URL | undefined {
  if (requestUrl !== API_PREFIX && !/^\/api[/?]/.test(requestUrl)) return undefined;
  const rest = requestUrl.slice(API_PREFIX.length);
  const queryStart = rest.indexOf('?');
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rest.slice(queryStart);
  if (path !== '' && path !== '/') {
    const segments = path.slice(1).split('/');
    if (!path.startsWith('/') || !segments.every(isSafeSegment)) return undefined;
  }
  const upstream = new URL(target.origin);
  upstream.pathname = target.pathname.replace(/\/$/, '') + (path || '/');
  upstream.search = query;
  return upstream.origin === target.origin ? upstream : undefined;
}

/** The request headers an API call needs; the rest (and the browser's own host) stay here. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-length',
  'cookie',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'origin',
  'prefer',
  'user-agent',
  'x-impersonate',
  'x-request-id',
];

/**
 * Headers that describe one connection rather than the message (RFC 9110, 7.6.1), and HTTP/2's
 * pseudo-headers: neither passes back from the API, and HTTP/2 forbids the former.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
]);

export function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  client: { address: string | undefined; secure: boolean },
): OutgoingHttpHeaders {
  const forwarded: OutgoingHttpHeaders = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = headers[name];
    if (value !== undefined) forwarded[name] = value;
  }
  if (client.address) forwarded['x-forwarded-for'] = client.address;
  forwarded['x-forwarded-proto'] = client.secure ? 'https' : 'http';
  return forwarded;
}

function replyHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

function sendProblem(response: ProxiedResponse, status: number, message: string) {
  if (response.headersSent) {
    if ('stream' in response) response.stream.close();
    else response.destroy();
    return;
  }
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
}

/** Streams a call under /api to the API, and its reply back; see upstreamUrl for the rules. */
export function proxyToApi(
  request: ProxiedRequest,
  response: ProxiedResponse,
  options: ApiProxyOptions,
): void {
  const url = upstreamUrl(options.target, request.url ?? '');
  if (!url) {
    sendProblem(response, 400, 'Bad request: this address is not an API path');
    return;
  }
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > options.maxBodyBytes) {
    sendProblem(response, 413, 'Payload too large');
    request.resume();
    return;
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(
    url,
    {
      method: request.method,
      headers: {
        ...forwardedRequestHeaders(request.headers, {
          address: request.socket.remoteAddress,
          secure: options.secure,
        }),
        host: url.host,
      },
      timeout: options.timeoutMs,
      ...(options.ca ? { ca: options.ca } : {}),
    },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, replyHeaders(reply.headers));
      reply.pipe(response);
    },
  );
  // The first failure answers the caller; the errors that destroying the call raises do not.
  let failed = false;
  const fail = (status: number, message: string) => {
    if (failed) return;
    failed = true;
    upstream.destroy();
    sendProblem(response, status, message);
  };
  upstream.on('timeout', () => {
    fail(504, 'Gateway timeout: the API did not answer in time');
  });
  upstream.on('error', () => {
    fail(502, 'Bad gateway: the API could not be reached');
  });

  let received = 0;
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > options.maxBodyBytes) {
      request.unpipe(upstream);
      fail(413, 'Payload too large');
    }
  });
  request.pipe(upstream);
}
