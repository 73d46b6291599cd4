import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from './deps';
import { handlers } from './handlers';
import { contractRoutes } from './http/contract-routes';
import { answerErrorsWithProblems, apiEarlyErrorAnswers } from './http/error-handler';
import { withRedactedRequests } from './http/log-redaction';
import { echoRequestIds, requestIdLogLabel, requestIdOptions } from './http/request-ids';
import { measureRequests } from './http/request-metrics';
import { acceptOnlyOwnJsonRequests } from './http/request-guards';
import type { Handlers } from './http/handler';
import { acceptImageUploads } from './images/upload-body';
import { createProductLookup } from './products/product-lookup';

export interface AppOptions {
  /** Where the contract's paths are served: `''` on the API's own origin, `/api` behind the app's. */
  apiPrefix?: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the operations' handlers, for tests. */
  handlers?: Handlers;
  /**
   * Checks every reply against the contract; on unless turned off. Only the benchmark turns it
   * off, for the baseline that shows what the check costs.
   */
  validateReplies?: boolean;
}

/** The largest valid request (a link with its parameters) is under 16 KiB. */
const bodyLimit = 64 * 1024;

export function buildApp(deps: AppDeps, options: AppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: withRedactedRequests(options.logger),
    bodyLimit,
    trustProxy: deps.config.trustedProxies,
    ...requestIdOptions,
    logController: new LogController({ requestIdLogLabel }),
    ...apiEarlyErrorAnswers,
  });
  echoRequestIds(app);
  measureRequests(app, 'api');
  answerErrorsWithProblems(app);
  acceptOnlyOwnJsonRequests(app);
  acceptImageUploads(app);
  void app.register(fastifyCookie);
  void app.register(contractRoutes, {
    deps: { ...deps, products: deps.products ?? createProductLookup(deps) },
    handlers: options.handlers ?? handlers,
    prefix: options.apiPrefix,
    validateReplies: options.validateReplies ?? true,
  });
  return app;
}
