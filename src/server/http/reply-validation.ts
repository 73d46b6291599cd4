import type { ValidateFunction } from 'ajv/dist/2020';
import type { preSerializationAsyncHookHandler } from 'fastify';
import { ApiProblem } from './api-problem';
import { replySchemas } from './schema-compilers';

/**
 * The contract declares every status an operation can answer, but for 501, which only an
 * operation without a handler yet answers, with the ErrorResponse its 500 declares.
 */
const notImplementedStatus = 501;

type ResponseSchemas = Record<string, { content?: Record<string, { schema?: object }> }>;

/**
 * Checks every JSON reply, error replies included, against the response the contract declares
 * for its status. A reply that breaks the contract is logged and replaced by a 500, so the app
 * is never misled; replacing it here rather than throwing keeps Fastify from falling back to
 * its own error shape when the broken reply came from the error handler.
 */
export function validateReplies(
  operationId: string,
  responses: ResponseSchemas,
): preSerializationAsyncHookHandler {
  const validators = new Map<number, ValidateFunction>();
  for (const [status, response] of Object.entries(responses)) {
    const schema = response.content?.['application/json']?.schema;
    if (schema) validators.set(Number(status), replySchemas.compile(schema));
  }
  // Every operation declares its 500 reply as the ErrorResponse.
  const errorResponse = validators.get(500);

  function violation(status: number, payload: unknown): string | undefined {
    const validate =
      validators.get(status) ?? (status === notImplementedStatus ? errorResponse : undefined);
    if (!validate) return `${status} is not a status the operation declares`;
    if (validate(payload)) return undefined;
    return (validate.errors ?? [])
      .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is not valid'}`)
      .join('; ');
  }

  return async (request, reply, payload) => {
    const problem = violation(reply.statusCode, payload);
    if (problem === undefined) return payload;
    request.log.error(
      { operationId, statusCode: reply.statusCode },
      `The reply breaks the contract: ${problem}`,
    );
    const serverError = ApiProblem.internal();
    reply.code(serverError.statusCode);
    return serverError.body;
  };
}
