// contract:verify's own checks of a reply, for the operations it sends straight to the target of
// their own server (--server-target) rather than through Prism: Prism's proxy follows redirects,
// so it never sees the 3xx replies of the short-link host. The status must be one the operation
// declares, the content type one its response declares, the body must fit that media type's
// schema (a page is a string) and each declared header its schema. A file (a media type whose
// schema is binary, such as image/webp) is judged by its media type alone, never read as text. A
// redirect must say where it leads: a 3xx reply that declares Location must send one.
import {
  follow,
  fromPointer,
  isBinarySchema,
  type HeaderObject,
  type JsonPath,
  type OpenApiDocument,
  type OperationEntry,
  type ResponseObject,
  type Schema,
} from './openapi';
import type { SchemaSampler } from './sampler';
import type { Violation } from './verify';

export interface Reply {
  status: number;
  headers: Headers;
  /** The body as text, decompressed. */
  text: string;
}

/** `['results', '0', 'createdAt']` → `$.results[0].createdAt` */
export function jsonPath(segments: string[]): string {
  const path = segments
    .map((segment) =>
      /^\d+$/.test(segment)
        ? `[${segment}]`
        : /^[A-Za-z_$][\w$]*$/.test(segment)
          ? `.${segment}`
          : `[${JSON.stringify(segment)}]`,
    )
    .join('');
  return `$${path}`;
}

function responseViolation(path: string, message: string): Violation {
  return { side: 'response', severity: 'error', path, message };
}

/** The response key that declares a status: the status itself, its range (`3XX`) or `default`. */
function declaredResponseKey(entry: OperationEntry, status: number): string | undefined {
  const keys = Object.keys(entry.operation.responses ?? {});
  return (
    keys.find((key) => key === String(status)) ??
    keys.find((key) => key.toUpperCase() === `${String(status)[0]}XX`) ??
    keys.find((key) => key === 'default')
  );
}

/** `text/html` matches `text/html`, `text/*` and `*\/*`. */
function mediaTypeMatches(declared: string, mediaType: string): boolean {
  const [type, subtype] = declared.toLowerCase().split('/');
  if (subtype !== '*') return declared.toLowerCase() === mediaType;
  return type === '*' || mediaType.startsWith(`${type}/`);
}

/** A header's text as the value its schema describes: `30` is the integer 30 for Retry-After. */
function headerValue(document: OpenApiDocument, schema: Schema, text: string): unknown {
  const resolved = follow(document, schema, [])?.node as Schema | undefined;
  const types = [resolved?.type ?? []].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) {
    return Number(text);
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function headerViolations(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  responsePath: JsonPath,
  response: ResponseObject,
  reply: Reply,
): Violation[] {
  const isRedirect = reply.status >= 300 && reply.status < 400;
  return Object.entries(response.headers ?? {}).flatMap(([name, reference]) => {
    const located = follow(document, reference, [...responsePath, 'headers', name]);
    const header = located?.node as HeaderObject | undefined;
    const text = reply.headers.get(name);
    if (text === null) {
      const required =
        header?.required === true || (isRedirect && name.toLowerCase() === 'location');
      return required
        ? [responseViolation(`header ${name}`, `Response header ${name} is missing`)]
        : [];
    }
    if (located === undefined || header?.schema === undefined) return [];
    const value = headerValue(document, header.schema, text);
    return sampler
      .errors([...located.path, 'schema'], value)
      .map((error) =>
        responseViolation(`header ${name}`, `Response header ${name} ${error.message ?? ''}`),
      );
  });
}

function bodyViolations(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  responsePath: JsonPath,
  response: ResponseObject,
  reply: Reply,
): Violation[] {
  const content = Object.entries(response.content ?? {});
  if (content.length === 0) return [];
  const contentType = reply.headers.get('content-type') ?? '';
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const declared = content.find(([type]) => mediaTypeMatches(type, mediaType));
  if (declared === undefined) {
    const expected = content.map(([type]) => type).join(' or ');
    return [
      responseViolation(
        'content type',
        `Response content type ${contentType === '' ? '(none)' : contentType} is not ${expected}`,
      ),
    ];
  }
  const [type, media] = declared;
  if (isBinarySchema(document, media.schema)) return [];
  let body: unknown = reply.text;
  if (/json/i.test(type)) {
    try {
      body = JSON.parse(reply.text) as unknown;
    } catch (error) {
      return [
        responseViolation('$', `Response body is not valid JSON: ${(error as Error).message}`),
      ];
    }
  }
  if (media.schema === undefined) return [];
  return sampler.errors([...responsePath, 'content', type, 'schema'], body).map((error) => {
    const segments = fromPointer(error.instancePath);
    const property = segments.length === 0 ? '' : ` property ${segments.join('.')}`;
    return responseViolation(
      jsonPath(segments),
      `Response body${property} ${error.message ?? 'violates the contract'}`,
    );
  });
}

/** How a reply breaks the contract of its operation; empty when it keeps it. */
export function checkReply(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  entry: OperationEntry,
  reply: Reply,
): Violation[] {
  const key = declaredResponseKey(entry, reply.status);
  const reference = key === undefined ? undefined : entry.operation.responses?.[key];
  if (key === undefined || reference === undefined) {
    const declared = Object.keys(entry.operation.responses ?? {}).join(', ');
    return [
      responseViolation(
        'status',
        `Response status ${reply.status} is not one the operation declares: ${declared}`,
      ),
    ];
  }
  const located = follow(document, reference, [...entry.location, 'responses', key]);
  if (located === undefined) return [];
  const response = located.node as ResponseObject;
  return [
    ...headerViolations(document, sampler, located.path, response, reply),
    ...bodyViolations(document, sampler, located.path, response, reply),
  ];
}
