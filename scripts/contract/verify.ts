// contract:verify, without the printing: sends every operation's requests through a Prism
// validating proxy in front of the backend, which checks each reply (what it found is read by
// ./prism-verdict.ts). An operation on a server of its own (the short-link host) is sent straight
// to that server's target instead, without following redirects, and its replies are checked
// without Prism (./send-case.ts, ./reply-checks.ts); so is a request carrying a file (an image
// upload), whose bytes Prism would alter on the way, to the backend's target.
// An operation passes when every reply keeps the contract and at least one is a success reply the
// contract declares for it. The contract's links decide the order: an operation whose requests
// take values from another's replies is called after it, with those values.
import { followLink } from './follow-link';
import { orderByLinks, readLinks, type Exchange, type LinkedRequest } from './links';
import { requestCases, type RequestCase, type Session } from './requests';
import { carriesFile, requestInit, sendThroughPrism, sendToServer } from './send-case';
import {
  declaresSuccess,
  defaultContractPath,
  listOperations,
  loadContract,
  named,
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

/** What became of one request: its reply kept the contract, broke it, or never came. */
export type Outcome =
  | { result: 'conforming'; status: number }
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
  /** `unexercised`: no violation, but no request got a success reply the contract declares. */
  result: 'passed' | 'violation' | 'unreachable' | 'unexercised';
  statuses: number[];
  cases: CaseResult[];
  /** Why an unexercised operation got no success reply, or why no request was sent. */
  unexercised?: string;
  /** Listed with --allow-unexercised, so being unexercised does not fail the run. */
  allowed?: boolean;
}

export interface VerifyOptions {
  target: string;
  /** Targets for the servers operations name of their own: `https://shelf.to` → an origin. */
  serverTargets?: Record<string, string>;
  contract?: string;
  /** A signed-in author's session cookie, for operations whose security names a cookie scheme. */
  cookie?: string;
  /** An administrator's session cookie, for Administrator operations and impersonation. */
  adminCookie?: string;
  samples?: number;
  seed?: number;
  /** Only these operations (operationId or `GET /path`). */
  only?: string[];
  /** Operations (operationId or `GET /path`) that may end without a success reply. */
  allowUnexercised?: string[];
  /** The backend's outbox folder, for links whose values it e-mails (`x-mailed-link`). */
  outbox?: string;
  timeoutMs?: number;
  port?: number;
  /** Called once every operation is done, before Prism stops (--run-e2e uses the proxy then). */
  afterOperations?: (proxy: PrismProxy, result: VerifyResult) => Promise<void>;
}

export interface VerifyResult {
  target: string;
  serverTargets: Record<string, string>;
  proxy: string;
  operations: OperationResult[];
  /** Requests carrying a file, sent straight to `target` and checked by verify. */
  fileRequests: number;
  passed: boolean;
}

function identityOf(entry: OperationEntry): Pick<OperationResult, 'operation' | 'operationId'> {
  return {
    operation: entry.title,
    ...(entry.operationId === undefined ? {} : { operationId: entry.operationId }),
  };
}

/** `linksNotFollowed` says why links to the operation added no request, for an unexercised one. */
function summarize(
  entry: OperationEntry,
  cases: CaseResult[],
  linksNotFollowed: string[],
): OperationResult {
  const outcomes = cases.map((item) => item.outcome);
  const statuses = [
    ...new Set(
      outcomes.flatMap((outcome) =>
        outcome.result !== 'unreachable' && outcome.status !== undefined ? [outcome.status] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  const identity = identityOf(entry);
  if (outcomes.some((outcome) => outcome.result === 'violation')) {
    return { ...identity, result: 'violation', statuses, cases };
  }
  if (outcomes.some((outcome) => outcome.result === 'unreachable')) {
    return { ...identity, result: 'unreachable', statuses, cases };
  }
  const succeeded = outcomes.some(
    (outcome) => outcome.result === 'conforming' && declaresSuccess(entry, outcome.status),
  );
  if (succeeded) return { ...identity, result: 'passed', statuses, cases };
  return {
    ...identity,
    result: 'unexercised',
    statuses,
    cases,
    unexercised: [
      `no success reply (backend answered ${statuses.join(', ')})`,
      ...linksNotFollowed,
    ].join('; '),
  };
}

/** `https://shelf.to/` and `https://shelf.to` name the same server. */
function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Why an operation on servers of its own has no target, or the target its requests go to. */
function ownServerTarget(
  entry: OperationEntry,
  serverTargets: Record<string, string>,
): { origin: string } | { missing: string } {
  const servers = entry.servers ?? [];
  for (const server of servers) {
    const origin = serverTargets[withoutTrailingSlash(server)];
    if (origin !== undefined) return { origin };
  }
  return { missing: `no target for server ${servers.join(' or ')}` };
}

/** Whether an operation signs the session out: a path ending in `/logout`. */
function endsSession(entry: OperationEntry): boolean {
  return /\/logout$/.test(entry.path);
}

export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  const contractFile = options.contract ?? defaultContractPath;
  const document: OpenApiDocument = loadContract(contractFile);
  const sampler = new SchemaSampler(document);
  const authorCookie = options.cookie ?? 'ss-id=contract-verify';
  const cookies: Record<Session, string | undefined> = {
    none: undefined,
    author: authorCookie,
    administrator: options.adminCookie ?? authorCookie,
  };
  const timeoutMs = options.timeoutMs ?? 15_000;
  const caseOptions = {
    samples: options.samples ?? 2,
    seed: options.seed ?? 20_260_601,
    impersonate: options.adminCookie !== undefined,
  };
  const allEntries = listOperations(document);
  const allowUnexercised = options.allowUnexercised ?? [];
  const unknown = allowUnexercised.filter(
    (name) => !allEntries.some((entry) => named(entry, name)),
  );
  if (unknown.length > 0) {
    throw new Error(
      `--allow-unexercised names no operation of the contract: ${unknown.join(', ')}`,
    );
  }
  const serverTargets = Object.fromEntries(
    Object.entries(options.serverTargets ?? {}).map(([server, origin]) => [
      withoutTrailingSlash(server),
      withoutTrailingSlash(origin),
    ]),
  );
  const ownServers = new Set(
    allEntries.flatMap((entry) => (entry.servers ?? []).map(withoutTrailingSlash)),
  );
  const unknownServers = Object.keys(serverTargets).filter((server) => !ownServers.has(server));
  if (unknownServers.length > 0) {
    throw new Error(
      `--server-target names no server an operation of the contract has: ${unknownServers.join(', ')}`,
    );
  }
  const only = options.only ?? [];
  const entries = allEntries.filter(
    (entry) => only.length === 0 || only.some((name) => named(entry, name)),
  );
  const links = readLinks(document, allEntries).filter(
    (link) => entries.includes(link.producer) && entries.includes(link.consumer),
  );
  // Producers go before the consumers their links name; signing out ends the sessions the other
  // operations need, so it is called last. The report keeps the contract's order.
  const callOrder = [
    ...orderByLinks(
      entries.filter((entry) => !endsSession(entry)),
      links,
    ),
    ...entries.filter(endsSession),
  ];

  const proxy = await startPrismProxy({
    contract: contractFile,
    target: options.target,
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  const exchanges: Exchange[] = [];
  let fileRequests = 0;
  const followOptions = options.outbox === undefined ? {} : { outboxDir: options.outbox };
  const followLinksTo = async (entry: OperationEntry) => {
    const linkedRequests: LinkedRequest[] = [];
    const notFollowed: string[] = [];
    for (const link of links.filter((candidate) => candidate.consumer === entry)) {
      const followed = await followLink(link, exchanges, followOptions);
      if (typeof followed === 'string') notFollowed.push(followed);
      else if (followed !== undefined) linkedRequests.push(followed);
    }
    return { linkedRequests, notFollowed };
  };
  const exercise = async (entry: OperationEntry): Promise<OperationResult> => {
    const ownTarget =
      entry.servers === undefined ? undefined : ownServerTarget(entry, serverTargets);
    if (ownTarget !== undefined && 'missing' in ownTarget) {
      return {
        ...identityOf(entry),
        result: 'unexercised',
        statuses: [],
        cases: [],
        unexercised: ownTarget.missing,
      };
    }
    const { linkedRequests, notFollowed } = await followLinksTo(entry);
    let cases: RequestCase[];
    try {
      cases = requestCases(document, sampler, entry, caseOptions, linkedRequests);
    } catch (error) {
      return {
        ...identityOf(entry),
        result: 'unexercised',
        statuses: [],
        cases: [],
        unexercised: `no request could be built: ${(error as Error).message}`,
      };
    }
    const results: CaseResult[] = [];
    for (const requestCase of cases) {
      const init = requestInit(document, requestCase, cookies[requestCase.session], timeoutMs);
      const fileToBackend = ownTarget === undefined && carriesFile(requestCase);
      if (fileToBackend) fileRequests += 1;
      const directTo =
        ownTarget?.origin ?? (fileToBackend ? withoutTrailingSlash(options.target) : undefined);
      const { outcome, reply } =
        directTo === undefined
          ? await sendThroughPrism(proxy, requestCase, init)
          : await sendToServer(document, sampler, directTo, requestCase, init);
      results.push({ label: requestCase.label, target: requestCase.target, outcome });
      if (
        reply !== undefined &&
        outcome.result === 'conforming' &&
        declaresSuccess(entry, outcome.status)
      ) {
        exchanges.push({
          operation: entry,
          label: requestCase.label,
          target: requestCase.target,
          requestHeaders: requestCase.headers,
          requestBody: requestCase.body?.value,
          status: outcome.status,
          responseHeaders: reply.headers,
          responseBody: reply.body,
        });
      }
    }
    return summarize(entry, results, notFollowed);
  };
  const results = new Map<OperationEntry, OperationResult>();
  try {
    for (const entry of callOrder) {
      const operation = await exercise(entry);
      if (
        operation.result === 'unexercised' &&
        allowUnexercised.some((name) => named(entry, name))
      ) {
        operation.allowed = true;
      }
      results.set(entry, operation);
    }
    const operations = entries.flatMap((entry) => results.get(entry) ?? []);
    const result: VerifyResult = {
      target: options.target,
      serverTargets,
      proxy: proxy.origin,
      operations,
      fileRequests,
      passed: operations.every(
        (operation) =>
          operation.result === 'passed' ||
          (operation.result === 'unexercised' && operation.allowed === true),
      ),
    };
    if (options.afterOperations !== undefined) await options.afterOperations(proxy, result);
    return result;
  } finally {
    await proxy.stop();
  }
}
