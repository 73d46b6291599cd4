// The slice of OpenAPI 3.1 the contract checks read, with JSON pointer and $ref helpers.
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export type JsonPath = (string | number)[];

export const defaultContractPath = 'openapi/openapi.yaml';

export interface Reference {
  $ref: string;
}

export type MaybeReference<T> = T | Reference;

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  /** The media type of a string's content (OpenAPI 3.1's way to describe a file's bytes). */
  contentMediaType?: string;
  contentEncoding?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  maxProperties?: number;
  minProperties?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
}

export interface Example {
  summary?: string;
  value?: unknown;
  /** Where the example is kept instead, relative to the contract: a file's bytes, say. */
  externalValue?: string;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, MaybeReference<Example>>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  style?: string;
  explode?: boolean;
  example?: unknown;
  examples?: Record<string, MaybeReference<Example>>;
}

export interface RequestBody {
  required?: boolean;
  content?: Record<string, MediaType>;
}

/** A Response Object's link: values from the reply (runtime expressions) for another operation. */
export interface LinkObject {
  operationId?: string;
  /** A local reference to the operation, `#/paths/~1v2~1images~1{id}/get`. */
  operationRef?: string;
  /** By parameter name, or `in.name` (`path.id`) when names repeat across locations. */
  parameters?: Record<string, unknown>;
  requestBody?: unknown;
  description?: string;
  /** Shelflink's extension: the request needs values from a link that was e-mailed. */
  'x-mailed-link'?: unknown;
  /** Shelflink's extension: `example <name>` or `link <name>`, the producer's request to follow from. */
  'x-producer-request'?: unknown;
}

export interface HeaderObject {
  description?: string;
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, MaybeReference<HeaderObject>>;
  content?: Record<string, MediaType>;
  links?: Record<string, MaybeReference<LinkObject>>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface Server {
  url: string;
  description?: string;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  servers?: Server[];
  security?: SecurityRequirement[];
  parameters?: MaybeReference<Parameter>[];
  requestBody?: MaybeReference<RequestBody>;
  responses?: Record<string, MaybeReference<ResponseObject>>;
}

export const httpMethods = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & {
  parameters?: MaybeReference<Parameter>[];
  servers?: Server[];
};

export interface OpenApiDocument {
  openapi: string;
  security?: SecurityRequirement[];
  paths?: Record<string, PathItem>;
  components?: Record<string, unknown>;
}

export function isHttpMethod(value: unknown): value is HttpMethod {
  return typeof value === 'string' && (httpMethods as readonly string[]).includes(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isReference(node: unknown): node is Reference {
  return isRecord(node) && typeof node.$ref === 'string';
}

export function parseContract(text: string, source: string): OpenApiDocument {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new Error(`${source} is not valid YAML: ${(error as Error).message}`);
  }
  if (!isRecord(document) || typeof document.openapi !== 'string') {
    throw new Error(`${source} is not an OpenAPI document (it has no "openapi" version).`);
  }
  return document as unknown as OpenApiDocument;
}

/** The file each loaded contract was read from, for the examples kept beside it. */
const contractFiles = new WeakMap<OpenApiDocument, string>();

export function loadContract(file: string): OpenApiDocument {
  const document = parseContract(readFileSync(file, 'utf8'), file);
  contractFiles.set(document, resolvePath(file));
  return document;
}

/**
 * The bytes of an example's `externalValue`, a reference relative to the contract's own file
 * (`examples/cover.png` beside `openapi/openapi.yaml`). Only files are read, never the network.
 */
export function readExternalValue(document: OpenApiDocument, externalValue: string): Buffer {
  const contractFile = contractFiles.get(document);
  if (contractFile === undefined) {
    throw new Error(`externalValue ${externalValue}: the contract was not loaded from a file`);
  }
  const url = new URL(externalValue, pathToFileURL(contractFile));
  if (url.protocol !== 'file:') {
    throw new Error(`externalValue ${externalValue}: only files beside the contract are read`);
  }
  try {
    return readFileSync(url);
  } catch (error) {
    throw new Error(`externalValue ${externalValue}: ${(error as Error).message}`);
  }
}

export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function unescapePointerSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** `['paths', '/v1/links', 'get']` → `/paths/~1v1~1links/get` */
export function toPointer(path: JsonPath): string {
  return path.map((segment) => `/${escapePointerSegment(segment)}`).join('');
}

/** Accepts `/a/b`, `#/a/b` and `a/b`. */
export function fromPointer(pointer: string): string[] {
  const trimmed = pointer.trim().replace(/^#/, '').replace(/^\//, '');
  return trimmed === '' ? [] : trimmed.split('/').map(unescapePointerSegment);
}

/** The node at a JSON pointer of the document, without following `$ref`s; undefined if none. */
export function nodeAt(document: unknown, path: readonly (string | number)[]): unknown {
  let node: unknown = document;
  for (const segment of path) {
    if (Array.isArray(node)) {
      node = node[Number(segment)];
    } else if (isRecord(node) && Object.hasOwn(node, String(segment))) {
      node = node[String(segment)];
    } else {
      return undefined;
    }
  }
  return node;
}

/** Follows local `$ref`s; returns the node they lead to with its JSON path, or undefined. */
export function follow(
  document: unknown,
  node: unknown,
  path: JsonPath,
): { node: unknown; path: JsonPath } | undefined {
  let located = { node, path };
  const seen = new Set<string>();
  while (isReference(located.node)) {
    const target = located.node.$ref;
    if (!target.startsWith('#/') || seen.has(target)) return undefined;
    seen.add(target);
    const targetPath = fromPointer(target);
    located = { node: nodeAt(document, targetPath), path: targetPath };
    if (located.node === undefined) return undefined;
  }
  return located;
}

export function resolve<T>(document: unknown, node: MaybeReference<T>): T {
  const located = follow(document, node, []);
  if (located === undefined) {
    throw new Error(`Cannot resolve ${isReference(node) ? node.$ref : 'node'} in the contract`);
  }
  return located.node as T;
}

/** The node at a JSON path, following local `$ref`s on the way and at the end. */
export function nodeAtFollowing(document: unknown, path: JsonPath): unknown {
  let node: unknown = document;
  for (const segment of path) {
    node = follow(document, node, [])?.node;
    node = nodeAt(node, [segment]);
    if (node === undefined) return undefined;
  }
  return follow(document, node, [])?.node;
}

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  /** `GET /v1/links/list` */
  title: string;
  operationId?: string;
  /** JSON path of the operation in the document. */
  location: JsonPath;
  operation: Operation;
  /** Path-level and operation-level parameters, resolved, operation-level winning. */
  parameters: { parameter: Parameter; location: JsonPath }[];
  /** The URLs of the servers the operation or its path names; absent when it uses the document's. */
  servers?: string[];
}

export function operationTitle(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

export function listOperations(document: OpenApiDocument): OperationEntry[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, pathItem]) =>
    httpMethods.flatMap((method) => {
      const operation = pathItem[method];
      if (operation === undefined) return [];
      const byKey = new Map<string, { parameter: Parameter; location: JsonPath }>();
      const sources: [MaybeReference<Parameter>[] | undefined, JsonPath][] = [
        [pathItem.parameters, ['paths', path, 'parameters']],
        [operation.parameters, ['paths', path, method, 'parameters']],
      ];
      for (const [list, listPath] of sources) {
        (list ?? []).forEach((reference, index) => {
          const located = follow(document, reference, [...listPath, index]);
          if (located === undefined) return;
          const parameter = located.node as Parameter;
          byKey.set(`${parameter.in} ${parameter.name}`, { parameter, location: located.path });
        });
      }
      const entry: OperationEntry = {
        method,
        path,
        title: operationTitle(method, path),
        location: ['paths', path, method],
        operation,
        parameters: [...byKey.values()],
      };
      if (operation.operationId !== undefined) entry.operationId = operation.operationId;
      const servers = operation.servers ?? pathItem.servers;
      if (servers !== undefined) entry.servers = servers.map((server) => server.url);
      return [entry];
    }),
  );
}

/** Whether `name` names the operation: its operationId, or `METHOD /path` in any letter case. */
export function named(entry: OperationEntry, name: string): boolean {
  return name === entry.operationId || name.toUpperCase() === entry.title.toUpperCase();
}

/**
 * Whether a media type's schema describes a file's bytes rather than JSON or text: `format:
 * binary`, or a `contentMediaType` whose content is not encoded as text (no `contentEncoding`).
 */
export function isBinarySchema(document: unknown, schema: Schema | undefined): boolean {
  const resolved =
    schema === undefined ? undefined : (follow(document, schema, [])?.node as Schema | undefined);
  if (resolved === undefined) return false;
  return (
    resolved.format === 'binary' ||
    (resolved.contentMediaType !== undefined && resolved.contentEncoding === undefined)
  );
}

/** Whether the operation declares `status` as a success (2xx) or redirect (3xx) reply. */
export function declaresSuccess(entry: OperationEntry, status: number): boolean {
  if (status < 200 || status >= 400) return false;
  return Object.keys(entry.operation.responses ?? {}).some(
    (code) => code === String(status) || code.toUpperCase() === `${String(status)[0]}XX`,
  );
}
