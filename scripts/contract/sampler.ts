// Generates values from the contract's JSON schemas: fast-check arbitraries derived from each
// schema, filtered through Ajv so that only values the contract accepts are sent.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

import {
  follow,
  isRecord,
  nodeAtFollowing,
  toPointer,
  type JsonPath,
  type OpenApiDocument,
  type Schema,
} from './openapi';

const contractId = 'https://shelflink.app/contract-verify/openapi.yaml';
const maxDepth = 8;
const defaultMaxLength = 24;
// Built once: fast-check takes tens of milliseconds to build each, and a schema may name a format
// in every branch of every property.
const webUrls = fc.webUrl();
const emailAddresses = fc.emailAddress();

function arbitraryForType(
  document: OpenApiDocument,
  schema: Schema,
  type: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const lowest =
        schema.minimum ??
        (schema.exclusiveMinimum === undefined ? -1000 : schema.exclusiveMinimum + 1);
      const highest =
        schema.maximum ??
        (schema.exclusiveMaximum === undefined ? 1000 : schema.exclusiveMaximum - 1);
      const min = Math.max(Math.ceil(lowest), -1_000_000);
      const max = Math.min(Math.floor(highest), Math.max(min, 1_000_000));
      const integers = fc.integer({ min, max });
      return schema.multipleOf === undefined
        ? integers
        : integers.map(
            (value) => Math.round(value / (schema.multipleOf ?? 1)) * (schema.multipleOf ?? 1),
          );
    }
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const items =
        schema.items === undefined ? fc.string() : arbitraryFor(document, schema.items, depth + 1);
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return schema.uniqueItems === true
        ? fc.uniqueArray(items, {
            minLength,
            maxLength,
            selector: (value) => JSON.stringify(value),
          })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(document, schema, depth);
    default:
      return fc.constant(null);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, defaultMaxLength);
  const fits = (value: string): boolean => value.length >= minLength && value.length <= maxLength;
  const dates = fc.date({
    min: new Date('2001-01-01T00:00:00Z'),
    max: new Date('2049-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  switch (schema.format) {
    case 'date-time':
      return dates.map((date) => date.toISOString());
    case 'date':
      return dates.map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return emailAddresses.filter(fits);
    case 'uri':
    case 'url':
      return webUrls.filter(fits);
    case 'uuid':
      return fc.uuid();
    default:
      break;
  }
  if (schema.pattern !== undefined) {
    try {
      // Not filtered by length here: when the pattern itself does not bound the length, hardly
      // any of its strings may fit, and a filter would search for ever. Ajv drops misfits later.
      return fc.stringMatching(new RegExp(schema.pattern, 'u'));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, filtered by Ajv later.
    }
  }
  return fc.string({
    minLength,
    maxLength: Math.min(maxLength, Math.max(minLength, defaultMaxLength)),
  });
}

function objectArbitrary(
  document: OpenApiDocument,
  schema: Schema,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0 && isRecord(schema.additionalProperties)) {
    const keys =
      schema.propertyNames === undefined
        ? fc.string({ minLength: 1, maxLength: 12 })
        : arbitraryFor(document, schema.propertyNames, depth + 1);
    return fc.dictionary(
      keys.map((key) => String(key)),
      arbitraryFor(document, schema.additionalProperties, depth + 1),
      { maxKeys: Math.min(schema.maxProperties ?? 3, 3) },
    );
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const property = properties[name];
    if (property !== undefined) model[name] = arbitraryFor(document, property, depth + 1);
  }
  const requiredKeys = (schema.required ?? []).filter((name) => names.includes(name));
  return fc.record(model, { requiredKeys });
}

/** Merges `allOf` members into one schema: enough for the object compositions APIs use. */
function mergeAllOf(document: OpenApiDocument, schema: Schema): Schema {
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  for (const member of allOf ?? []) {
    const resolved = follow(document, member, [])?.node as Schema | undefined;
    if (resolved === undefined) continue;
    const flat = resolved.allOf === undefined ? resolved : mergeAllOf(document, resolved);
    Object.assign(merged, { ...flat, ...merged });
    merged.properties = { ...flat.properties, ...rest.properties, ...merged.properties };
    merged.required = [...new Set([...(merged.required ?? []), ...(flat.required ?? [])])];
    merged.type ??= flat.type;
  }
  return merged;
}

export function arbitraryFor(
  document: OpenApiDocument,
  node: Schema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = follow(document, node, [])?.node as Schema | undefined;
  if (schema === undefined || depth > maxDepth) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.allOf !== undefined)
    return arbitraryFor(document, mergeAllOf(document, schema), depth);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches !== undefined && branches.length > 0) {
    const shared: Schema = { ...schema };
    delete shared.oneOf;
    delete shared.anyOf;
    return fc.oneof(
      ...branches.map((branch) => {
        const resolved = follow(document, branch, [])?.node as Schema | undefined;
        return arbitraryFor(document, { ...shared, ...resolved }, depth + 1);
      }),
    );
  }
  const types =
    schema.type === undefined
      ? [
          schema.properties !== undefined || schema.additionalProperties !== undefined
            ? 'object'
            : schema.items !== undefined
              ? 'array'
              : 'string',
        ]
      : Array.isArray(schema.type)
        ? schema.type
        : [schema.type];
  const arbitraries = types.map((type) => arbitraryForType(document, schema, type, depth));
  const [only] = arbitraries;
  return arbitraries.length === 1 && only !== undefined ? only : fc.oneof(...arbitraries);
}

export class SchemaSampler {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('int32', {
      type: 'number',
      validate: (value: number) =>
        Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31,
    });
    this.ajv.addFormat('int64', {
      type: 'number',
      validate: (value: number) => Number.isInteger(value),
    });
    this.ajv.addSchema(document, contractId);
  }

  /** Whether a value conforms to the schema at a JSON path of the contract. */
  accepts(schemaPath: JsonPath, value: unknown): boolean {
    return this.validatorFor(schemaPath)(value);
  }

  /** How a value breaks the schema at a JSON path of the contract; empty when it conforms. */
  errors(schemaPath: JsonPath, value: unknown): ErrorObject[] {
    const validate = this.validatorFor(schemaPath);
    return validate(value) ? [] : (validate.errors ?? []);
  }

  private validatorFor(schemaPath: JsonPath): ValidateFunction {
    const pointer = toPointer(schemaPath);
    let validate = this.validators.get(pointer);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `${contractId}#${encodeURI(pointer)}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /** Up to `count` values the schema accepts, generated reproducibly from `seed`. */
  sample(schemaPath: JsonPath, count: number, seed: number): unknown[] {
    const schema = nodeAtFollowing(this.document, schemaPath);
    if (!isRecord(schema)) return [];
    const candidates = fc.sample(arbitraryFor(this.document, schema as Schema), {
      seed,
      numRuns: Math.max(count * 10, 20),
    });
    return candidates.filter((value) => this.accepts(schemaPath, value)).slice(0, count);
  }
}
