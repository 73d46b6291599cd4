import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';

import { startPrism, type RunningPrism } from '../../scripts/support/prism';

interface Reference {
  $ref: string;
}

type MaybeReference<T> = T | Reference;

interface Schema {
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  contentMediaType?: string;
  contentEncoding?: string;
}

interface Example {
  value?: unknown;
  /** A file beside the contract that holds the example, such as an image. */
  externalValue?: string;
}

interface MediaType {
  schema?: Schema;
  examples?: Record<string, MaybeReference<Example>>;
}

interface ResponseObject {
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

interface RequestBody {
  required?: boolean;
  content?: Record<string, MediaType>;
}

type SecurityRequirement = Record<string, string[]>;

interface Server {
  url: string;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  servers?: Server[];
  security?: SecurityRequirement[];
  parameters?: MaybeReference<Parameter>[];
  requestBody?: MaybeReference<RequestBody>;
  responses: Record<string, MaybeReference<ResponseObject>>;
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type HttpMethod = (typeof httpMethods)[number];

type PathItem = Partial<Record<HttpMethod, Operation>> & {
  parameters?: MaybeReference<Parameter>[];
  servers?: Server[];
};

interface OpenApiDocument {
  security?: SecurityRequirement[];
  paths: Record<string, PathItem>;
}

const contractId = 'https://shelflink.app/openapi.yaml';
const contractUrl = new URL('../../openapi/openapi.yaml', import.meta.url);
const contract = parse(readFileSync(contractUrl, 'utf8')) as OpenApiDocument;

const sessionCookie = 'ss-id=contract-test';

// Valid values for required parameters whose schema has no example, enum or default, keyed by
// the component schema's name or, for inline schemas, by the parameter's name.
const validValues: Record<string, string> = {
  Guid: '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
  AffiliateProgramGuid: '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
  SupportedProgramGuid: '9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10',
  Email: 'maya.okafor@example.com',
  Isbn: '9781668012345',
  Domain: 'shelf.to',
  domain: 'shelf.to',
  DestinationUrl: 'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
  VanityCode: 'salt-orchard',
  Code: 'salt-orchard',
  BaseCode: 'salt-orchard',
  alias: 'orchard-trilogy',
  LinkId: 'lnk_01HZX00000',
  CollectionId: 'col_7Hq2Wd',
  ImageId: 'img_4Kd9Lx',
  reference: 'LI-20261121-0042',
};

const validValuesByFormat: Record<string, string> = {
  date: '2026-11-01',
  'date-time': '2026-11-01T09:00:00Z',
};

function isReference(node: unknown): node is Reference {
  return (
    typeof node === 'object' && node !== null && '$ref' in node && typeof node.$ref === 'string'
  );
}

function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function nodeAt(pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, segment) => {
      const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      if (typeof node !== 'object' || node === null || !(key in node)) {
        throw new Error(`The contract has nothing at #${pointer}`);
      }
      return (node as Record<string, unknown>)[key];
    }, contract);
}

/** Follows local `$ref`s and returns the node they lead to with its JSON pointer. */
function locate<T>(node: MaybeReference<T>, pointer: string): { node: T; pointer: string } {
  let located: { node: unknown; pointer: string } = { node, pointer };
  while (isReference(located.node)) {
    const target = located.node.$ref;
    if (!target.startsWith('#/')) throw new Error(`Only local $refs are supported: ${target}`);
    located = { node: nodeAt(target.slice(1)), pointer: target.slice(1) };
  }
  return located as { node: T; pointer: string };
}

function resolve<T>(node: MaybeReference<T>): T {
  return locate(node, '').node;
}

/** Whether a media type's schema is a file's bytes: `format: binary` or a `contentMediaType`. */
function isBinary(media: MediaType | undefined): boolean {
  if (media?.schema === undefined) return false;
  const schema = resolve(media.schema);
  return (
    schema.format === 'binary' ||
    (schema.contentMediaType !== undefined && schema.contentEncoding === undefined)
  );
}

function lookUp(table: Record<string, string>, key: string | undefined): string | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

function parameterValue(parameter: Parameter, operationTitle: string): string {
  const schema = parameter.schema === undefined ? {} : resolve<Schema>(parameter.schema);
  const value =
    parameter.example ??
    schema.enum?.[0] ??
    schema.const ??
    schema.default ??
    lookUp(validValues, parameter.schema?.$ref?.split('/').at(-1)) ??
    lookUp(validValues, parameter.name) ??
    lookUp(validValuesByFormat, schema.format);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw new Error(
      `No valid value for ${parameter.in} parameter ${parameter.name} of ${operationTitle}`,
    );
  }
  return String(value);
}

interface OperationUnderTest {
  title: string;
  method: HttpMethod;
  path: string;
  pointer: string;
  operation: Operation;
  parameters: Parameter[];
  /** Served from a server of its own (the short-link host), not the API's. */
  ownServer: boolean;
}

function parametersOf(pathItem: PathItem, operation: Operation): Parameter[] {
  const byLocationAndName = new Map<string, Parameter>();
  for (const reference of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolve(reference);
    byLocationAndName.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  return [...byLocationAndName.values()];
}

const operations: OperationUnderTest[] = Object.entries(contract.paths).flatMap(
  ([path, pathItem]) =>
    httpMethods.flatMap((method) => {
      const operation = pathItem[method];
      if (operation === undefined) return [];
      return [
        {
          title: `${method.toUpperCase()} ${path}`,
          method,
          path,
          pointer: `/paths/${escapePointerSegment(path)}/${method}`,
          operation,
          parameters: parametersOf(pathItem, operation),
          ownServer: (operation.servers ?? pathItem.servers) !== undefined,
        },
      ];
    }),
);

function requestTarget({ title, path, parameters }: OperationUnderTest): string {
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'query' && parameter.required === true) {
      query.append(parameter.name, parameterValue(parameter, title));
    }
  }
  const filledPath = path.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const parameter = parameters.find(
      (candidate) => candidate.in === 'path' && candidate.name === name,
    );
    if (parameter === undefined) {
      throw new Error(`${title} does not declare path parameter ${name}`);
    }
    return encodeURIComponent(parameterValue(parameter, title));
  });
  const queryString = query.toString();
  return queryString === '' ? filledPath : `${filledPath}?${queryString}`;
}

/**
 * The first example of the request body as its media type has it: JSON, a form, or a file's
 * bytes, read from the file its `externalValue` names beside the contract.
 */
function requestBodyExample({
  title,
  operation,
}: OperationUnderTest): { mediaType: string; body: string | Uint8Array<ArrayBuffer> } | undefined {
  if (operation.requestBody === undefined) return undefined;
  const requestBody = resolve(operation.requestBody);
  const [mediaType, media] = Object.entries(requestBody.content ?? {})[0] ?? [];
  const [firstExample] = Object.values(media?.examples ?? {});
  if (mediaType === undefined || firstExample === undefined) {
    if (requestBody.required === true) throw new Error(`${title} has no request body example`);
    return undefined;
  }
  const { value, externalValue } = resolve(firstExample);
  if (isBinary(media)) {
    if (externalValue === undefined) return { mediaType, body: String(value) };
    return { mediaType, body: new Uint8Array(readFileSync(new URL(externalValue, contractUrl))) };
  }
  const body =
    mediaType === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(value as Record<string, string>).toString()
      : JSON.stringify(value);
  return { mediaType, body };
}

let prism: RunningPrism | undefined;

async function send(
  operationUnderTest: OperationUnderTest,
  { prefer, withSession }: { prefer?: string; withSession: boolean },
): Promise<Response> {
  if (prism === undefined) throw new Error('Prism is not running');
  const headers = new Headers();
  if (prefer !== undefined) headers.set('prefer', prefer);
  if (withSession) headers.set('cookie', sessionCookie);
  const example = requestBodyExample(operationUnderTest);
  if (example !== undefined) headers.set('content-type', example.mediaType);
  return fetch(`${prism.origin}${requestTarget(operationUnderTest)}`, {
    method: operationUnderTest.method.toUpperCase(),
    headers,
    body: example?.body ?? null,
    // A redirect is the reply under test; its Location leads off the machine.
    redirect: 'manual',
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('int32', {
  type: 'number',
  validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isInteger(value) });
ajv.addSchema(contract, contractId);

const validators = new Map<string, ValidateFunction>();

function validatorFor(schemaPointer: string): ValidateFunction {
  let validator = validators.get(schemaPointer);
  if (validator === undefined) {
    validator = ajv.compile({ $ref: `${contractId}#${encodeURI(schemaPointer)}` });
    validators.set(schemaPointer, validator);
  }
  return validator;
}

interface ExampleCase {
  title: string;
  operationUnderTest: OperationUnderTest;
  status: number;
  prefer: string;
  /** Whether the response declares a Location header, which a 3xx reply then must send. */
  declaresLocation: boolean;
  /**
   * Without `example`, the media type has none and Prism generates a body from its schema. A
   * file (`binary`) is judged by its media type alone.
   */
  expectedBody?: {
    mediaType: string;
    schemaPointer: string;
    binary: boolean;
    example?: { value: unknown };
  };
}

function exampleCasesOf(operationUnderTest: OperationUnderTest): ExampleCase[] {
  const { title, pointer, operation } = operationUnderTest;
  return Object.entries(operation.responses).flatMap(([status, response]) => {
    const located = locate(response, `${pointer}/responses/${status}`);
    const declaresLocation = Object.keys(located.node.headers ?? {}).some(
      (name) => name.toLowerCase() === 'location',
    );
    const content = Object.entries(located.node.content ?? {});
    if (content.length === 0) {
      return [
        {
          title: `${title} → ${status}`,
          operationUnderTest,
          status: Number(status),
          prefer: `code=${status}`,
          declaresLocation,
        },
      ];
    }
    return content.flatMap(([mediaType, media]) => {
      const schemaPointer = `${located.pointer}/content/${escapePointerSegment(mediaType)}/schema`;
      const binary = isBinary(media);
      const examples = Object.entries(media.examples ?? {});
      if (examples.length === 0) {
        return [
          {
            title: `${title} → ${status} ${mediaType}`,
            operationUnderTest,
            status: Number(status),
            prefer: `code=${status}`,
            declaresLocation,
            expectedBody: { mediaType, schemaPointer, binary },
          },
        ];
      }
      return examples.map(([exampleName, example]) => ({
        title: `${title} → ${status} ${exampleName}`,
        operationUnderTest,
        status: Number(status),
        prefer: `code=${status}, example=${exampleName}`,
        declaresLocation,
        expectedBody: {
          mediaType,
          schemaPointer,
          binary,
          example: { value: resolve(example).value },
        },
      }));
    });
  });
}

function requiresSession({ operation }: OperationUnderTest): boolean {
  const requirements = operation.security ?? contract.security ?? [];
  return (
    requirements.some((requirement) => 'sessionCookie' in requirement) &&
    !requirements.some((requirement) => Object.keys(requirement).length === 0)
  );
}

/**
 * An API operation declares the errors every API call may answer, with an example of each JSON
 * body. The short-link host, on a server of its own, serves readers pages without sessions: no
 * 400, 401 or 403 for every operation, and its pages are generated from their schema.
 */
function completenessProblemsOf({
  title,
  path,
  operation,
  ownServer,
}: OperationUnderTest): string[] {
  const problems: string[] = [];
  if (operation.operationId === undefined) problems.push(`${title} has no operationId`);
  if ((operation.tags ?? []).length === 0) problems.push(`${title} has no tag`);
  const requiredStatuses = ownServer ? ['500'] : ['400', '401', '403', '500'];
  if (/\{[^}]+\}/.test(path)) requiredStatuses.push('404');
  for (const status of requiredStatuses) {
    if (!(status in operation.responses)) problems.push(`${title} has no ${status} response`);
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    for (const [mediaType, media] of Object.entries(resolve(response).content ?? {})) {
      if (mediaType === 'application/json' && Object.keys(media.examples ?? {}).length === 0) {
        problems.push(`${title} → ${status} has no ${mediaType} example`);
      }
    }
  }
  return problems;
}

beforeAll(async () => {
  prism = await startPrism();
});

afterAll(async () => {
  await prism?.stop();
});

describe('the contract', () => {
  test('documents every operation completely', () => {
    expect(operations.flatMap(completenessProblemsOf)).toEqual([]);
  });
});

const exampleCases = operations.flatMap(exampleCasesOf);

describe('Prism answers every example of every response', () => {
  for (const {
    title,
    operationUnderTest,
    status,
    prefer,
    declaresLocation,
    expectedBody,
  } of exampleCases) {
    test(title, async () => {
      const response = await send(operationUnderTest, { prefer, withSession: true });
      expect(response.status).toBe(status);
      const text = await response.text();
      // A redirect says where it leads; a 304 (the client's copy is current) declares no Location.
      if (status >= 300 && status < 400 && declaresLocation) {
        expect(URL.canParse(response.headers.get('location') ?? '')).toBe(true);
      }
      if (expectedBody === undefined) {
        expect(text).toBe('');
        return;
      }
      const { mediaType, schemaPointer, binary, example } = expectedBody;
      expect(response.headers.get('content-type')).toContain(mediaType);
      // A file is no JSON or text to hold to its schema: its media type says what it is.
      if (binary) return;
      const body: unknown = mediaType === 'application/json' ? JSON.parse(text) : text;
      const validate = validatorFor(schemaPointer);
      expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
      if (example !== undefined) expect(body).toEqual(example.value);
    });
  }
});

describe('signed-in operations refuse requests without a session', () => {
  for (const operationUnderTest of operations.filter(requiresSession)) {
    test(`${operationUnderTest.title} → 401 without a session`, async () => {
      const response = await send(operationUnderTest, { withSession: false });
      expect(response.status).toBe(401);
    });
  }
});
