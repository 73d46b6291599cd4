import type { FastifyServerOptions } from 'fastify';

/** What a secret in a logged address is replaced with. */
export const redactionMarker = '[redacted]';

/** The app's pages whose last path segment is a secret: sign-in, claim and e-mail-change links. */
const secretPathSegment = /^(\/(?:login|confirm|confirm-email)\/)[^/?#]+/;
/** Query parameters whose values are secrets, whatever operation or page they are sent to. */
const secretQueryName = /token|key|secret|password|signature/i;

/**
 * The request's address as it may be logged: a sign-in, claim or e-mail-change token in the
 * path and any secret query value are replaced, since a token copied from a log signs in.
 */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(secretPathSegment, `$1${redactionMarker}`);
  if (queryStart === -1) return redactedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator === -1) return pair;
      const name = pair.slice(0, separator);
      return secretQueryName.test(safeDecode(name)) ? `${name}=${redactionMarker}` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const secretFieldNames = ['token', 'password', 'secret', 'cookie', 'authorization', 'apiKey'];
const secretLogPaths = secretFieldNames.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]);

/** What the request serializer reads: a Fastify request, or a request object logged by hand. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, with the address redacted. Bodies are never logged. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger options every Fastify instance of the product is built with: the given ones (or
 * none, when logging is off) with the request serializer that keeps secrets out of the log.
 */
export function withRedactedRequests(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest },
    // A secret in an object logged by hand, one or two levels down, is never written either.
    redact: { paths: secretLogPaths, censor: redactionMarker },
  };
}
