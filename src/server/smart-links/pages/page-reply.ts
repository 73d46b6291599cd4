// How the short-link host answers with one of its pages for readers.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { gzipSync } from 'node:zlib';
import { uploadedImagesPath } from '../../images/image-urls';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Content-Security-Policy of every page the host sends (`readerPagePolicy`). */
    readerPagePolicy: string;
  }
}

/**
 * A reader page loads no script, its styles are inline and its covers come from any https host,
 * or from where the API serves uploaded covers (named apart only when that is not https); it may
 * not be framed, so no other site can overlay its store buttons. `connect-src 'self'` lets
 * crawlers' audits read the host's robots.txt from the page. The store forms are left out of
 * `form-action` on purpose: browsers apply it to the redirect to the retailer too.
 */
export function readerPagePolicy(appOrigin: string): string {
  const uploadedCovers = uploadedImagesPath(appOrigin);
  const imageSources = ['https:', 'data:'];
  if (!uploadedCovers.startsWith('https:')) imageSources.push(uploadedCovers);
  return `default-src 'none'; style-src 'unsafe-inline'; img-src ${imageSources.join(' ')}; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'`;
}

/** Gives the host's pages the policy for a deployment whose app is at `appOrigin`. */
export function applyReaderPagePolicy(host: FastifyInstance, appOrigin: string): void {
  host.decorate('readerPagePolicy', readerPagePolicy(appOrigin));
}

const readerPageHeaders = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** How long, and by whom, a page may be kept: each kind of page chooses its own. */
export interface PageCaching {
  cacheControl: string;
  /** Request headers the page depends on, beside `Accept-Encoding`. */
  varyOn?: readonly string[];
}

/**
 * A page chosen for its reader: stores for the country read from `countryHeader` (else
 * `Accept-Language`), and on an all-stores link the store a cookie remembers. No shared cache may
 * keep it, or one country's stores would be shown to everyone, and the browser asks again each
 * time, so a store remembered a moment ago applies.
 */
export function perReaderCaching(countryHeader: string): PageCaching {
  return {
    cacheControl: 'private, no-cache',
    varyOn: [countryHeader.toLowerCase(), 'accept-language', 'cookie'],
  };
}

/** A page that says the same to every reader for now, such as no link at this code: kept a minute. */
export const sharedBriefly: PageCaching = { cacheControl: 'public, max-age=60' };

/** An answer to this request only (a failure, a refused form, a switched-off link): never kept. */
export const neverKept: PageCaching = { cacheControl: 'no-store' };

/** Pages are a few kilobytes, compressed here so that they stay small on any deployment. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  caching: PageCaching,
): FastifyReply {
  void reply
    .code(status)
    .type('text/html; charset=utf-8')
    .headers(readerPageHeaders)
    .header('content-security-policy', reply.server.readerPagePolicy)
    .header('cache-control', caching.cacheControl)
    .header('vary', ['accept-encoding', ...(caching.varyOn ?? [])].join(', '));
  if (!/\bgzip\b/.test(reply.request.headers['accept-encoding'] ?? '')) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(gzipSync(html));
}
