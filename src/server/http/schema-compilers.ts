import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

function createAjv(options: Options): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, ...options });
  addFormats(ajv);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31,
  });
  // Beyond 2^53 a number is no longer exact, so the value meant is not the value read.
  ajv.addFormat('int64', {
    type: 'number',
    validate: (value: number) => Number.isSafeInteger(value),
  });
  return ajv;
}

/**
 * Compiles each distinct schema once. Glue dereferences the contract, so the same schemas
 * (errors, links, headers) come back for every operation and every app built in a process.
 */
class SchemaCompiler {
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly ajv: Ajv2020) {}

  compile(schema: object): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

/** JSON bodies: types as sent, defaults filled in. */
export const bodySchemas = new SchemaCompiler(createAjv({ useDefaults: true }));

/** Path, query and header values arrive as strings, so they are coerced to their schema types. */
export const parameterSchemas = new SchemaCompiler(
  createAjv({ useDefaults: true, coerceTypes: 'array' }),
);

/** Replies are checked exactly as they are, never changed. */
export const replySchemas = new SchemaCompiler(createAjv({}));
