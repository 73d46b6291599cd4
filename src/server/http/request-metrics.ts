import type { FastifyInstance } from 'fastify';
import { requestDuration } from '../metrics/metrics';

/**
 * Times every answered request of a host, labelled by its operation (the short-link host's pages
 * by their route), so the label set stays as small as the contract.
 */
export function measureRequests(app: FastifyInstance, host: 'api' | 'short-links'): void {
  app.addHook('onResponse', async (request, reply) => {
    const { operationId } = request.routeOptions.config as { operationId?: string };
    requestDuration.observe(
      {
        host,
        operation: operationId ?? request.routeOptions.url ?? 'unrouted',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
