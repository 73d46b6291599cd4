import type {
  FastifyPluginAsync,
  FastifySchema,
  preValidationHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { authenticateRequests, requireSession } from '../auth/request-auth';
import type { AppDeps } from '../deps';
import { probeOperations } from '../health/handlers';
import { ApiProblem } from './api-problem';
import { loadContract, type Contract } from './contract';
import type { HandlerContext, Handlers, OperationId } from './handler';
import { validateReplies } from './reply-validation';
import {
  integerParameters,
  keepIntegersDecimal,
  refuseBrokenQueryEscapes,
  refuseUnstorableText,
  requireBody,
} from './request-input';
import { bodySchemas, parameterSchemas } from './schema-compilers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route serves. */
    operationId?: string;
    /** Whether the operation declares the `X-Impersonate` header. */
    acceptsImpersonation?: boolean;
  }
}

interface ContractRoutesOptions {
  deps: AppDeps;
  handlers: Handlers;
  /** Whether replies are checked against the contract (see `AppOptions.validateReplies`). */
  validateReplies: boolean;
}

type MaybePromise<T> = T | Promise<T>;

/** Any operation's handler as the router calls it: what it passes was validated by the contract. */
type RoutableHandler = (
  request: never,
  context: HandlerContext,
) => MaybePromise<{ status: number; body?: unknown; headers?: Partial<Record<string, string>> }>;

function routeHandler(handler: RoutableHandler, deps: AppDeps): RouteHandlerMethod {
  return async (request, reply) => {
    const { params, query, headers, body, ip } = request;
    const result = await handler({ params, query, headers, body, ip } as never, {
      ...deps,
      auth: request.auth,
      log: request.log,
    });
    for (const [name, value] of Object.entries(result.headers ?? {})) {
      if (value !== undefined) reply.header(name, value);
    }
    return reply.code(result.status).send(result.body);
  };
}

function notImplemented(operationId: string): RouteHandlerMethod {
  return () => Promise.reject(ApiProblem.notImplemented(operationId));
}

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/**
 * Fastify lower-cases request header names but not, with our compiler, the schema's: without
 * this, a route generated from the contract would not check its headers at all.
 */
export function lowerCaseHeaderNames(route: RouteOptions): void {
  const schema = route.schema as { headers?: ObjectSchema } | undefined;
  if (!schema?.headers) return;
  const { properties = {}, required = [], ...headers } = schema.headers;
  route.schema = {
    ...schema,
    headers: {
      ...headers,
      properties: Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name.toLowerCase(), property]),
      ),
      required: required.map((name) => name.toLowerCase()),
    },
  };
}

/** `?ids=a,b` for an `explode: false` array arrives as one string; the schema expects an array. */
function splitCommaSeparated(names: readonly string[]): preValidationHookHandler {
  return (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      if (typeof value === 'string') query[name] = value === '' ? [] : value.split(',');
    }
    done();
  };
}

function hooks<Hook>(existing: Hook | Hook[] | undefined): Hook[] {
  if (existing === undefined) return [];
  return Array.isArray(existing) ? existing : [existing];
}

type ContractSchema = FastifySchema & {
  operationId: string;
  params?: ObjectSchema;
  querystring?: ObjectSchema;
  headers?: ObjectSchema;
  response?: Parameters<typeof validateReplies>[1];
};

/** Fits a route glue generated from the contract to how Fastify parses, validates and replies. */
function fitRouteToContract(
  route: RouteOptions,
  contract: Contract,
  repliesValidated: boolean,
): void {
  lowerCaseHeaderNames(route);
  const schema = route.schema as ContractSchema;
  const { operationId, headers } = schema;
  route.config = {
    ...route.config,
    operationId,
    acceptsImpersonation: headers?.properties?.['x-impersonate'] !== undefined,
  };
  if (probeOperations.has(operationId)) route.logLevel = 'warn';
  const commaSeparated = contract.commaSeparatedQueryParameters.get(operationId) ?? [];
  const bodyMediaTypes = contract.operationsRequiringBodies.get(operationId);
  route.preValidation = [
    ...hooks(route.preValidation),
    ...(commaSeparated.length > 0 ? [splitCommaSeparated(commaSeparated)] : []),
    ...(bodyMediaTypes === undefined ? [] : [requireBody(bodyMediaTypes)]),
    refuseUnstorableText,
    keepIntegersDecimal({
      params: integerParameters(schema.params),
      querystring: integerParameters(schema.querystring),
      headers: integerParameters(headers),
    }),
  ];
  if (repliesValidated) {
    route.preSerialization = [
      ...hooks(route.preSerialization),
      validateReplies(operationId, schema.response ?? {}),
    ];
  }
}

/**
 * The contract's operations, routed by fastify-openapi-glue: parameters and bodies validated
 * with Ajv 2020, sessions resolved, handlers called by operationId and replies checked.
 */
export const contractRoutes: FastifyPluginAsync<ContractRoutesOptions> = async (
  app,
  { deps, handlers, validateReplies: repliesValidated },
) => {
  const contract = loadContract();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodySchemas : parameterSchemas).compile(schema),
  );
  // Replies are validated against the contract instead, and sent exactly as validated.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    fitRouteToContract(route, contract, repliesValidated);
  });
  app.addHook('onRequest', refuseBrokenQueryEscapes);
  app.addHook('preHandler', authenticateRequests(deps));

  const unimplemented: string[] = [];
  await app.register(openapiGlue, {
    specification: contract.document,
    operationResolver: (operationId) => {
      const handler = handlers[operationId as OperationId];
      if (handler) return routeHandler(handler, deps);
      unimplemented.push(operationId);
      return notImplemented(operationId);
    },
    securityHandlers: { sessionCookie: requireSession },
  });
  if (unimplemented.length > 0) {
    app.log.info(`Operations without a handler answer 501: ${unimplemented.join(', ')}`);
  }
};
