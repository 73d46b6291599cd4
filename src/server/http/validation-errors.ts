import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import { ApiProblem, type FieldError } from './api-problem';
import { loadContract } from './contract';

const errorCodes: Record<string, string> = {
  required: 'Required',
  additionalProperties: 'NotAllowed',
  propertyNames: 'NotAllowed',
  type: 'Type',
  format: 'Format',
  pattern: 'Format',
  minLength: 'Length',
  maxLength: 'Length',
  minItems: 'Length',
  maxItems: 'Length',
  minProperties: 'Length',
  maxProperties: 'Length',
  minimum: 'Range',
  maximum: 'Range',
  exclusiveMinimum: 'Range',
  exclusiveMaximum: 'Range',
  enum: 'NotAllowed',
  const: 'NotAllowed',
  uniqueItems: 'Duplicate',
};

const messages: Record<string, string> = {
  required: 'This field is required.',
  additionalProperties: 'This field is not allowed here.',
  propertyNames: 'This name is not allowed here.',
  format: 'This value is not in the expected format.',
  pattern: 'This value is not in the expected format.',
};

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

type RequestPart = FastifyError['validationContext'];

/**
 * A request field named as the contract's examples do: the first segment capitalised (`Email`),
 * nested names as sent (`Parameters.at`, `LinkIds[2]`), and a header exactly as the contract
 * spells it (`X-Impersonate`). The app lower-cases the first letter to find its form field.
 */
export function requestFieldName(part: RequestPart, segments: readonly string[]): string {
  const [first, ...rest] = segments;
  if (first === undefined) return '';
  const name = rest.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`));
  const head =
    part === 'headers'
      ? (loadContract().headerNames.get(first.toLowerCase()) ?? first)
      : `${first.charAt(0).toUpperCase()}${first.slice(1)}`;
  return [head, ...name].join('');
}

function fieldName(error: FastifySchemaValidationError, part: RequestPart): string {
  const { missingProperty, additionalProperty, propertyName } = error.params;
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  const leaf = missingProperty ?? additionalProperty ?? propertyName;
  if (typeof leaf === 'string') segments.push(leaf);
  return requestFieldName(part, segments);
}

function message(error: FastifySchemaValidationError): string {
  if (error.keyword === 'type' && error.params.type === 'integer') {
    return 'This value must be a whole number, written with digits only.';
  }
  return messages[error.keyword] ?? sentence(error.message ?? 'is not valid');
}

/** A 400 with one field error per invalid field, from Ajv's errors for one part of the request. */
export function invalidRequest(
  errors: FastifySchemaValidationError[],
  part: RequestPart,
): ApiProblem {
  const fieldErrors = new Map<string, FieldError>();
  let requestError: string | undefined;
  for (const error of errors) {
    const name = fieldName(error, part);
    if (name === '') {
      requestError ??= sentence(`${part ?? 'request'} ${error.message ?? 'is not valid'}`);
    } else if (!fieldErrors.has(name)) {
      fieldErrors.set(name, {
        fieldName: name,
        errorCode: errorCodes[error.keyword] ?? 'Invalid',
        message: message(error),
      });
    }
  }
  return fieldErrors.size > 0
    ? ApiProblem.invalid([...fieldErrors.values()])
    : ApiProblem.invalid([], requestError);
}
