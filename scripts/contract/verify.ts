// contract:verify, without the printing: sends every operation's requests through a Prism
// validating proxy in front of the backend and sorts out what Prism says about each reply.
import { requestCases, type RequestCase } from './requests';
import {
  defaultContractPath,
  listOperations,
  loadContract,
  type OpenApiDocument,
  type OperationEntry,
} from './openapi';
import { startPrismProxy, type PrismProxy } from './prism-proxy';
import { SchemaSampler } from './sampler';

export interface Violation {
  side: 'request' | 'response';
  severity: 'error' | 'warning';
  /** `$.results[0].createdAt`, `query take`, `status`, `content type`… */
  path: string;
  message: string;
}

export type Outcome =
  | { result: 'passed'; status: number }
  | { result: 'violation'; status: number | undefined; violations: Violation[] }
  | { result: 'unreachable'; detail: string };

export interface CaseResult {
  label: string;
  target: string;
  outcome: Outcome;
}

export interface OperationResult {
  operation: string;
  operationId?: string;
  result: 'passed' | 'violation' | 'unreachable' | 'skipped';
  statuses: number[];
  cases: CaseResult[];
  /** Why no request was sent, for a skipped operation. */
  skipped?: string;
}

export interface VerifyOptions {
  target: string;
  contract?: string;
  cookie?: string;
  samples?: number;
  seed?: number;
  /** Only these operations (operationId or `GET /path`). */
  only?: string[];
  timeoutMs?: number;
  port?: number;
  /** Called once every operation is done, before Prism stops (--run-e2e uses the proxy then). */
  afterOperations?: (proxy: PrismProxy, result: VerifyResult) => Promise<void>;
}

export interface VerifyResult {
  target: string;
  proxy: string;
  operations: OperationResult[];
  passed: boolean;
}

const prismErrors = 'https://stoplight.io/prism/errors#';

interface PrismViolation {
  location?: unknown;
  severity?: unknown;
  code?: unknown;
  message?: unknown;
}

interface Problem {
  type?: unknown;
  title?: unknown;
  detail?: unknown;
  validation?: unknown;
}

/**
 * Prism's location as a path a reader knows. Response locations start with `response`
 * (`['response', 'body', 'results', '0', 'createdAt']` → `$.results[0].createdAt`); request
 * locations start with the part (`['query']`, `['body', 'title']`).
 */
export function describeLocation(
  location: string[],
  message: string,
  code: unknown,
): Pick<Violation, 'side' | 'path'> {
  const side = location[0] === 'response' ? 'response' : 'request';
  const [part, ...rest] =
    location[0] === 'response' || location[0] === 'request' ? location.slice(1) : location;
  const missing =
    code === 'required' ? /required property '([^']+)'/.exec(message)?.[1] : undefined;
  if (missing !== undefined) rest.push(missing);
  if (part === 'body') {
    const path = rest
      .map((segment) =>
        /^\d+$/.test(segment)
          ? `[${segment}]`
          : /^[A-Za-z_$][\w$]*$/.test(segment)
            ? `.${segment}`
            : `[${JSON.stringify(segment)}]`,
      )
      .join('');
    return { side, path: `$${path}` };
  }
  if (part === undefined) {
    if (/status code/i.test(message)) return { side, path: 'status' };
    if (/media type|content type/i.test(message)) return { side, path: 'content type' };
    return { side, path: side };
  }
  return { side, path: [part === 'headers' ? 'header' : part, ...rest].join(' ') };
}

function violationsOf(list: unknown): Violation[] {
  if (!Array.isArray(list)) return [];
  return (list as PrismViolation[]).map((entry) => {
    const location = Array.isArray(entry.location) ? entry.location.map(String) : [];
    const message = typeof entry.message === 'string' ? entry.message : 'violates the contract';
    return {
      ...describeLocation(location, message, entry.code),
      severity: entry.severity === 'Error' ? 'error' : 'warning',
      message,
    };
  });
}

async function send(
  proxy: PrismProxy,
  requestCase: RequestCase,
  cookie: string,
  timeoutMs: number,
): Promise<Outcome> {
  const headers: Record<string, string> = {
    ...requestCase.headers,
    cookie,
    accept: 'application/json',
  };
  if (requestCase.body !== undefined) headers['content-type'] = 'application/json';
  const offset = proxy.log().length;
  let response: Response;
  try {
    response = await fetch(`${proxy.origin}${requestCase.target}`, {
      method: requestCase.operation.method.toUpperCase(),
      headers,
      ...(requestCase.body === undefined ? {} : { body: requestCase.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { result: 'unreachable', detail: `no reply through Prism: ${(error as Error).message}` };
  }
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/problem+json')) {
    let problem: Problem = {};
    try {
      problem = JSON.parse(text) as Problem;
    } catch {
      // The backend's own problem document that is not JSON: Prism reports it in sl-violations.
    }
    const type = typeof problem.type === 'string' ? problem.type : '';
    if (type === `${prismErrors}VIOLATIONS`) {
      return {
        result: 'violation',
        status: await proxy.upstreamStatusSince(offset),
        violations: violationsOf(problem.validation),
      };
    }
    if (type.startsWith(prismErrors)) {
      // Prism refused the request before forwarding it: the request contradicts the contract.
      const violations = violationsOf(problem.validation);
      return {
        result: 'violation',
        status: undefined,
        violations:
          violations.length > 0
            ? violations
            : [
                {
                  side: 'request',
                  severity: 'error',
                  path: 'request',
                  message: `${String(problem.title)} (${type.slice(prismErrors.length)})`,
                },
              ],
      };
    }
    if (
      type === 'FetchError' ||
      (response.status === 500 && (await proxy.upstreamStatusSince(offset)) === undefined)
    ) {
      return {
        result: 'unreachable',
        detail: typeof problem.title === 'string' ? problem.title : 'the backend did not answer',
      };
    }
  }
  const header = response.headers.get('sl-violations');
  if (header !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(header);
    } catch {
      parsed = [{ location: ['response'], severity: 'Warning', message: header }];
    }
    const violations = violationsOf(parsed);
    if (violations.length > 0) return { result: 'violation', status: response.status, violations };
  }
  return { result: 'passed', status: response.status };
}

function selected(entry: OperationEntry, only: string[] | undefined): boolean {
  if (only === undefined || only.length === 0) return true;
  return only.some(
    (name) => name === entry.operationId || name.toUpperCase() === entry.title.toUpperCase(),
  );
}

function summarize(entry: OperationEntry, cases: CaseResult[]): OperationResult {
  const outcomes = cases.map((item) => item.outcome);
  const statuses = [
    ...new Set(
      outcomes.flatMap((outcome) =>
        outcome.result !== 'unreachable' && outcome.status !== undefined ? [outcome.status] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  const result = outcomes.some((outcome) => outcome.result === 'violation')
    ? 'violation'
    : outcomes.some((outcome) => outcome.result === 'unreachable')
      ? 'unreachable'
      : 'passed';
  return {
    operation: entry.title,
    ...(entry.operationId === undefined ? {} : { operationId: entry.operationId }),
    result,
    statuses,
    cases,
  };
}

export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  const contractFile = options.contract ?? defaultContractPath;
  const document: OpenApiDocument = loadContract(contractFile);
  const sampler = new SchemaSampler(document);
  const cookie = options.cookie ?? 'ss-id=contract-verify';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const caseOptions = { samples: options.samples ?? 2, seed: options.seed ?? 20_260_601 };
  const entries = listOperations(document).filter((entry) => selected(entry, options.only));

  const proxy = await startPrismProxy({
    contract: contractFile,
    target: options.target,
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  const operations: OperationResult[] = [];
  try {
    for (const entry of entries) {
      let cases: RequestCase[];
      try {
        cases = requestCases(document, sampler, entry, caseOptions);
      } catch (error) {
        operations.push({
          operation: entry.title,
          ...(entry.operationId === undefined ? {} : { operationId: entry.operationId }),
          result: 'skipped',
          statuses: [],
          cases: [],
          skipped: (error as Error).message,
        });
        continue;
      }
      const results: CaseResult[] = [];
      for (const requestCase of cases) {
        results.push({
          label: requestCase.label,
          target: requestCase.target,
          outcome: await send(proxy, requestCase, cookie, timeoutMs),
        });
      }
      operations.push(summarize(entry, results));
    }
    const result: VerifyResult = {
      target: options.target,
      proxy: proxy.origin,
      operations,
      passed: operations.every(
        (operation) => operation.result === 'passed' || operation.result === 'skipped',
      ),
    };
    if (options.afterOperations !== undefined) await options.afterOperations(proxy, result);
    return result;
  } finally {
    await proxy.stop();
  }
}
