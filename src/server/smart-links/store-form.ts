// The short-link host's request bodies: the store form the contract declares, and nothing else.
import { errorCodes, type FastifyInstance } from 'fastify';

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
