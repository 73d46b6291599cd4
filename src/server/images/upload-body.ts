import type { FastifyError, FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import { ApiProblem } from '../http/api-problem';
import { UPLOAD_MAX_BYTES, uploadMediaTypes } from './cover-files';

const uploadOperation = 'uploadImage';
const fileOperation = 'getImageFile';

function hooks<Hook>(existing: Hook | Hook[] | undefined): Hook[] {
  if (existing === undefined) return [];
  return Array.isArray(existing) ? existing : [existing];
}

function fileProblem(statusCode: number, errorCode: string, message: string): ApiProblem {
  return new ApiProblem(statusCode, errorCode, message, [
    { fieldName: 'File', errorCode, message },
  ]);
}

/** The upload's refusals of the body as a whole, told at its `File` field. */
function uploadErrorHandler(error: FastifyError): never {
  if (error.statusCode === 413) {
    throw fileProblem(413, 'PayloadTooLarge', 'This file is over 5 MB. Choose a smaller image.');
  }
  if (error.statusCode === 415) {
    throw fileProblem(415, 'UnsupportedMediaType', 'Choose a PNG, JPEG or WebP image.');
  }
  // Rethrown, it reaches the server's error handler, which answers everything else.
  throw error;
}

const sendAsWebp: onSendHookHandler = (_request, reply, payload, done) => {
  if (Buffer.isBuffer(payload)) reply.type('image/webp');
  done(null, payload);
};

/**
 * Image files are bodies of `uploadImage` alone: its route takes them as bytes, up to 5 MB
 * (every other request keeps the server's small limit, and an image sent elsewhere is 415), and
 * the handler decodes them, which a JSON schema cannot. `getImageFile` sends bytes, as WebP.
 */
export function acceptImageUploads(app: FastifyInstance): void {
  app.addContentTypeParser(
    Object.keys(uploadMediaTypes),
    { parseAs: 'buffer' },
    (request, body, done) => {
      if (request.routeOptions.config.operationId === uploadOperation) done(null, body);
      else done(ApiProblem.unsupportedMediaType());
    },
  );
  app.addHook('onRoute', (route: RouteOptions) => {
    const { operationId } = (route.schema ?? {}) as { operationId?: string };
    if (operationId === uploadOperation) {
      route.bodyLimit = UPLOAD_MAX_BYTES;
      route.errorHandler = uploadErrorHandler;
      // Without a body schema at all: Fastify warns about one that is present but empty.
      route.schema = Object.fromEntries(
        Object.entries(route.schema ?? {}).filter(([part]) => part !== 'body'),
      );
    }
    if (operationId === fileOperation) route.onSend = [...hooks(route.onSend), sendAsWebp];
  });
}
