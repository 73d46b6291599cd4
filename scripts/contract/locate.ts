// Turns a change's JSON path into where it is for a reader ("GET /v1/links/list response 200
// results[].title") and into the component it is defined in, following the contract's $refs.
import {
  follow,
  isHttpMethod,
  isRecord,
  nodeAt,
  operationTitle,
  type JsonPath,
  type Parameter,
} from './openapi';

export type ChangePart =
  | 'operation'
  | 'parameter'
  | 'request'
  | 'response'
  | 'response-header'
  | 'security'
  | 'servers'
  | 'document';

export interface ChangeLocation {
  part: ChangePart;
  /** `GET /v1/links/list`, for changes inside an operation. */
  operation?: string;
  status?: string;
  mediaType?: string;
  parameter?: { name: string; in: string; required: boolean };
  header?: string;
  /** Inside a schema: `results[].title`; '' for the schema's root. */
  fieldPath?: string;
  /** The schema keyword that changed (`type`, `enum`, `maxLength`, `required`, `properties`…). */
  keyword?: string;
  /** JSON path of the changed node as written, when $refs or a path-level parameter led elsewhere. */
  origin?: JsonPath;
  /** Reads best: "GET /v1/links/list response 200 results[].title". */
  where: string;
}

interface Walk {
  /** For each segment of the path, the node reached and its own JSON path in the document. */
  nodes: { node: unknown; path: JsonPath | undefined }[];
}

/** Whether `path[index]` indexes an operation's parameters (`/paths/<path>/<method>/parameters/<i>`). */
function isOperationParameters(path: JsonPath, index: number): boolean {
  return index === 4 && path[0] === 'paths' && isHttpMethod(path[2]) && path[3] === 'parameters';
}

/** Walks a diff path through the document, following $refs and the merge of path-level parameters. */
function walk(document: unknown, path: JsonPath): Walk {
  const nodes: Walk['nodes'] = [];
  let node: unknown = document;
  let nodePath: JsonPath | undefined = [];
  path.forEach((segment, index) => {
    if (nodePath !== undefined) {
      const located = follow(document, node, nodePath);
      if (located === undefined) {
        nodePath = undefined;
      } else {
        node = located.node;
        nodePath = located.path;
      }
    }
    if (nodePath !== undefined && isOperationParameters(path, index)) {
      // api-smart-diff appends the path item's parameters to each operation's own.
      const own = nodeAt(document, ['paths', String(path[1]), String(path[2]), 'parameters']);
      const ownCount = Array.isArray(own) ? own.length : 0;
      const position = Number(segment);
      const source: JsonPath =
        position < ownCount
          ? ['paths', String(path[1]), String(path[2]), 'parameters', position]
          : ['paths', String(path[1]), 'parameters', position - ownCount];
      node = nodeAt(document, source);
      nodePath = node === undefined ? undefined : source;
      nodes.push({ node, path: nodePath });
      return;
    }
    if (nodePath !== undefined && index === 3 && isOperationParameters(path, 4)) {
      nodes.push({ node: undefined, path: [...nodePath, segment] });
      nodePath = [...nodePath, segment];
      return;
    }
    if (nodePath !== undefined) {
      const next = nodeAt(node, [segment]);
      if (next === undefined) {
        nodePath = undefined;
        node = undefined;
      } else {
        node = next;
        nodePath = [...nodePath, segment];
      }
    }
    nodes.push({ node, path: nodePath });
  });
  return { nodes };
}

const combinators = new Set(['allOf', 'oneOf', 'anyOf']);

/** Reads the segments after a `schema` as a field path and the keyword that changed. */
function readSchemaPath(
  segments: JsonPath,
  changedValue: unknown,
): { fieldPath: string; keyword?: string } {
  const fields: string[] = [];
  const push = (name: string): void => {
    fields.push(fields.length === 0 ? name : `.${name}`);
  };
  for (let index = 0; index < segments.length; index += 1) {
    const segment = String(segments[index]);
    const next = segments[index + 1];
    if (segment === 'properties' && next !== undefined) {
      index += 1;
      if (index === segments.length - 1) {
        push(String(next));
        return { fieldPath: fields.join(''), keyword: 'properties' };
      }
      push(String(next));
    } else if (segment === 'items') {
      if (index === segments.length - 1) return { fieldPath: fields.join(''), keyword: 'items' };
      fields.push('[]');
    } else if (segment === 'additionalProperties' && index < segments.length - 1) {
      push('*');
    } else if (combinators.has(segment) && next !== undefined) {
      if (index + 1 === segments.length - 1) {
        return { fieldPath: fields.join(''), keyword: segment };
      }
      index += 1;
    } else if (segment === 'not' && index < segments.length - 1) {
      continue;
    } else if (segment === 'required' && next !== undefined && typeof changedValue === 'string') {
      push(changedValue);
      return { fieldPath: fields.join(''), keyword: 'required' };
    } else {
      return { fieldPath: fields.join(''), keyword: segment };
    }
  }
  return { fieldPath: fields.join('') };
}

/**
 * The keyword changed in a request body (`start` = 4) or a response (`start` = 5) outside its
 * schema: undefined for the whole body or response, `content` for a media type, else the key.
 */
function sectionKeyword(path: JsonPath, start: number): string | undefined {
  if (path.length <= start) return undefined;
  if (path[start] !== 'content') return String(path[start]);
  return path.length <= start + 2 ? 'content' : String(path[start + 2]);
}

function exampleSuffix(path: JsonPath, start: number): string {
  const example = path[start + 3];
  return path[start] === 'content' && path[start + 2] === 'examples' && example !== undefined
    ? ` example ${String(example)}`
    : '';
}

function withField(prefix: string, fieldPath: string | undefined): string {
  if (fieldPath === undefined) return prefix;
  return fieldPath === '' ? `${prefix} body` : `${prefix} ${fieldPath}`;
}

function isParameter(node: unknown): node is Parameter {
  return isRecord(node) && typeof node.name === 'string' && typeof node.in === 'string';
}

/**
 * The parameter a change concerns. A whole added or removed parameter is the change's own value
 * (api-smart-diff numbers added parameters by their place in its merged list, not in either
 * contract); a change inside a parameter is read through the base contract's list.
 */
function parameterOf(
  document: unknown,
  walked: Walk,
  path: JsonPath,
  value: unknown,
): Parameter | undefined {
  if (path.length === 5) {
    const own = follow(document, value, [])?.node;
    if (isParameter(own)) return own;
  }
  const node = walked.nodes[4]?.node;
  const resolved = follow(document, node, [])?.node;
  return isParameter(resolved) ? resolved : undefined;
}

/**
 * Locates a change. `document` is the contract the path is read in (the base contract for
 * removals and replacements, the candidate for additions); `value` is the changed value.
 */
export function locateChange(document: unknown, path: JsonPath, value: unknown): ChangeLocation {
  const walked = walk(document, path);
  const last = walked.nodes.at(-1);
  const definedAt = last?.path;
  const origin =
    definedAt !== undefined && definedAt.join('/') !== path.join('/') ? definedAt : undefined;
  const located = (location: Omit<ChangeLocation, 'origin'>): ChangeLocation =>
    origin === undefined ? location : { ...location, origin };

  const [root, pathKey, method, section] = path;
  if (root === 'components' && path[1] === 'securitySchemes') {
    return located({ part: 'security', where: `security scheme ${String(path[2])}` });
  }
  if (root === 'security') return located({ part: 'security', where: 'document security' });
  if (root === 'servers') return located({ part: 'servers', where: 'servers' });
  if (root !== 'paths' || pathKey === undefined || !isHttpMethod(method)) {
    return located({ part: 'document', where: `document ${path.join('.')}` });
  }
  const operation = operationTitle(method, String(pathKey));
  if (section === undefined) return located({ part: 'operation', operation, where: operation });

  if (section === 'parameters' && path[4] !== undefined) {
    const parameter = parameterOf(document, walked, path, value);
    const name = parameter?.name ?? `#${String(path[4])}`;
    const where = `${operation} ${parameter?.in ?? ''} parameter ${name}`.replace('  ', ' ');
    const base: Omit<ChangeLocation, 'origin'> = { part: 'parameter', operation, where };
    if (parameter !== undefined) {
      base.parameter = {
        name: parameter.name,
        in: parameter.in,
        required: parameter.required === true,
      };
    }
    if (path[5] === 'schema') {
      const read = readSchemaPath(path.slice(6), value);
      const fieldPath = read.fieldPath === '' ? undefined : read.fieldPath;
      return located({
        ...base,
        where: fieldPath === undefined ? where : `${where} ${fieldPath}`,
        fieldPath: read.fieldPath,
        ...(read.keyword === undefined ? {} : { keyword: read.keyword }),
      });
    }
    return located(path[5] === undefined ? base : { ...base, keyword: String(path[5]) });
  }

  if (section === 'requestBody') {
    const mediaType = path[5] === undefined ? undefined : String(path[5]);
    const prefix = `${operation} request body`;
    const shown =
      mediaType !== undefined && mediaType !== 'application/json' ? ` (${mediaType})` : '';
    if (path[4] === 'content' && path[6] === 'schema') {
      const read = readSchemaPath(path.slice(7), value);
      return located({
        part: 'request',
        operation,
        ...(mediaType === undefined ? {} : { mediaType }),
        fieldPath: read.fieldPath,
        ...(read.keyword === undefined ? {} : { keyword: read.keyword }),
        where: (read.fieldPath === '' ? prefix : `${prefix} ${read.fieldPath}`) + shown,
      });
    }
    const keyword = sectionKeyword(path, 4);
    return located({
      part: 'request',
      operation,
      ...(mediaType === undefined ? {} : { mediaType }),
      ...(keyword === undefined ? {} : { keyword }),
      where: `${prefix}${shown}${exampleSuffix(path, 4)}`,
    });
  }

  if (section === 'responses' && path[4] !== undefined) {
    const status = String(path[4]);
    const prefix = `${operation} response ${status}`;
    if (path[5] === 'headers' && path[6] !== undefined) {
      return located({
        part: 'response-header',
        operation,
        status,
        header: String(path[6]),
        where: `${prefix} header ${String(path[6])}`,
        ...(path[7] === undefined ? {} : { keyword: String(path.at(-1)) }),
      });
    }
    const mediaType = path[5] === 'content' && path[6] !== undefined ? String(path[6]) : undefined;
    const shown =
      mediaType !== undefined && mediaType !== 'application/json' ? ` (${mediaType})` : '';
    if (mediaType !== undefined && path[7] === 'schema') {
      const read = readSchemaPath(path.slice(8), value);
      return located({
        part: 'response',
        operation,
        status,
        mediaType,
        fieldPath: read.fieldPath,
        ...(read.keyword === undefined ? {} : { keyword: read.keyword }),
        where: withField(prefix, read.fieldPath) + shown,
      });
    }
    const keyword = sectionKeyword(path, 5);
    return located({
      part: 'response',
      operation,
      status,
      ...(mediaType === undefined ? {} : { mediaType }),
      ...(keyword === undefined ? {} : { keyword }),
      where: `${prefix}${shown}${exampleSuffix(path, 5)}`,
    });
  }

  if (section === 'security')
    return located({ part: 'security', operation, where: `${operation} security` });
  if (section === 'servers')
    return located({ part: 'servers', operation, where: `${operation} servers` });
  return located({
    part: 'operation',
    operation,
    keyword: String(section),
    where: `${operation} ${String(section)}`,
  });
}
