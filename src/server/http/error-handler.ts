import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiProblem } from './api-problem';
import { invalidRequest } from './validation-errors';

/** fastify-openapi-glue wraps what a failed security handler threw in `errors`. */
function securityHandlerProblem(error: FastifyError): ApiProblem | undefined {
  if (!('errors' in error) || !Array.isArray(error.errors)) return undefined;
  return error.errors.find((cause): cause is ApiProblem => cause instanceof ApiProblem);
}

function toApiProblem(error: FastifyError): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const securityProblem = securityHandlerProblem(error);
  if (securityProblem) return securityProblem;
  if (isDatabaseUnavailable(error)) return ApiProblem.unavailable();
  if (error.validation) return invalidRequest(error.validation, error.validationContext);
  const status = error.statusCode ?? 500;
  if (status >= 500) return ApiProblem.internal();
  // Fastify's own rejections: a body that is not JSON, too large, of an unsupported type…
  const errorCode =
    status === 400 ? 'ValidationException' : (STATUS_CODES[status] ?? 'Error').replaceAll(' ', '');
  return new ApiProblem(status, errorCode, error.message);
}

/** Every failure, from validation to a crash, is answered with the contract's ErrorResponse. */
export function answerErrorsWithProblems(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toApiProblem(error);
    if (problem.statusCode === 500) request.log.error({ err: error }, 'Request failed');
    if (problem.statusCode === 503) request.log.warn({ err: error }, 'The database is unavailable');
    return reply.code(problem.statusCode).headers(problem.headers).send(problem.body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(ApiProblem.notFound().body));
}
