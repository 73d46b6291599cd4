import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type PathItem = Partial<Record<(typeof httpMethods)[number], Operation>> & {
  parameters?: (Parameter | Reference)[];
  servers?: { url: string }[];
};

interface OpenApiDocument {
  paths: Record<string, PathItem>;
  components?: { parameters?: Record<string, Parameter> };
}

export interface Contract {
  /** The API's operations: every path served from the contract's top-level servers. */
  document: OpenApiDocument;
  /** The short-link host's operations: the paths with servers of their own. */
  shortLinkDocument: OpenApiDocument;
  /** Array query parameters sent as one comma-separated value (`explode: false`), by operation. */
  commaSeparatedQueryParameters: ReadonlyMap<string, readonly string[]>;
}

const contractFile = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));

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
    };
  }
  return contract;
}
