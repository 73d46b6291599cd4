// Builds the requests contract:verify sends for each operation: one per request body example
// of the contract (or one from the parameters' examples), one acting as another user when the
// operation takes X-Impersonate and an administrator's session is at hand, one per link of the
// contract that leads to it (./links.ts), then generated ones. A body is JSON, or a form
// (application/x-www-form-urlencoded) for an operation that takes no JSON, or else a file: the
// bytes of a media type whose schema is binary (`format: binary`), from its example's
// `externalValue`. Files are not generated: generated requests send the documented file.
import type { LinkedRequest } from './links';
import {
  follow,
  isBinarySchema,
  isRecord,
  readExternalValue,
  type Example,
  type JsonPath,
  type MaybeReference,
  type MediaType,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type RequestBody,
} from './openapi';
import type { SchemaSampler } from './sampler';

/** Whose session cookie a request carries: none, a signed-in author's or an administrator's. */
export type Session = 'none' | 'author' | 'administrator';

export interface RequestCase {
  operation: OperationEntry;
  /** `example signInToken`, `impersonating 10482`, `link getImage from POST /v2/images`… */
  label: string;
  /** Path and query, e.g. `/v1/links/list?take=20`. */
  target: string;
  headers: Record<string, string>;
  body?: RequestBodyValue;
  session: Session;
}

export interface RequestBodyValue {
  /** `application/json`, `application/x-www-form-urlencoded`, or a file's (`image/png`). */
  mediaType: string;
  /** The value to encode, or a file's bytes (a Uint8Array), sent as they are. */
  value: unknown;
}

const jsonMediaType = 'application/json';
const formMediaType = 'application/x-www-form-urlencoded';
/** The request body media types verify can send, in the order it prefers them, before files. */
const bodyMediaTypes = [jsonMediaType, formMediaType];
const impersonationHeader = 'x-impersonate';
const administratorRole = 'Administrator';

/**
 * The session an operation needs: an administrator's when a requirement lists the
 * Administrator role, an author's when a requirement names a cookie scheme, else none.
 */
export function sessionFor(document: OpenApiDocument, entry: OperationEntry): Session {
  const schemes = document.components?.securitySchemes;
  const isCookieScheme = (name: string): boolean => {
    const scheme = isRecord(schemes) ? follow(document, schemes[name], [])?.node : undefined;
    return isRecord(scheme) && scheme.type === 'apiKey' && scheme.in === 'cookie';
  };
  const requirements = entry.operation.security ?? document.security ?? [];
  const cookieLists = requirements.flatMap((requirement) =>
    Object.entries(requirement).flatMap(([name, roles]) => (isCookieScheme(name) ? [roles] : [])),
  );
  if (cookieLists.some((roles) => roles.includes(administratorRole))) return 'administrator';
  return cookieLists.length > 0 ? 'author' : 'none';
}

function exampleValues(
  document: OpenApiDocument,
  examples: Record<string, MaybeReference<Example>> | undefined,
): [string, unknown][] {
  return Object.entries(examples ?? {}).flatMap(([name, reference]) => {
    const example = follow(document, reference, [])?.node;
    return isRecord(example) && 'value' in example
      ? [[name, example.value] as [string, unknown]]
      : [];
  });
}

function schemaPathOf(
  document: OpenApiDocument,
  parameterLocation: JsonPath,
  parameter: Parameter,
): JsonPath | undefined {
  if (parameter.schema === undefined) return undefined;
  return follow(document, parameter.schema, [...parameterLocation, 'schema'])?.path;
}

/** A parameter's documented value: its example, first named example, or its schema's example, enum or default. */
export function documentedValue(document: OpenApiDocument, parameter: Parameter): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const [first] = exampleValues(document, parameter.examples);
  if (first !== undefined) return first[1];
  const schema =
    parameter.schema === undefined ? undefined : follow(document, parameter.schema, [])?.node;
  if (!isRecord(schema)) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return schema.default;
}

function serialize(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The body as sent: a file's bytes as they are, JSON, or a form (`store=amazon&remember=1`)
 * whose lists repeat their name.
 */
export function encodeBody({ mediaType, value }: RequestBodyValue): string | Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (mediaType !== formMediaType) return JSON.stringify(value);
  const form = new URLSearchParams();
  for (const [name, field] of Object.entries(isRecord(value) ? value : {})) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (item !== undefined) form.append(name, serialize(item));
    }
  }
  return form.toString();
}

function buildTarget(
  entry: OperationEntry,
  values: Map<Parameter, unknown>,
): { target: string; headers: Record<string, string> } {
  const query: string[] = [];
  const headers: Record<string, string> = {};
  let path = entry.path;
  for (const [parameter, value] of values) {
    if (value === undefined) continue;
    if (parameter.in === 'path') {
      path = path.replaceAll(`{${parameter.name}}`, encodeURIComponent(serialize(value)));
    } else if (parameter.in === 'query') {
      const name = encodeURIComponent(parameter.name);
      if (Array.isArray(value)) {
        const explode = parameter.explode ?? (parameter.style ?? 'form') === 'form';
        if (explode) {
          for (const item of value) query.push(`${name}=${encodeURIComponent(serialize(item))}`);
        } else {
          query.push(
            `${name}=${value.map((item) => encodeURIComponent(serialize(item))).join(',')}`,
          );
        }
      } else {
        query.push(`${name}=${encodeURIComponent(serialize(value))}`);
      }
    } else if (parameter.in === 'header') {
      headers[parameter.name] = serialize(value);
    }
  }
  return { target: query.length === 0 ? path : `${path}?${query.join('&')}`, headers };
}

interface DocumentedRequestBody {
  required: boolean;
  /**
   * The first media type of `bodyMediaTypes` the operation takes, else its first file media
   * type; undefined without a body.
   */
  mediaType?: string;
  /** Whether that media type's body is a file: its examples are bytes, and none is generated. */
  binary: boolean;
  schemaPath?: JsonPath;
  /** The request body examples of that media type, by name. */
  examples: [string, unknown][];
}

/**
 * A request body's examples by name, as the tooling sends them: values, or for a file its bytes,
 * read from the file `externalValue` names (or a string `value` as UTF-8).
 */
function bodyExamples(
  document: OpenApiDocument,
  media: MediaType,
  binary: boolean,
): [string, unknown][] {
  const bytesOf = (value: unknown) => (typeof value === 'string' ? Buffer.from(value) : value);
  const examples = Object.entries(media.examples ?? {}).flatMap(([name, reference]) => {
    const example = follow(document, reference, [])?.node as Example | undefined;
    if (binary && typeof example?.externalValue === 'string') {
      return [[name, readExternalValue(document, example.externalValue)] as [string, unknown]];
    }
    if (!isRecord(example) || !('value' in example)) return [];
    return [[name, binary ? bytesOf(example.value) : example.value] as [string, unknown]];
  });
  if (media.example !== undefined) {
    examples.unshift(['example', binary ? bytesOf(media.example) : media.example]);
  }
  return examples;
}

/** The operation's request body in the media type verify sends, with its examples. */
export function documentedRequestBody(
  document: OpenApiDocument,
  entry: OperationEntry,
): DocumentedRequestBody {
  const location =
    entry.operation.requestBody === undefined
      ? undefined
      : follow(document, entry.operation.requestBody, [...entry.location, 'requestBody']);
  const requestBody = location?.node as RequestBody | undefined;
  const content = requestBody?.content ?? {};
  const mediaType =
    bodyMediaTypes.find((type) => content[type] !== undefined) ??
    Object.keys(content).find((type) => isBinarySchema(document, content[type]?.schema));
  const media = mediaType === undefined ? undefined : content[mediaType];
  const binary = media !== undefined && isBinarySchema(document, media.schema);
  const examples = media === undefined ? [] : bodyExamples(document, media, binary);
  const schemaPath =
    location === undefined || mediaType === undefined || media?.schema === undefined
      ? undefined
      : follow(document, media.schema, [...location.path, 'content', mediaType, 'schema'])?.path;
  return {
    required: requestBody?.required === true,
    ...(mediaType === undefined ? {} : { mediaType }),
    binary,
    ...(schemaPath === undefined ? {} : { schemaPath }),
    examples,
  };
}

export interface CaseOptions {
  /** Generated requests per operation, besides the examples. */
  samples: number;
  seed: number;
  /** Whether to add a request with X-Impersonate, which needs an administrator's session. */
  impersonate: boolean;
}

function isImpersonation(parameter: Parameter): boolean {
  return parameter.in === 'header' && parameter.name.toLowerCase() === impersonationHeader;
}

/** A linked request's body: the link's own, or the documented one, with any mailed fields set. */
function linkedBody(linked: LinkedRequest, documented: unknown): unknown {
  const body = linked.body === undefined ? documented : linked.body.value;
  if (linked.bodyFields === undefined) return body;
  return { ...(isRecord(body) ? body : {}), ...linked.bodyFields };
}

/**
 * The requests for one operation. Required parameters always get a value; optional query
 * parameters appear in some generated requests. The only optional header, X-Impersonate, is
 * sent in one request of its own, with the parameter's documented value, and in linked
 * requests that give it a value. A linked request takes the documented values for everything
 * its link does not give.
 */
export function requestCases(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  entry: OperationEntry,
  { samples, seed, impersonate }: CaseOptions,
  linkedRequests: LinkedRequest[] = [],
): RequestCase[] {
  const session = sessionFor(document, entry);
  const cases: RequestCase[] = [];
  const problems: string[] = [];
  const parameterSamples = new Map<Parameter, unknown[]>();
  for (const { parameter, location } of entry.parameters) {
    const schemaPath = schemaPathOf(document, location, parameter);
    // Prism reads an empty query value as a missing parameter, even with allowEmptyValue.
    const generated = schemaPath === undefined ? [] : sampler.sample(schemaPath, samples + 4, seed);
    parameterSamples.set(
      parameter,
      generated.filter((value) => value !== ''),
    );
  }
  const documentedValues = new Map<Parameter, unknown>();
  for (const { parameter } of entry.parameters) {
    if (parameter.required !== true) continue;
    const value = documentedValue(document, parameter) ?? parameterSamples.get(parameter)?.[0];
    if (value === undefined)
      problems.push(`no value for ${parameter.in} parameter ${parameter.name}`);
    documentedValues.set(parameter, value);
  }

  const {
    required: bodyRequired,
    mediaType,
    binary,
    schemaPath: bodySchemaPath,
    examples: documentedBodies,
  } = documentedRequestBody(document, entry);
  const bodyOf = (value: unknown): Pick<RequestCase, 'body'> =>
    value === undefined ? {} : { body: { mediaType: mediaType ?? jsonMediaType, value } };

  const { target, headers } = buildTarget(entry, documentedValues);
  if (documentedBodies.length > 0) {
    for (const [name, value] of documentedBodies) {
      cases.push({
        operation: entry,
        label: `example ${name}`,
        target,
        headers,
        ...bodyOf(value),
        session,
      });
    }
  } else {
    cases.push({ operation: entry, label: 'parameter examples', target, headers, session });
  }

  const impersonation = entry.parameters.find(({ parameter }) =>
    isImpersonation(parameter),
  )?.parameter;
  const [documented] = cases;
  if (impersonate && impersonation !== undefined && documented !== undefined) {
    const user =
      documentedValue(document, impersonation) ?? parameterSamples.get(impersonation)?.[0];
    if (user === undefined) {
      problems.push(`no value for header parameter ${impersonation.name}`);
    } else {
      cases.push({
        ...documented,
        label: `impersonating ${serialize(user)}`,
        headers: { ...documented.headers, [impersonation.name]: serialize(user) },
        session: 'administrator',
      });
    }
  }

  for (const linked of linkedRequests) {
    const impersonates = [...linked.parameters.keys()].some(isImpersonation);
    // Only an administrator may impersonate; without their session, nothing does.
    if (impersonates && !impersonate) continue;
    const values = new Map([...documentedValues, ...linked.parameters]);
    const built = buildTarget(entry, values);
    const body = linkedBody(linked, documentedBodies[0]?.[1]);
    cases.push({
      operation: entry,
      label: linked.label,
      target: built.target,
      headers: built.headers,
      ...bodyOf(body),
      session: impersonates ? 'administrator' : session,
    });
  }

  const [firstBody] = documentedBodies;
  const bodySamples =
    bodySchemaPath === undefined
      ? []
      : binary
        ? Array.from({ length: firstBody === undefined ? 0 : samples }, () => firstBody?.[1])
        : sampler.sample(bodySchemaPath, samples, seed);
  for (let index = 0; index < samples; index += 1) {
    const values = new Map<Parameter, unknown>();
    for (const { parameter } of entry.parameters) {
      const generated = parameterSamples.get(parameter) ?? [];
      const value = generated[(index + 1) % Math.max(generated.length, 1)];
      if (parameter.required === true) {
        values.set(parameter, value ?? documentedValues.get(parameter));
      } else if (parameter.in === 'query' && (index + seed) % 2 === 0 && value !== undefined) {
        values.set(parameter, value);
      }
    }
    const built = buildTarget(entry, values);
    const body = bodySamples[index];
    if (bodyRequired && body === undefined) continue;
    cases.push({
      operation: entry,
      label: `generated ${index + 1}`,
      target: built.target,
      headers: built.headers,
      ...bodyOf(body),
      session,
    });
  }
  if (problems.length > 0) {
    throw new Error(`${entry.title}: ${problems.join('; ')}`);
  }
  return cases;
}
