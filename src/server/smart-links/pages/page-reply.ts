// How the short-link host answers with one of its pages for readers.
import type { FastifyReply } from 'fastify';
import { gzipSync } from 'node:zlib';

/**
 * A reader page loads no script, its styles are inline and its covers come from any https host;
 * it may not be framed, so no other site can overlay its store buttons. `connect-src 'self'` lets
 * crawlers' audits read the host's robots.txt from the page. The store forms are left out of
 * `form-action` on purpose: browsers apply it to the redirect to the retailer too.
 */
const readerPageHeaders = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Pages are a few kilobytes, compressed here so that they stay small on any deployment. */
export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  void reply
    .code(status)
    .type('text/html; charset=utf-8')
    .headers(readerPageHeaders)
    .header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(reply.request.headers['accept-encoding'] ?? '')) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(gzipSync(html));
}
