// contract:fuzz's requests for one operation, built from the contract alone, so that a new
// operation is fuzzed without anyone writing a case for it: the contract's examples and the
// requests its links make from earlier replies (existing records), the same under the other
// identities, values generated from the schemas, and targeted invalid requests (bodies missing
// or malformed, fields missing, mistyped, extra, at and past their length limits, with NUL, a
// lone surrogate or 100 KB in every string, broken percent-encoding and odd numbers in the
// address, over-long path parameters, a 20 KB header, odd X-Impersonate values). A file body (a
// media type whose schema is binary) is never generated: its requests send the documented file,
// and its targeted ones bytes that are no file of that type (cut short, text, another declared
// type's file) or one byte over its `maxLength`. The same seed and the same known values give
// the same requests. Whether the contract refuses a request is decided by Ajv on the value the
// server would read (for a file, by whether the bytes are the documented file), so a success
// reply to it is a failure.
import type { LinkedRequest } from './links';
import {
  follow,
  isBinarySchema,
  isRecord,
  nodeAtFollowing,
  type JsonPath,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type RequestBody,
  type Schema,
} from './openapi';
import {
  documentedRequestBody,
  documentedValue,
  encodeBody,
  requestCases,
  sessionFor,
  type RequestCase,
  type Session,
} from './requests';
import type { SchemaSampler } from './sampler';

export type Identity = 'signed out' | 'author' | 'administrator';

export const identities: readonly Identity[] = ['signed out', 'author', 'administrator'];

export interface FuzzCase {
  operation: OperationEntry;
  /** What sort of request it is: `contract example`, `NUL in a string`, `missing body`… */
  kind: string;
  /** Which one: `example signInToken`, `body.title`, `query skip = 1e2`… */
  detail: string;
  identity: Identity;
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string>;
  /** The body exactly as sent, text or a file's bytes; undefined sends none. */
  body?: string | Uint8Array;
  /** Sent over a real socket: only Node's HTTP parser refuses headers over its size limit. */
  overSocket?: boolean;
  /** The contract refuses this request, so a success reply to it is a failure. */
  mustRefuse: boolean;
}

export interface KnownValues {
  /** Requests the contract's links make from earlier success replies: existing records. */
  linked: LinkedRequest[];
  /** The signed-in users' ids, for X-Impersonate. */
  userIds: string[];
}

export interface FuzzCaseOptions {
  seed: number;
  /** Requests generated from the schemas, besides the examples and the targeted ones. */
  generated: number;
}

const jsonMediaType = 'application/json';
const hugeString = 'a'.repeat(100 * 1024);
const longPathParameters = [101, 10 * 1024];
const hugeHeaderBytes = 20 * 1024;
const oddIntegers = ['1e2', '0x10', ' 5', '-1', '99999999999999999999', '1.5', 'abc', ''];
const badPercentEncodings = ['%FF', '%', '%E0%A4%A', '%ED%A0%80'];
const notAFile = Buffer.from('This text is not a file of the type it is sent as.\n');
const oddImpersonations = ['', '0', '-1', 'abc', '1e2', ' 5', '99999999999999999999', '999999'];
/** Addresses that a browser reads differently from how they are written, or that are no web page. */
const oddUrls = [
  'https://books\\x.example.org/p',
  'https://example.org\\@evil.example/p',
  ' https://example.org/p',
  'https://example.org/p q',
  'HTTPS://Example.ORG/p',
  'https://bücher.example/p',
  'https://user:secret@example.org/p',
  'https://example.org:99999/p',
  'javascript:alert(1)//example.org',
  'https://example.org/%FF',
];

const sessionIdentity: Record<Session, Identity> = {
  none: 'signed out',
  author: 'author',
  administrator: 'administrator',
};

/** A string's 32-bit FNV-1a hash: each operation's generator is seeded apart from the others'. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function serialize(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function resolved(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (schema === undefined) return undefined;
  const node = follow(document, schema, [])?.node as Schema | undefined;
  if (node?.allOf === undefined) return node;
  // A property written as `allOf: [$ref]` plus its own keywords: read the members' too.
  return node.allOf.reduce<Schema>(
    (merged, member) => ({ ...resolved(document, member), ...merged }),
    { ...node },
  );
}

function typesOf(schema: Schema | undefined): string[] {
  return [schema?.type ?? []].flat();
}

/** The lengths at and just past a string schema's limits: `minLength`, `maxLength` and `{m,n}`. */
function boundaryLengths(schema: Schema): number[] {
  const lengths = new Set<number>();
  const add = (limit: number | undefined, side: 'min' | 'max') => {
    if (limit === undefined) return;
    lengths.add(limit);
    lengths.add(side === 'min' ? limit - 1 : limit + 1);
  };
  add(schema.minLength, 'min');
  add(schema.maxLength, 'max');
  const quantifier = /\{(\d+),(\d+)\}\$?\)?\$?$/.exec(schema.pattern ?? '');
  if (quantifier !== null) {
    add(Number(quantifier[1]), 'min');
    add(Number(quantifier[2]), 'max');
  }
  return [...lengths].filter((length) => length >= 0).sort((a, b) => a - b);
}

/** A string of `length` characters that keeps what it can of `base`. */
function ofLength(base: string, length: number): string {
  const at = base.indexOf('@');
  if (at > 0 && base.length <= length) {
    return `${base.slice(0, at)}${'a'.repeat(length - base.length)}${base.slice(at)}`;
  }
  return base.length >= length ? base.slice(0, length) : base + 'a'.repeat(length - base.length);
}

function withInserted(base: string, inserted: string): string {
  const middle = Math.floor(base.length / 2);
  return `${base.slice(0, middle)}${inserted}${base.slice(middle)}`;
}

/** Whether a media type names one file format, so that other bytes are not of it. */
function namesFileFormat(mediaType: string): boolean {
  return !mediaType.includes('*') && mediaType.toLowerCase() !== 'application/octet-stream';
}

/** The media types of an operation's request body whose content is a file, in contract order. */
function fileMediaTypes(document: OpenApiDocument, entry: OperationEntry): string[] {
  const requestBody =
    entry.operation.requestBody === undefined
      ? undefined
      : (follow(document, entry.operation.requestBody, [])?.node as RequestBody | undefined);
  return Object.entries(requestBody?.content ?? {}).flatMap(([mediaType, media]) =>
    isBinarySchema(document, media.schema) ? [mediaType] : [],
  );
}

function isUrlLike(name: string, schema: Schema): boolean {
  return (
    /url|uri|href/i.test(name) ||
    schema.format === 'uri' ||
    (schema.pattern ?? '').toLowerCase().includes('http')
  );
}

/** A value of another type than the schema takes, and null. */
function wrongTypes(schema: Schema | undefined): unknown[] {
  const types = typesOf(schema);
  const candidates: unknown[] = [12345, 'text', true, [], {}, null];
  const typeOf = (value: unknown): string =>
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? 'number'
          : typeof value;
  return candidates.filter(
    (value) =>
      !types.includes(typeOf(value)) && !(typeOf(value) === 'number' && types.includes('integer')),
  );
}

function setAt(value: unknown, path: string[], replacement: unknown, remove = false): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (!isRecord(value)) return value;
  if (rest.length === 0 && remove) {
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== head));
  }
  return { ...value, [head]: setAt(value[head], rest, replacement, remove) };
}

interface Field {
  path: string[];
  schema: Schema;
  required: boolean;
  value: unknown;
}

/** The properties of a body, nested objects included (two levels), with the values `base` has. */
function fieldsOf(
  document: OpenApiDocument,
  schema: Schema | undefined,
  base: unknown,
  prefix: string[] = [],
): Field[] {
  const object = resolved(document, schema);
  if (object === undefined || prefix.length > 2) return [];
  const properties = object.properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => {
    const propertySchema = resolved(document, property) ?? {};
    const value = isRecord(base) ? base[name] : undefined;
    const field: Field = {
      path: [...prefix, name],
      schema: propertySchema,
      required: (object.required ?? []).includes(name),
      value,
    };
    const nested = isRecord(value)
      ? fieldsOf(document, propertySchema, value, [...prefix, name])
      : [];
    return [field, ...nested];
  });
}

/** One request being built: parameters as already-encoded text, and the body as a value. */
interface Draft {
  path: Map<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?:
    { mediaType: string; value: unknown } | { raw?: string | Uint8Array; contentType?: string };
}

function encodeParameter(parameter: Parameter, value: unknown): string {
  if (Array.isArray(value)) {
    const explode = parameter.explode ?? (parameter.style ?? 'form') === 'form';
    const items = value.map((item) => encodeURIComponent(serialize(item)));
    return explode ? items.join(`&${encodeURIComponent(parameter.name)}=`) : items.join(',');
  }
  return encodeURIComponent(serialize(value));
}

export function fuzzCases(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  entry: OperationEntry,
  known: KnownValues,
  options: FuzzCaseOptions,
): FuzzCase[] {
  const seed = hash(`${options.seed} ${entry.title}`);
  const session = sessionFor(document, entry);
  const ownIdentity = sessionIdentity[session];
  const optionalSession = (entry.operation.security ?? document.security ?? []).some(
    (requirement) => Object.keys(requirement).length === 0,
  );
  const method = entry.method.toUpperCase();
  const cases: FuzzCase[] = [];
  const requestBody = documentedRequestBody(document, entry);
  const bodyMediaType = requestBody.mediaType ?? jsonMediaType;
  const bodySchemaPath = requestBody.schemaPath;
  const bodySchema =
    bodySchemaPath === undefined
      ? undefined
      : (nodeAtFollowing(document, bodySchemaPath) as Schema | undefined);

  const schemaPathOf = (parameter: Parameter): JsonPath | undefined => {
    const located = entry.parameters.find((item) => item.parameter === parameter);
    if (located === undefined || parameter.schema === undefined) return undefined;
    return follow(document, parameter.schema, [...located.location, 'schema'])?.path;
  };
  const parameterAccepts = (parameter: Parameter, value: unknown): boolean => {
    const path = schemaPathOf(parameter);
    return path === undefined || sampler.accepts(path, value);
  };
  const bodyAccepts = (value: unknown): boolean =>
    bodySchemaPath === undefined || sampler.accepts(bodySchemaPath, value);

  // The base request: existing records from the contract's links first, then the examples.
  const [linked] = known.linked;
  const samples = new Map<Parameter, unknown[]>();
  for (const { parameter } of entry.parameters) {
    const path = schemaPathOf(parameter);
    samples.set(
      parameter,
      path === undefined ? [] : sampler.sample(path, options.generated + 4, seed),
    );
  }
  const baseValues = new Map<Parameter, unknown>();
  for (const { parameter } of entry.parameters) {
    if (parameter.required !== true) continue;
    baseValues.set(
      parameter,
      linked?.parameters.get(parameter) ??
        documentedValue(document, parameter) ??
        samples.get(parameter)?.[0],
    );
  }
  // Files are not generated: generated requests send the documented one.
  const bodySamples =
    bodySchemaPath === undefined || requestBody.binary
      ? []
      : sampler.sample(bodySchemaPath, options.generated, seed);
  const baseBody: unknown =
    linked?.body?.value ?? requestBody.examples[0]?.[1] ?? bodySamples[0] ?? undefined;

  const draftOf = (values: Map<Parameter, unknown>, body: unknown): Draft => {
    const draft: Draft = { path: new Map(), query: [], headers: {} };
    for (const [parameter, value] of values) {
      if (value === undefined) continue;
      if (parameter.in === 'path')
        draft.path.set(parameter.name, encodeParameter(parameter, value));
      else if (parameter.in === 'query')
        draft.query.push([parameter.name, encodeParameter(parameter, value)]);
      else if (parameter.in === 'header') draft.headers[parameter.name] = serialize(value);
      else draft.headers.cookie = `${parameter.name}=${encodeURIComponent(serialize(value))}`;
    }
    if (body !== undefined) draft.body = { mediaType: bodyMediaType, value: body };
    return draft;
  };
  const base = (): Draft => draftOf(baseValues, baseBody);

  const push = (
    kind: string,
    detail: string,
    draft: Draft,
    mustRefuse: boolean,
    identity: Identity = ownIdentity,
    overSocket = false,
  ) => {
    let path = entry.path;
    for (const [name, value] of draft.path) path = path.replaceAll(`{${name}}`, value);
    const query = draft.query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`);
    const headers = { ...draft.headers };
    let body: string | Uint8Array | undefined;
    if (draft.body !== undefined && 'mediaType' in draft.body) {
      headers['content-type'] = draft.body.mediaType;
      body = encodeBody(draft.body);
    } else if (draft.body !== undefined) {
      if (draft.body.contentType !== undefined) headers['content-type'] = draft.body.contentType;
      body = draft.body.raw;
    }
    cases.push({
      operation: entry,
      kind,
      detail,
      identity,
      method,
      target: query.length === 0 ? path : `${path}?${query.join('&')}`,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(overSocket ? { overSocket } : {}),
      mustRefuse,
    });
  };

  // The contract's examples and the requests its links make, then the first under the others.
  const documented = requestCases(
    document,
    sampler,
    entry,
    { samples: 0, seed, impersonate: true },
    known.linked,
  );
  const fromRequestCase = (requestCase: RequestCase, identity: Identity, kind: string) => {
    const draft: Draft = { path: new Map(), query: [], headers: { ...requestCase.headers } };
    if (requestCase.body !== undefined) draft.body = requestCase.body;
    const [path = '', query] = requestCase.target.split(/\?(.*)/s);
    cases.push({
      operation: entry,
      kind,
      detail: requestCase.label,
      identity,
      method,
      target: query === undefined ? path : `${path}?${query}`,
      headers: {
        ...requestCase.headers,
        ...(requestCase.body === undefined ? {} : { 'content-type': requestCase.body.mediaType }),
      },
      ...(requestCase.body === undefined ? {} : { body: encodeBody(requestCase.body) }),
      mustRefuse: false,
    });
  };
  for (const requestCase of documented) {
    const kind = requestCase.label.startsWith('link ') ? 'existing record' : 'contract example';
    fromRequestCase(requestCase, sessionIdentity[requestCase.session], kind);
  }
  const [first] = documented;
  if (first !== undefined) {
    for (const identity of identities) {
      if (identity === sessionIdentity[first.session]) continue;
      const rank = identities.indexOf(identity);
      const needed = identities.indexOf(sessionIdentity[first.session]);
      const before = cases.length;
      fromRequestCase(first, identity, 'another identity');
      const added = cases[before];
      if (added !== undefined) added.mustRefuse = rank < needed && !optionalSession;
    }
  }

  // Values generated from the schemas; path parameters take existing records' values in turn.
  for (let index = 0; index < options.generated; index++) {
    const values = new Map<Parameter, unknown>();
    for (const { parameter } of entry.parameters) {
      const generated = samples.get(parameter) ?? [];
      const existing =
        known.linked[index % Math.max(known.linked.length, 1)]?.parameters.get(parameter);
      const value =
        parameter.in === 'path' && existing !== undefined && index % 2 === 0
          ? existing
          : (generated[(index + 1) % Math.max(generated.length, 1)] ?? baseValues.get(parameter));
      if (parameter.required === true) values.set(parameter, value);
      else if (parameter.in === 'query' && (index + seed) % 2 === 0 && value !== undefined) {
        values.set(parameter, value);
      }
    }
    const body = bodySamples[index] ?? baseBody;
    if (requestBody.required && body === undefined) continue;
    const identity = optionalSession && index % 2 === 1 ? 'signed out' : ownIdentity;
    push('generated', `generated ${index + 1}`, draftOf(values, body), false, identity);
  }

  // The body, whole.
  if (entry.operation.requestBody !== undefined) {
    const required = requestBody.required;
    const raw = (rawBody: string | Uint8Array | undefined, contentType?: string) => {
      const draft = base();
      draft.body = {
        ...(rawBody === undefined ? {} : { raw: rawBody }),
        ...(contentType === undefined ? {} : { contentType }),
      };
      return draft;
    };
    push(
      'missing body',
      `Content-Type: ${bodyMediaType}, no body`,
      raw(undefined, bodyMediaType),
      required,
    );
    push('missing body', 'no body, no Content-Type', raw(undefined), required);
    push('empty body', 'a body of no bytes', raw('', bodyMediaType), required);
    const file = requestBody.binary && baseBody instanceof Uint8Array ? baseBody : undefined;
    const cutShort = file === undefined ? '{"' : file.subarray(0, Math.floor(file.length / 2));
    push('malformed body', 'cut short', raw(cutShort, bodyMediaType), true);
    push(
      'unsupported media type',
      'text/plain',
      raw(file ?? JSON.stringify(baseBody), 'text/plain'),
      true,
    );
    if (file !== undefined && namesFileFormat(bodyMediaType)) {
      push('wrong bytes', `text sent as ${bodyMediaType}`, raw(notAFile, bodyMediaType), true);
      for (const other of fileMediaTypes(document, entry)) {
        if (other === bodyMediaType || !namesFileFormat(other)) continue;
        push('wrong bytes', `the ${bodyMediaType} file sent as ${other}`, raw(file, other), true);
      }
    }
    if (file !== undefined && bodySchema?.maxLength !== undefined) {
      const overLong = Buffer.alloc(bodySchema.maxLength + 1);
      overLong.set(file.subarray(0, overLong.length));
      push('over-long body', `${overLong.length} bytes`, raw(overLong, bodyMediaType), true);
    }
    if (bodyMediaType === jsonMediaType) {
      for (const value of [{}, [], null, 'text', 42]) {
        const draft = base();
        draft.body = { mediaType: bodyMediaType, value };
        push('wrong type', `body = ${JSON.stringify(value)}`, draft, !bodyAccepts(value));
      }
    }
  }

  // Each field of the body, and a property the schema does not name, on the body and each object.
  const extraProperty = (at: string[]) => {
    const extended = setAt(baseBody, [...at, 'fuzzExtra'], 1);
    const draft = base();
    draft.body = { mediaType: bodyMediaType, value: extended };
    const where = ['body', ...at, 'fuzzExtra'].join('.');
    push('extra property', where, draft, !bodyAccepts(extended));
  };
  if (!requestBody.binary && isRecord(baseBody)) extraProperty([]);
  for (const field of fieldsOf(document, bodySchema, baseBody)) {
    const where = `body.${field.path.join('.')}`;
    const variant = (kind: string, detail: string, value: unknown, remove = false) => {
      const body = setAt(baseBody, field.path, value, remove);
      const draft = base();
      draft.body = { mediaType: bodyMediaType, value: body };
      push(kind, `${where}${detail}`, draft, !bodyAccepts(body));
    };
    if (field.required) variant('missing required field', '', undefined, true);
    // A form carries only text: a number or a list there reads as text, or as nothing.
    const typed = bodyMediaType === jsonMediaType ? wrongTypes(field.schema) : [];
    for (const value of typed) {
      variant('wrong type', ` = ${JSON.stringify(value)}`, value);
    }
    if (isRecord(field.value)) extraProperty(field.path);
    if (!typesOf(field.schema).includes('string') && field.schema.type !== undefined) continue;
    const text = typeof field.value === 'string' ? field.value : '';
    for (const length of boundaryLengths(field.schema)) {
      variant('boundary length', ` of ${length} characters`, ofLength(text || 'a', length));
    }
    variant('NUL in a string', ' with U+0000', withInserted(text, '\u0000'));
    variant('lone surrogate in a string', ' with U+D800', withInserted(text, '\ud800'));
    variant('huge string', ' of 100 KB', hugeString);
    if (isUrlLike(field.path.at(-1) ?? '', field.schema)) {
      for (const url of oddUrls) variant('odd address', ` = ${JSON.stringify(url)}`, url);
    }
  }

  // Each parameter.
  for (const { parameter } of entry.parameters) {
    const schema = resolved(document, parameter.schema) ?? {};
    const types = typesOf(schema);
    const text = serialize(baseValues.get(parameter) ?? samples.get(parameter)?.[0] ?? 'a');
    if (parameter.in === 'header') {
      if (parameter.name.toLowerCase() !== 'x-impersonate') {
        for (const value of ['', 'zz-ZZ-invalid', 'a'.repeat(600)]) {
          const draft = base();
          draft.headers[parameter.name] = value;
          push(
            'odd header',
            `${parameter.name}: ${value.length > 40 ? `${value.length} characters` : JSON.stringify(value)}`,
            draft,
            value !== '' && !parameterAccepts(parameter, value),
          );
        }
        continue;
      }
      const values = [...oddImpersonations, ...known.userIds];
      for (const identity of ['author', 'administrator'] as const) {
        for (const value of values) {
          const draft = base();
          draft.headers[parameter.name] = value;
          const refused =
            identity === 'author' ? value !== '' : value !== '' && !known.userIds.includes(value);
          push(
            'odd X-Impersonate',
            `${parameter.name}: ${JSON.stringify(value)}`,
            draft,
            refused,
            identity,
          );
        }
      }
      continue;
    }
    if (parameter.in === 'cookie') continue;
    // Each as [kind, detail, the value as sent (percent-encoded), whether the contract refuses it].
    const encodedVariants: [string, string, string, boolean][] = [];
    if (parameter.required === true && parameter.in === 'query') {
      const draft = base();
      draft.query = draft.query.filter(([name]) => name !== parameter.name);
      push('missing parameter', `query ${parameter.name}`, draft, true);
    }
    for (const bad of badPercentEncodings) {
      encodedVariants.push([
        'bad percent-encoding',
        bad,
        `${encodeURIComponent(text)}${bad}`,
        true,
      ]);
    }
    encodedVariants.push([
      'NUL in a string',
      'with %00',
      `${encodeURIComponent(text)}%00`,
      !parameterAccepts(parameter, `${text}\u0000`),
    ]);
    for (const length of parameter.in === 'path' ? longPathParameters : [hugeString.length]) {
      const value = ofLength(text, length);
      encodedVariants.push([
        parameter.in === 'path' ? 'over-long path parameter' : 'huge string',
        `of ${length} characters`,
        encodeURIComponent(value),
        !parameterAccepts(parameter, value),
      ]);
    }
    if (types.includes('string')) {
      for (const length of boundaryLengths(schema)) {
        if (length === 0 && parameter.in === 'path') continue;
        const value = ofLength(text, length);
        encodedVariants.push([
          'boundary length',
          `of ${length} characters`,
          encodeURIComponent(value),
          !parameterAccepts(parameter, value),
        ]);
      }
    }
    if (types.includes('integer') || types.includes('number')) {
      for (const odd of oddIntegers) {
        const strict = /^-?(0|[1-9]\d*)$/.test(odd) ? Number(odd) : undefined;
        const accepted =
          strict !== undefined &&
          Number.isSafeInteger(strict) &&
          parameterAccepts(parameter, strict);
        if (odd === '' && parameter.required !== true) continue;
        encodedVariants.push([
          'odd integer',
          JSON.stringify(odd),
          encodeURIComponent(odd),
          !accepted,
        ]);
      }
    }
    for (const [kind, detail, encoded, refused] of encodedVariants) {
      const draft = base();
      if (parameter.in === 'path') draft.path.set(parameter.name, encoded);
      else {
        draft.query = draft.query.filter(([name]) => name !== parameter.name);
        draft.query.push([parameter.name, encoded]);
      }
      push(kind, `${parameter.in} ${parameter.name} ${detail}`, draft, refused);
    }
  }

  // A header over Node's size limit, over a real socket.
  const padded = base();
  padded.headers['x-fuzz-padding'] = 'a'.repeat(hugeHeaderBytes);
  push(
    'huge header',
    `x-fuzz-padding of ${hugeHeaderBytes} bytes`,
    padded,
    true,
    ownIdentity,
    true,
  );
  return cases;
}
