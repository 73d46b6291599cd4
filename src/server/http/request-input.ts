// What every operation's input must be beyond its schema, checked before the schema is: a body
// when the contract requires one, text the database can store, and numbers written as numbers.
import type { FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { ApiProblem } from './api-problem';
import { requestFieldName } from './validation-errors';

type ParameterPart = 'params' | 'querystring' | 'headers';

const requestParts = {
  params: (request: FastifyRequest) => request.params,
  querystring: (request: FastifyRequest) => request.query,
  headers: (request: FastifyRequest) => request.headers,
  body: (request: FastifyRequest) => request.body,
} as const;

/**
 * The query parser reads a broken %-escape (`%FF`, a lone `%`) as whatever it can; the router
 * refuses one in the path. A query gets the same answer, so no value is read other than as sent.
 */
export const refuseBrokenQueryEscapes: onRequestHookHandler = (request, _reply, done) => {
  const url = request.raw.url ?? '';
  const queryStart = url.indexOf('?');
  if (queryStart !== -1) {
    try {
      decodeURIComponent(url.slice(queryStart + 1));
    } catch {
      done(ApiProblem.unreadableAddress());
      return;
    }
  }
  done();
};

/** What a request without its required body is told: what to send, with which Content-Type. */
export function missingBodyMessage(mediaTypes: readonly string[]): string {
  if (mediaTypes.every((mediaType) => mediaType === 'application/json')) {
    return 'This request needs a JSON body, sent with Content-Type: application/json.';
  }
  const listed =
    mediaTypes.length === 1
      ? mediaTypes[0]
      : `${mediaTypes.slice(0, -1).join(', ')} or ${mediaTypes.at(-1) ?? ''}`;
  return `This request needs a file, sent with Content-Type: ${listed ?? ''}.`;
}

/** A required body left out, with or without its Content-Type, is the client's mistake: 400. */
export function requireBody(mediaTypes: readonly string[]): preValidationHookHandler {
  const message = missingBodyMessage(mediaTypes);
  return (request, _reply, done) => {
    done(
      request.body === undefined || request.body === null
        ? ApiProblem.invalid([], message)
        : undefined,
    );
  };
}

/**
 * PostgreSQL stores neither U+0000 nor half of a surrogate pair (in text or in jsonb), and a lone
 * surrogate is not text in any encoding: either would fail at the database, after validation.
 */
const unstorableCharacter =
  /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path to the first string (or object key) in `value` holding an unstorable character. */
function unstorableTextAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return unstorableCharacter.test(value) ? path : undefined;
  // A file's bytes are no text (and walking them byte by byte would take seconds).
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (unstorableCharacter.test(key)) return [...path, key];
    const found = unstorableTextAt(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export const refuseUnstorableText: preValidationHookHandler = (request, _reply, done) => {
  for (const part of ['params', 'querystring', 'body'] as const) {
    const path = unstorableTextAt(requestParts[part](request));
    if (path === undefined) continue;
    const fieldName = requestFieldName(part, path);
    done(
      ApiProblem.invalid([
        {
          fieldName,
          errorCode: 'Format',
          message:
            'This text holds a character that cannot be kept (a null character or half of an emoji). Remove it and try again.',
        },
      ]),
    );
    return;
  }
  done();
};

const decimalInteger = /^-?\d+$/;

/** The parameters of one part that the schema types as integers. */
export function integerParameters(
  schema: { properties?: Record<string, unknown> } | undefined,
): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, property]) => (property as { type?: unknown }).type === 'integer')
    .map(([name]) => name);
}

/**
 * Parameters arrive as text, and schema coercion reads `1e2`, `0x10` and ` 5` as numbers. An
 * integer is digits with an optional minus: anything else is made a value no integer schema
 * accepts, so the schema answers it at its field.
 */
export function keepIntegersDecimal(
  integers: Readonly<Partial<Record<ParameterPart, readonly string[]>>>,
): preValidationHookHandler {
  return (request, _reply, done) => {
    for (const [part, names] of Object.entries(integers)) {
      const values = requestParts[part as ParameterPart](request) as Record<string, unknown>;
      for (const name of names) {
        const value = values[name];
        if (typeof value === 'string' && !decimalInteger.test(value)) values[name] = Number.NaN;
      }
    }
    done();
  };
}
