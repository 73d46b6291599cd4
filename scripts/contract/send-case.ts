// Sending one request case: through the Prism proxy, or straight to a server of the contract's own
// (the short-link host) or, for a request carrying a file, to the backend, with the reply checked
// here without Prism.
import { follow, type OpenApiDocument, type OperationEntry, type ResponseObject } from './openapi';
import { judgeReply } from './prism-verdict';
import type { PrismProxy } from './prism-proxy';
import { checkReply } from './reply-checks';
import { encodeBody, type RequestCase } from './requests';
import type { SchemaSampler } from './sampler';
import type { Outcome } from './verify';

/** What became of a request, and the reply when it kept the contract. */
interface Sent {
  outcome: Outcome;
  reply?: { headers: Headers; body: unknown };
}

/** A reply's body for links to read: parsed when it is JSON, else its text. */
function replyBody(text: string, contentType: string): unknown {
  if (text === '') return undefined;
  if (!/json/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The media types the operation's responses declare, for the Accept header. */
function acceptedMediaTypes(document: OpenApiDocument, entry: OperationEntry): string {
  const mediaTypes = new Set(
    Object.values(entry.operation.responses ?? {}).flatMap((reference) =>
      Object.keys((follow(document, reference, [])?.node as ResponseObject).content ?? {}),
    ),
  );
  return mediaTypes.size === 0 ? 'application/json' : [...mediaTypes].join(', ');
}

/**
 * Whether the request carries a file's bytes, which Prism cannot forward: it reads every body
 * that is not JSON as UTF-8 text and sends that text on, so the backend would get other bytes.
 */
export function carriesFile(requestCase: RequestCase): boolean {
  return requestCase.body?.value instanceof Uint8Array;
}

/** The request as fetch sends it: the case's headers and encoded body, and the session cookie. */
export function requestInit(
  document: OpenApiDocument,
  requestCase: RequestCase,
  cookie: string | undefined,
  timeoutMs: number,
): RequestInit {
  const headers: Record<string, string> = {
    ...requestCase.headers,
    ...(cookie === undefined ? {} : { cookie }),
    accept: acceptedMediaTypes(document, requestCase.operation),
  };
  if (requestCase.body !== undefined) headers['content-type'] = requestCase.body.mediaType;
  const body = requestCase.body === undefined ? undefined : encodeBody(requestCase.body);
  return {
    method: requestCase.operation.method.toUpperCase(),
    headers,
    // Bytes go as a copy of their own: fetch takes views only of a plain ArrayBuffer.
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  };
}

/** Why fetch failed: the network error beneath its "fetch failed", when it names one. */
function why(error: unknown): string {
  const { message, cause } = error as Error;
  return cause instanceof Error ? cause.message : message;
}

export async function sendThroughPrism(
  proxy: PrismProxy,
  requestCase: RequestCase,
  init: RequestInit,
): Promise<Sent> {
  const offset = proxy.log().length;
  let response: Response;
  try {
    response = await fetch(`${proxy.origin}${requestCase.target}`, init);
  } catch (error) {
    return { outcome: { result: 'unreachable', detail: `no reply through Prism: ${why(error)}` } };
  }
  const text = await response.text();
  const outcome = await judgeReply(proxy, response, text, offset);
  if (outcome.result !== 'conforming') return { outcome };
  const contentType = response.headers.get('content-type') ?? '';
  return { outcome, reply: { headers: response.headers, body: replyBody(text, contentType) } };
}

/** Sends a request straight to a server's target, and checks the reply without Prism. */
export async function sendToServer(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  origin: string,
  requestCase: RequestCase,
  init: RequestInit,
): Promise<Sent> {
  let response: Response;
  try {
    // A redirect is the reply to check, not a page to fetch.
    response = await fetch(`${origin}${requestCase.target}`, { ...init, redirect: 'manual' });
  } catch (error) {
    return { outcome: { result: 'unreachable', detail: `no reply from ${origin}: ${why(error)}` } };
  }
  const { status, headers } = response;
  let text: string;
  try {
    // fetch decompresses a gzip or deflate body on the way.
    text = await response.text();
  } catch (error) {
    const message = `Response body cannot be read: ${(error as Error).message}`;
    return {
      outcome: {
        result: 'violation',
        status,
        violations: [{ side: 'response', severity: 'error', path: '$', message }],
      },
    };
  }
  const violations = checkReply(document, sampler, requestCase.operation, {
    status,
    headers,
    text,
  });
  if (violations.length > 0) return { outcome: { result: 'violation', status, violations } };
  const contentType = headers.get('content-type') ?? '';
  return {
    outcome: { result: 'conforming', status },
    reply: { headers, body: replyBody(text, contentType) },
  };
}
