import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
  if (status === 413) return ApiProblem.bodyTooLarge();
  if (status === 415) return ApiProblem.unsupportedMediaType();
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

/** What Fastify's router refuses before routing: a broken %-escape, an over-long parameter. */
export function routerRefusal(error: FastifyError): ApiProblem {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? ApiProblem.addressTooLong()
    : ApiProblem.unreadableAddress();
}

/**
 * Node answers some requests before Fastify sees them: headers over its size limit, a request
 * too slow to arrive, bytes that are not HTTP. This answers them on the socket with the same kind
 * of reply as everything else the server sends (`answer` writes it: the contract's
 * ErrorResponse on the API, the short-link host's own page there).
 */
export function answerClientErrors(
  answer: (problem: ApiProblem) => { contentType: string; body: string },
): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ApiProblem.headersTooLarge()
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ApiProblem.requestTimeout()
          : ApiProblem.invalid([], 'The request could not be read as HTTP.');
    const { contentType, body } = answer(problem);
    const status = `${problem.statusCode} ${STATUS_CODES[problem.statusCode] ?? ''}`;
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: ${contentType}\r\nCache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** The API's answers to what the router and Node refuse: the contract's ErrorResponse. */
export const apiEarlyErrorAnswers: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
> = {
  frameworkErrors: (error, _request, reply) => {
    const problem = routerRefusal(error);
    void (reply as FastifyReply).code(problem.statusCode).send(problem.body);
  },
  clientErrorHandler: answerClientErrors((problem) => ({
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(problem.body),
  })),
};
