// The short-link host's hottest answer, given before Fastify routes the request: GET /{code} for
// a link to one store that the cache holds. Fastify's request and reply objects, hooks and
// routing would cost a third of the host's throughput, and most of a link's visits are this
// case. Anything else (an all-stores, disabled, deleted or ended link, a lookup the cache can't
// answer, a cookie, a parameter the contract refuses) goes on to the host's routes, which answer
// it the same way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadContract, operationParameters } from '../http/contract';
import { parameterSchemas } from '../http/schema-compilers';
import { shortLinkDomain } from '../links/codes';
import { hasEnded, type LinkCache } from './link-cache';
import {
  plainLinkRedirect,
  readerQuery,
  recordClick,
  redirectHeaders,
  type ClickRecording,
} from './link-redirect';
import type { FindCountry } from './visitor-country';
import { redirects } from '../metrics/metrics';

export interface CachedRedirectDeps extends ClickRecording {
  links: LinkCache;
  findCountry: FindCountry;
  visitorAddress: (request: IncomingMessage) => string;
}

/** Whether a code and the request's headers pass followShortLink's parameters in the contract. */
function followShortLinkParameterCheck(): (
  code: string,
  headers: IncomingMessage['headers'],
) => boolean {
  const parameters = operationParameters(loadContract().shortLinkDocument, '/{code}', 'get');
  const objectSchema = (location: string) => {
    const declared = parameters.filter((parameter) => parameter.in === location);
    return parameterSchemas.compile({
      type: 'object',
      properties: Object.fromEntries(
        declared.map(({ name, schema }) => [name.toLowerCase(), schema]),
      ),
      required: declared.filter(({ required }) => required).map(({ name }) => name.toLowerCase()),
    });
  };
  const validPath = objectSchema('path');
  const validHeaders = objectSchema('header');
  return (code, headers) => validPath({ code }) && validHeaders(headers);
}

/**
 * Answers the request and returns true when it is a cached link's redirect; otherwise returns
 * false having written nothing.
 */
export function cachedRedirectAnswerer(
  deps: CachedRedirectDeps,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const passesContract = followShortLinkParameterCheck();
  return (request, response) => {
    // A cookie may remember a store, which only the host's routes read.
    if (request.method !== 'GET' || request.headers.cookie !== undefined) return false;
    const target = request.url ?? '/';
    const queryStart = target.indexOf('?');
    const code = target.slice(1, queryStart === -1 ? undefined : queryStart);
    if (!passesContract(code, request.headers)) return false;
    const now = deps.clock.now();
    const link = deps.links.peek(shortLinkDomain, code, now);
    if (!link || link.disabled || link.deleted || link.allStores || hasEnded(link, now)) {
      return false;
    }
    let redirect;
    const ip = deps.visitorAddress(request);
    try {
      const country = deps.findCountry({ headers: request.headers, ip });
      redirect = plainLinkRedirect(link, country, readerQuery(target));
    } catch {
      // The host's routes answer it again, and their error handler logs what failed.
      return false;
    }
    response.writeHead(302, { ...redirectHeaders(redirect.location), 'content-length': 0 }).end();
    redirects.inc({ path: 'memory' });
    recordClick(deps, { method: 'GET', headers: request.headers, ip }, redirect.click);
    return true;
  };
}
