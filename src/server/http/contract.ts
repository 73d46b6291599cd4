import { readFileSync } from 'node:fs';
import { projectFile } from '../project-files';
import { parse } from 'yaml';

interface Parameter {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema?: { type?: string };
}

type Reference = { $ref: string };

interface Operation {
  operationId?: string;
  parameters?: (Parameter | Reference)[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type PathItem = Partial<Record<(typeof httpMethods)[number], Operation>> & {
  parameters?: (Parameter | Reference)[];
  servers?: { url: string }[];
};

interface Schema {
  type?: string;
  pattern?: string;
}

export interface OpenApiDocument {
  paths: Record<string, PathItem>;
  components?: { parameters?: Record<string, Parameter>; schemas?: Record<string, Schema> };
}

/** A parameter with every `$ref` in it inlined. */
export interface ResolvedParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: object;
}

function inlineReferences(document: object, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineReferences(document, item));
  if (node === null || typeof node !== 'object') return node;
  if ('$ref' in node && typeof node.$ref === 'string') {
    const target = node.$ref
      .slice('#/'.length)
      .split('/')
      .reduce<unknown>(
        (parent, key) =>
          (parent as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        document,
      );
    return inlineReferences(document, target);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inlineReferences(document, value)]),
  );
}

/** The parameters of the operation at `path` and `method`: its path's, then its own. */
export function operationParameters(
  document: OpenApiDocument,
  path: string,
  method: (typeof httpMethods)[number],
): ResolvedParameter[] {
  const pathItem = document.paths[path];
  const declared = [...(pathItem?.parameters ?? []), ...(pathItem?.[method]?.parameters ?? [])];
  return inlineReferences(document, declared) as ResolvedParameter[];
}

export interface Contract {
  /** The API's operations: every path served from the contract's top-level servers. */
  document: OpenApiDocument;
  /** The short-link host's operations: the paths with servers of their own. */
  shortLinkDocument: OpenApiDocument;
  /** Array query parameters sent as one comma-separated value (`explode: false`), by operation. */
  commaSeparatedQueryParameters: ReadonlyMap<string, readonly string[]>;
  /** The operations whose request body is required. */
  /** The operations whose body is required, with the media types each takes. */
  operationsRequiringBodies: ReadonlyMap<string, readonly string[]>;
  /** Every header parameter's name as the contract spells it, by its lower-cased name. */
  headerNames: ReadonlyMap<string, string>;
}

const contractFile = projectFile('openapi', 'openapi.yaml');

function isCommaSeparatedArray(parameter: Parameter): boolean {
  return (
    parameter.in === 'query' &&
    parameter.explode === false &&
    (parameter.style ?? 'form') === 'form' &&
    parameter.schema?.type === 'array'
  );
}

function commaSeparatedQueryParameters(document: OpenApiDocument): Map<string, string[]> {
  const resolve = (parameter: Parameter | Reference): Parameter | undefined =>
    '$ref' in parameter
      ? document.components?.parameters?.[parameter.$ref.replace('#/components/parameters/', '')]
      : parameter;
  const byOperation = new Map<string, string[]>();
  for (const pathItem of Object.values(document.paths)) {
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (operation?.operationId === undefined) continue;
      const names = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].flatMap(
        (entry) => {
          const parameter = resolve(entry);
          return parameter && isCommaSeparatedArray(parameter) ? [parameter.name] : [];
        },
      );
      byOperation.set(operation.operationId, names);
    }
  }
  return byOperation;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.values(document.paths).flatMap((pathItem) =>
    httpMethods.flatMap((method) => pathItem[method] ?? []),
  );
}

function operationsRequiringBodies(document: OpenApiDocument): Map<string, string[]> {
  return new Map(
    operationsOf(document).flatMap((operation) =>
      operation.requestBody?.required === true && operation.operationId !== undefined
        ? [[operation.operationId, Object.keys(operation.requestBody.content ?? {})] as const]
        : [],
    ),
  );
}

function headerNames(document: OpenApiDocument): Map<string, string> {
  const declared = Object.values(document.components?.parameters ?? {}).concat(
    operationsOf(document).flatMap((operation) =>
      (operation.parameters ?? []).filter((entry): entry is Parameter => !('$ref' in entry)),
    ),
  );
  return new Map(
    declared
      .filter((parameter) => parameter.in === 'header')
      .map((parameter) => [parameter.name.toLowerCase(), parameter.name]),
  );
}

function withPaths(
  document: OpenApiDocument,
  keep: (pathItem: PathItem) => boolean,
): OpenApiDocument {
  const paths = Object.entries(document.paths).filter(([, pathItem]) => keep(pathItem));
  return { ...document, paths: Object.fromEntries(paths) };
}

let contract: Contract | undefined;

/** The OpenAPI contract, read once per process. */
export function loadContract(): Contract {
  if (contract === undefined) {
    const whole = parse(readFileSync(contractFile, 'utf8')) as OpenApiDocument;
    contract = {
      document: withPaths(whole, (pathItem) => pathItem.servers === undefined),
      shortLinkDocument: withPaths(whole, (pathItem) => pathItem.servers !== undefined),
      commaSeparatedQueryParameters: commaSeparatedQueryParameters(whole),
      operationsRequiringBodies: operationsRequiringBodies(whole),
      headerNames: headerNames(whole),
    };
  }
  return contract;
}

/** One of the contract's named schemas, for a rule the server applies beyond validation. */
export function contractSchema(name: string): Schema {
  const schema = loadContract().document.components?.schemas?.[name];
  if (schema === undefined) throw new Error(`The contract has no schema named ${name}`);
  return schema;
}
