// The contract's data sequences: OpenAPI Response Object `links`, read the way Schemathesis's
// stateful testing reads them. A link on a success reply of one operation (the producer) says
// which values of that exchange a request to another operation (the consumer) takes, as runtime
// expressions such as `$response.body#/id`. contract:verify calls producers before their
// consumers and sends each consumer one more request per link it can follow (./follow-link.ts).
//
// Two extensions. `x-mailed-link: { to, path }` on a link says that the consumer's values come by
// e-mail, in a link such as `/login/{token}` sent to the address `to` evaluates to. With the
// server's outbox folder at hand, each `{name}` of the mailed link becomes the request body's
// field `name`. `x-producer-request: example <name>` (or `link <name>`) says which of the
// producer's requests the link follows from: the one built from its request body example of that
// name (or sent by a link of that name), for a link that needs what only that request asks for,
// such as a link made with `allStores: true`.
import { documentedRequestBody } from './requests';
import {
  follow,
  fromPointer,
  isRecord,
  type LinkObject,
  type OpenApiDocument,
  type OperationEntry,
  type Parameter,
  type ResponseObject,
} from './openapi';

export interface MailedLink {
  /** A runtime expression for the address the link is sent to. */
  to: string;
  /** The mailed link's path, its values in braces: `/login/{token}`. */
  path: string;
}

export interface OperationLink {
  /** The link's key in the producer's response, e.g. `getLinkReport`. */
  name: string;
  producer: OperationEntry;
  /** The producer's response the link belongs to: `201`, or a range such as `2XX`. */
  status: string;
  consumer: OperationEntry;
  /** Constants or runtime expressions for the consumer's parameters. */
  parameters: { parameter: Parameter; value: unknown }[];
  /** Present when the link gives the whole request body. */
  requestBody?: { value: unknown };
  mailedLink?: MailedLink;
  /** `example allStoresLink` or `link createCollection`: the producer's request it follows from. */
  producerRequest?: string;
}

/** One request an operation sent and the success reply that kept the contract. */
export interface Exchange {
  operation: OperationEntry;
  /** The request's label: `example allStoresLink`, `link createCollection from POST /v1/links`… */
  label: string;
  /** Path and query, e.g. `/v2/collections/col_1?x=1`. */
  target: string;
  requestHeaders: Record<string, string>;
  /** The request body as sent, before it was encoded; undefined when it had none. */
  requestBody: unknown;
  status: number;
  responseHeaders: Headers;
  /** The reply's body: parsed when it is JSON, else its text; undefined when it had none. */
  responseBody: unknown;
}

/** What a followed link adds to the consumer's requests. */
export interface LinkedRequest {
  label: string;
  parameters: Map<Parameter, unknown>;
  /** The whole body; without it the consumer's documented body is sent. */
  body?: { value: unknown };
  /** Fields set on the body, from a mailed link. */
  bodyFields?: Record<string, string>;
}

/** OpenAPI's runtime expressions: `$url`, `$method`, `$statusCode`, `$request.…`, `$response.…`. */
const expressionPattern =
  /^\$(?:url|method|statusCode|request\.(?:header|query|path)\.[^\s{}]+|(?:request|response)\.body(?:#[^\s{}]*)?|response\.header\.[^\s{}]+)$/;
export const embeddedExpression = /\{(\$[^{}]+)\}/g;

/** The runtime expressions in a link value: strings starting with `$`, and `{$…}` in others. */
function expressionsIn(value: unknown): string[] {
  if (typeof value === 'string') {
    if (value.startsWith('$')) return [value];
    return [...value.matchAll(embeddedExpression)].map((match) => match[1] ?? '');
  }
  if (Array.isArray(value)) return value.flatMap(expressionsIn);
  if (isRecord(value)) return Object.values(value).flatMap(expressionsIn);
  return [];
}

function consumerOf(
  link: LinkObject,
  entries: OperationEntry[],
  where: string,
): OperationEntry | string {
  if (link.operationId !== undefined) {
    return (
      entries.find((entry) => entry.operationId === link.operationId) ??
      `${where}: no operation has the operationId ${link.operationId}`
    );
  }
  if (link.operationRef !== undefined) {
    let pointer: string[] = [];
    try {
      pointer = fromPointer(decodeURIComponent(link.operationRef));
    } catch {
      // Not percent-encoded properly: it matches no operation below.
    }
    const [paths, path, method] = pointer;
    return (
      entries.find(
        (entry) => paths === 'paths' && entry.path === path && entry.method === method,
      ) ?? `${where}: operationRef ${link.operationRef} is not an operation of this contract`
    );
  }
  return `${where}: names no operationId or operationRef`;
}

/** `id` or `path.id`: the consumer's parameter the link's key names. */
function parameterNamed(consumer: OperationEntry, key: string): Parameter | undefined {
  const [location, ...rest] = key.split('.');
  const qualified =
    rest.length > 0 && ['path', 'query', 'header', 'cookie'].includes(location ?? '');
  const name = qualified ? rest.join('.') : key;
  return consumer.parameters.find(
    ({ parameter }) =>
      (!qualified || parameter.in === location) &&
      (parameter.in === 'header'
        ? parameter.name.toLowerCase() === name.toLowerCase()
        : parameter.name === name),
  )?.parameter;
}

function mailedLinkOf(value: unknown, where: string, problems: string[]): MailedLink | undefined {
  if (value === undefined) return undefined;
  if (
    !isRecord(value) ||
    typeof value.to !== 'string' ||
    typeof value.path !== 'string' ||
    !/\{[^}]+\}/.test(value.path)
  ) {
    problems.push(`${where}: x-mailed-link needs "to" and a "path" with a {value} in it`);
    return undefined;
  }
  return { to: value.to, path: value.path };
}

/**
 * Whether `x-producer-request` names a request of the producer: `example <name>` of its request
 * body, or `link <name>` for a link that leads to it.
 */
function namesProducerRequest(
  document: OpenApiDocument,
  producer: OperationEntry,
  producerRequest: string,
  links: OperationLink[],
): boolean {
  const [kind, name] = producerRequest.split(/ (.*)/s);
  if (kind === 'example') {
    return documentedRequestBody(document, producer).examples.some(([example]) => example === name);
  }
  return kind === 'link' && links.some((link) => link.name === name && link.consumer === producer);
}

/**
 * Every link of the contract between the given operations, in contract order. A link that
 * names an unknown operation, parameter or producer request, or holds a malformed runtime
 * expression, is an error in the contract: all of them are reported at once.
 */
export function readLinks(document: OpenApiDocument, entries: OperationEntry[]): OperationLink[] {
  const links: OperationLink[] = [];
  const problems: string[] = [];
  for (const producer of entries) {
    for (const [status, reference] of Object.entries(producer.operation.responses ?? {})) {
      const response = follow(document, reference, [])?.node as ResponseObject | undefined;
      for (const [name, linkReference] of Object.entries(response?.links ?? {})) {
        const where = `${producer.title} ${status} link ${name}`;
        const link = follow(document, linkReference, [])?.node as LinkObject | undefined;
        if (!isRecord(link)) {
          problems.push(`${where}: cannot be resolved`);
          continue;
        }
        const consumer = consumerOf(link, entries, where);
        if (typeof consumer === 'string') {
          problems.push(consumer);
          continue;
        }
        const parameters: OperationLink['parameters'] = [];
        for (const [key, value] of Object.entries(link.parameters ?? {})) {
          const parameter = parameterNamed(consumer, key);
          if (parameter === undefined) {
            problems.push(`${where}: ${consumer.title} has no parameter ${key}`);
          } else {
            parameters.push({ parameter, value });
          }
        }
        const mailedLink = mailedLinkOf(link['x-mailed-link'], where, problems);
        // Anything but a string names no request; the check below says so.
        const producerRequest = link['x-producer-request'];
        const malformed = expressionsIn([link.parameters, link.requestBody, mailedLink?.to]).filter(
          (expression) => !expressionPattern.test(expression),
        );
        for (const expression of malformed) {
          problems.push(`${where}: ${expression} is not a runtime expression`);
        }
        links.push({
          name,
          producer,
          status,
          consumer,
          parameters,
          ...('requestBody' in link ? { requestBody: { value: link.requestBody } } : {}),
          ...(mailedLink === undefined ? {} : { mailedLink }),
          ...(producerRequest === undefined
            ? {}
            : {
                producerRequest:
                  typeof producerRequest === 'string'
                    ? producerRequest
                    : JSON.stringify(producerRequest),
              }),
        });
      }
    }
  }
  for (const { name, producer, status, producerRequest } of links) {
    if (producerRequest === undefined) continue;
    if (namesProducerRequest(document, producer, producerRequest, links)) continue;
    problems.push(
      `${producer.title} ${status} link ${name}: x-producer-request "${producerRequest}" names ` +
        `neither a request body example of ${producer.title} ("example <name>") nor a link to ` +
        'it ("link <name>")',
    );
  }
  if (problems.length > 0) throw new Error(`Links of the contract:\n  ${problems.join('\n  ')}`);
  return links;
}

/** The operations that take values from `producer`, directly or through others, deletes aside. */
function readersOf(producer: OperationEntry, links: OperationLink[]): Set<OperationEntry> {
  const readers = new Set<OperationEntry>();
  const pending = [producer];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const link of links) {
      if (link.producer !== current || link.consumer.method === 'delete') continue;
      if (readers.has(link.consumer)) continue;
      readers.add(link.consumer);
      pending.push(link.consumer);
    }
  }
  return readers;
}

/**
 * The operations in the order to call them: producers before their consumers, and an operation
 * that deletes what a producer made after every other operation that uses it, through other
 * operations too (a collection made of a new link is read before the link is deleted).
 * Otherwise, and within a cycle, contract order.
 */
export function orderByLinks(entries: OperationEntry[], links: OperationLink[]): OperationEntry[] {
  const prerequisites = new Map(entries.map((entry) => [entry, new Set<OperationEntry>()]));
  for (const link of links) {
    prerequisites.get(link.consumer)?.add(link.producer);
    if (link.consumer.method !== 'delete') continue;
    for (const reader of readersOf(link.producer, links)) {
      prerequisites.get(link.consumer)?.add(reader);
    }
  }
  const ordered: OperationEntry[] = [];
  const remaining = [...entries];
  while (remaining.length > 0) {
    const index = remaining.findIndex((entry) =>
      [...(prerequisites.get(entry) ?? [])].every(
        (prerequisite) => ordered.includes(prerequisite) || !entries.includes(prerequisite),
      ),
    );
    const [next] = remaining.splice(Math.max(index, 0), 1);
    if (next !== undefined) ordered.push(next);
  }
  return ordered;
}
