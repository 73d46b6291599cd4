// The short-link host's request bodies: the store form the contract declares, and nothing else.
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

export function acceptOnlyStoreForms(host: FastifyInstance): void {
  // Fastify's own JSON and text parsers go.
  host.removeAllContentTypeParsers();
  host.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  // The contract names text/html as the pages' reply type, and fastify-openapi-glue warns at start
  // about a media type it names that has no parser. A body of that type is refused all the same,
  // as Fastify refuses one it has no parser for.
  host.addContentTypeParser('text/html', (_request, _body, done) => {
    done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/html'));
  });
}

/**
 * Whether a store form was sent by another site, which could otherwise set a reader's
 * remembered store for them. Browsers say so in `Sec-Fetch-Site`; a browser that does not send
 * it still names the page's origin in `Origin` (`null` from an opaque page, such as a
 * sandboxed frame).
 */
export function isFromAnotherSite({ headers }: FastifyRequest): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'cross-site';
  const origin = headers.origin;
  if (origin === undefined) return false;
  return !URL.canParse(origin) || new URL(origin).host !== headers.host;
}
