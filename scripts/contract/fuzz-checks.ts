// What contract:fuzz asserts of each reply: no 5xx; a status the operation declares (itself or
// through a shared response), with a body and headers its schema accepts (./reply-checks.ts);
// an error reply that says what went wrong (the contract's ErrorResponse with its errorCode and
// message, never a framework's own error body); and no success for a request the contract
// refuses. What a refused request must not do (store or mail anything) is checked by the runner.
import {
  follow,
  isRecord,
  toPointer,
  type JsonPath,
  type OpenApiDocument,
  type OperationEntry,
  type ResponseObject,
} from './openapi';
import { checkReply, type Reply } from './reply-checks';
import type { FuzzCase } from './fuzz-cases';
import type { SchemaSampler } from './sampler';

export type Assertion =
  | 'server error'
  | 'no reply'
  | 'undeclared status'
  | 'content type'
  | 'body schema'
  | 'header'
  | 'error body'
  | 'accepted a refused request'
  | 'stored on refusal'
  | 'mailed on refusal'
  | 'error schema requires nothing';

export interface FailedAssertion {
  assertion: Assertion;
  message: string;
}

function assertionOf(path: string): Assertion {
  if (path === 'status') return 'undeclared status';
  if (path === 'content type') return 'content type';
  if (path.startsWith('header ')) return 'header';
  return 'body schema';
}

/** Whether an error reply names its error: `responseStatus.errorCode` and `message`. */
function errorBodyProblem(reply: Reply): string | undefined {
  const contentType = reply.headers.get('content-type') ?? '';
  if (!/json/i.test(contentType)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(reply.text) as unknown;
  } catch {
    return undefined;
  }
  const status = isRecord(body) ? body.responseStatus : undefined;
  if (!isRecord(status)) return 'Error reply has no responseStatus';
  if (typeof status.errorCode !== 'string' || status.errorCode === '') {
    return 'Error reply has no responseStatus.errorCode';
  }
  if (typeof status.message !== 'string') return 'Error reply has no responseStatus.message';
  return undefined;
}

export function checkFuzzReply(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  fuzzCase: FuzzCase,
  reply: Reply,
): FailedAssertion[] {
  const failed: FailedAssertion[] = [];
  if (reply.status >= 500) {
    failed.push({ assertion: 'server error', message: `The server answered ${reply.status}` });
  }
  const violations = checkReply(document, sampler, fuzzCase.operation, reply);
  for (const violation of violations) {
    failed.push({ assertion: assertionOf(violation.path), message: violation.message });
  }
  // An undeclared status or a wrong content type says it already.
  const misdeclared = failed.some(
    ({ assertion }) => assertion === 'undeclared status' || assertion === 'content type',
  );
  if (reply.status >= 400 && !misdeclared) {
    const problem = errorBodyProblem(reply);
    if (problem !== undefined) failed.push({ assertion: 'error body', message: problem });
  }
  if (fuzzCase.mustRefuse && reply.status < 400) {
    failed.push({
      assertion: 'accepted a refused request',
      message: `The contract refuses this request, but the server answered ${reply.status}`,
    });
  }
  return failed;
}

/**
 * The JSON error replies (4xx and 5xx) whose schema accepts an error that names nothing,
 * `{"responseStatus": {}}`: by where the schema is declared, with the operations using it.
 */
export function errorSchemasRequiringNothing(
  document: OpenApiDocument,
  sampler: SchemaSampler,
  entries: OperationEntry[],
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const entry of entries) {
    for (const [status, reference] of Object.entries(entry.operation.responses ?? {})) {
      if (!/^[45]/.test(status)) continue;
      const located = follow(document, reference, [...entry.location, 'responses', status]);
      const response = located?.node as ResponseObject | undefined;
      const media = response?.content?.['application/json'];
      if (located === undefined || media?.schema === undefined) continue;
      const schemaPath: JsonPath = [...located.path, 'content', 'application/json', 'schema'];
      if (!sampler.accepts(schemaPath, { responseStatus: {} })) continue;
      const where = `#${toPointer(located.path)}`;
      found.set(where, [...(found.get(where) ?? []), `${entry.title} ${status}`]);
    }
  }
  return found;
}
