import type { FastifyInstance } from 'fastify';
import { ApiProblem } from './api-problem';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the API takes before any operation runs. Bodies are JSON only: Fastify's text parser
 * would hand a `text/plain` body, which any page may send without asking, to an operation
 * unvalidated; without it such a body is 415. And a change a browser says another site asked
 * for (`Sec-Fetch-Site: cross-site`) is refused with 403, so a session cookie is never used by a
 * page elsewhere to act for its owner.
 */
export function acceptOnlyOwnJsonRequests(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, _reply, done) => {
    const fromAnotherSite =
      stateChangingMethods.has(request.method) &&
      request.headers['sec-fetch-site'] === 'cross-site';
    done(
      fromAnotherSite ? ApiProblem.forbidden('Another site cannot make changes here.') : undefined,
    );
  });
}
