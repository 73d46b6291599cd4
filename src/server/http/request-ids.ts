import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** A request id a proxy in front may pass on: short, and nothing that could forge a log line. */
const forwardedRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every request gets an id, logged on each of its lines as `requestId` and sent back in
 * `X-Request-Id`: the one the load balancer or proxy in front sent, when it is well formed, or a
 * new one.
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId(request: IncomingMessage): string {
    const forwarded = request.headers['x-request-id'];
    return typeof forwarded === 'string' && forwardedRequestId.test(forwarded)
      ? forwarded
      : randomUUID();
  },
} satisfies FastifyServerOptions;

/** The field of each log line that holds its request's id, for the instance's `LogController`. */
export const requestIdLogLabel = 'requestId';

export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
}
