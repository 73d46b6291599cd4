import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/**
 * The visitor's address: the nearest one in `X-Forwarded-For` that is not one of the trusted
 * proxies, or the peer's own. The same rule as Fastify's `request.ip`, for requests answered
 * before Fastify sees them.
 */
export function visitorAddressFinder(
  trustedProxies: readonly string[],
): (request: IncomingMessage) => string {
  const trust = proxyAddr.compile([...trustedProxies]);
  return (request) => proxyAddr(request, trust);
}
