// contract:fuzz, without the printing: starts the real server in this process (./fuzz-server.ts),
// signs in an author and an administrator the way people do (a link mailed, then POST
// /v1/login), and sends every operation of the contract its requests (./fuzz-cases.ts) in the
// order the contract's links give, so that the records the examples create (links, collections,
// images, reports…) are there for the operations that read them. Each reply is checked
// (./fuzz-checks.ts); a refused request that changes something (a POST, PUT, PATCH or DELETE)
// must leave every table but those `tablesChangedByRefusals` names as they were and send no mail. Last, every
// read operation is asked once more, to catch a stored value that breaks the replies that read
// it. Failures are kept once per operation, request kind, status and assertion.
import { followLink } from './follow-link';
import { fuzzCases, type FuzzCase, type Identity } from './fuzz-cases';
import { checkFuzzReply, errorSchemasRequiringNothing, type Assertion } from './fuzz-checks';
import {
  administratorEmail,
  authorEmail,
  startFuzzServer,
  type FuzzServer,
  type WireReply,
} from './fuzz-server';
import { orderByLinks, readLinks, type Exchange, type LinkedRequest } from './links';
import {
  declaresSuccess,
  defaultContractPath,
  listOperations,
  loadContract,
  named,
  type OperationEntry,
} from './openapi';
import { SchemaSampler } from './sampler';

export const defaultFuzzSeed = 20_261_128;
export const defaultGeneratedCases = 6;

export interface FuzzOptions {
  contract?: string;
  seed?: number;
  /** Requests generated from the schemas per operation, besides examples and targeted ones. */
  generated?: number;
  /** Only these operations (operationId or `GET /path`). */
  only?: string[];
  /** Told of each operation as it starts. */
  progress?: (line: string) => void;
}

export interface FuzzFailure {
  /** `POST /v1/links`, or where in the contract a problem of the contract itself is. */
  operation: string;
  /** The request kind: `missing body`, `NUL in a string`… */
  kind: string;
  status: number;
  assertion: Assertion;
  message: string;
  /** The first request that failed so, and its reply; none for a problem of the contract. */
  request?: FuzzCase;
  reply?: { status: number; headers: Record<string, string>; text: string };
  /** How many requests failed so. */
  count: number;
}

export interface FuzzResult {
  seed: number;
  generated: number;
  operations: number;
  requests: number;
  /** Requests that could not be sent at all (a header Node refuses to send, say). */
  unsendable: number;
  failures: FuzzFailure[];
}

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sessionCookieName = 'ss-id';

/** Whether a reply ends the session it came with: its cookie set again, already expired. */
function endsSession(reply: WireReply): boolean {
  return reply.headers
    .getSetCookie()
    .some(
      (cookie) =>
        cookie.startsWith(`${sessionCookieName}=`) &&
        (/max-age=0/i.test(cookie) || /expires=thu, 01 jan 1970/i.test(cookie)),
    );
}

function replyBody(reply: WireReply): unknown {
  if (reply.text === '') return undefined;
  if (!/json/i.test(reply.headers.get('content-type') ?? '')) return reply.text;
  try {
    return JSON.parse(reply.text) as unknown;
  } catch {
    return undefined;
  }
}

/** The tables whose rows differ between two fingerprints. */
function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (table) => before.get(table) !== after.get(table),
  );
}

class Sessions {
  readonly cookies = new Map<Identity, string>();
  readonly userIds: string[] = [];
  private addresses = 0;

  constructor(private readonly server: FuzzServer) {}

  /** A client address of its own for each request, so per-address limits count cases apart. */
  nextAddress(): string {
    this.addresses += 1;
    const n = this.addresses;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  /** Signs in as people do: a sign-in link by e-mail, then its token to POST /v1/login. */
  async signIn(identity: Identity, email: string): Promise<void> {
    for (;;) {
      const asked = await this.server.send({
        server: 'api',
        method: 'POST',
        target: '/v1/signup/link',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
        remoteAddress: this.nextAddress(),
      });
      if (asked.status === 429) {
        // The address asked for too many links: wait as long as the server says.
        this.server.clock.advance(Number(asked.headers.get('retry-after') ?? 60) * 1000);
        continue;
      }
      const message = this.server.mail.findLast((sent) => sent.to === email);
      const token = message?.actionUrl.split('/login/')[1];
      if (asked.status !== 200 || token === undefined) {
        throw new Error(
          `Cannot sign in as ${email}: POST /v1/signup/link answered ${asked.status}`,
        );
      }
      const login = await this.server.send({
        server: 'api',
        method: 'POST',
        target: '/v1/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
        remoteAddress: this.nextAddress(),
      });
      const cookie = login.headers
        .getSetCookie()
        .find((value) => value.startsWith(`${sessionCookieName}=`))
        ?.split(';')[0];
      const body = replyBody(login) as { userId?: string } | undefined;
      if (login.status !== 200 || cookie === undefined || body?.userId === undefined) {
        throw new Error(`Cannot sign in as ${email}: POST /v1/login answered ${login.status}`);
      }
      this.cookies.set(identity, cookie);
      if (!this.userIds.includes(body.userId)) this.userIds.push(body.userId);
      return;
    }
  }
}

const emails: Partial<Record<Identity, string>> = {
  author: authorEmail,
  administrator: administratorEmail,
};

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzResult> {
  const document = loadContract(options.contract ?? defaultContractPath);
  const sampler = new SchemaSampler(document);
  const seed = options.seed ?? defaultFuzzSeed;
  const generated = options.generated ?? defaultGeneratedCases;
  const allEntries = listOperations(document);
  const only = options.only ?? [];
  const unknown = only.filter((name) => !allEntries.some((entry) => named(entry, name)));
  if (unknown.length > 0) throw new Error(`--only names no operation: ${unknown.join(', ')}`);
  const links = readLinks(document, allEntries);
  // Signing out is fuzzed last: the sessions it ends are signed in again, but the others need them.
  const isSignOut = (entry: OperationEntry) => /\/logout$/.test(entry.path);
  const callOrder = [
    ...orderByLinks(
      allEntries.filter((entry) => !isSignOut(entry)),
      links,
    ),
    ...allEntries.filter(isSignOut),
  ].filter((entry) => only.length === 0 || only.some((name) => named(entry, name)));

  const failures = new Map<string, FuzzFailure>();
  const fail = (failure: Omit<FuzzFailure, 'count'>) => {
    const key = [failure.operation, failure.kind, failure.status, failure.assertion].join('\n');
    const known = failures.get(key);
    if (known === undefined) failures.set(key, { ...failure, count: 1 });
    else known.count += 1;
  };
  for (const [where, users] of errorSchemasRequiringNothing(document, sampler, callOrder)) {
    fail({
      operation: where,
      kind: 'contract',
      status: 0,
      assertion: 'error schema requires nothing',
      message: `An error reply {"responseStatus": {}}, naming no errorCode or message, passes it (${users.length} responses use it, e.g. ${users.slice(0, 3).join(', ')})`,
    });
  }

  const server = await startFuzzServer();
  const sessions = new Sessions(server);
  let requests = 0;
  let unsendable = 0;
  try {
    await sessions.signIn('author', authorEmail);
    await sessions.signIn('administrator', administratorEmail);
    const exchanges: Exchange[] = [];

    const send = async (fuzzCase: FuzzCase): Promise<void> => {
      const entry = fuzzCase.operation;
      const sessionCookie = sessions.cookies.get(fuzzCase.identity);
      const ownCookie = fuzzCase.headers.cookie;
      const cookie = [ownCookie, sessionCookie].filter(Boolean).join('; ');
      const headers = { ...fuzzCase.headers, ...(cookie === '' ? {} : { cookie }) };
      const changesState = stateChangingMethods.has(fuzzCase.method);
      const before = changesState ? await server.fingerprint() : undefined;
      const mailBefore = server.mail.length;
      let reply: WireReply;
      try {
        reply = await server.send({
          server: entry.servers === undefined ? 'api' : 'short-link host',
          method: fuzzCase.method,
          target: fuzzCase.target,
          headers,
          ...(fuzzCase.body === undefined ? {} : { body: fuzzCase.body }),
          ...(fuzzCase.overSocket === true ? { overSocket: true } : {}),
          remoteAddress: sessions.nextAddress(),
        });
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        // Node refuses to send some requests at all (a header with a control character).
        if (code?.startsWith('ERR_INVALID') === true) {
          unsendable += 1;
          return;
        }
        if (fuzzCase.overSocket !== true) throw error;
        requests += 1;
        fail({
          operation: entry.title,
          kind: fuzzCase.kind,
          status: 0,
          assertion: 'no reply',
          message,
          request: { ...fuzzCase, headers },
        });
        return;
      }
      requests += 1;
      const report = (assertion: Assertion, message: string) => {
        fail({
          operation: entry.title,
          kind: fuzzCase.kind,
          status: reply.status,
          assertion,
          message,
          request: { ...fuzzCase, headers },
          reply: {
            status: reply.status,
            headers: Object.fromEntries(reply.headers),
            text: reply.text,
          },
        });
      };
      const failed = checkFuzzReply(document, sampler, fuzzCase, reply);
      for (const { assertion, message } of failed) report(assertion, message);
      if (before !== undefined && reply.status >= 400 && reply.status < 500) {
        const changed = changedTables(before, await server.fingerprint());
        if (changed.length > 0) {
          report('stored on refusal', `The refused request changed ${changed.join(', ')}`);
        }
      }
      if (changesState && reply.status >= 400 && server.mail.length > mailBefore) {
        const to = server.mail.slice(mailBefore).map((message) => message.to);
        report('mailed on refusal', `The refused request sent mail to ${to.join(', ')}`);
      }
      if (failed.length === 0 && declaresSuccess(entry, reply.status)) {
        exchanges.push({
          operation: entry,
          label: fuzzCase.detail,
          target: fuzzCase.target,
          requestHeaders: fuzzCase.headers,
          requestBody: fuzzCase.body === undefined ? undefined : safeParse(fuzzCase.body),
          status: reply.status,
          responseHeaders: reply.headers,
          responseBody: replyBody(reply),
        });
      }
      const email = emails[fuzzCase.identity];
      if (email !== undefined && endsSession(reply))
        await sessions.signIn(fuzzCase.identity, email);
    };

    for (const entry of callOrder) {
      options.progress?.(entry.title);
      const linked: LinkedRequest[] = [];
      for (const link of links.filter((candidate) => candidate.consumer === entry)) {
        const followed = await followLink(link, exchanges, {});
        if (followed !== undefined && typeof followed !== 'string') linked.push(followed);
      }
      const cases = fuzzCases(
        document,
        sampler,
        entry,
        { linked, userIds: sessions.userIds },
        { seed, generated },
      );
      for (const fuzzCase of cases) await send(fuzzCase);
    }

    // A value stored on the way must not break the replies that read it later.
    const reads = callOrder.filter((entry) => entry.method === 'get');
    for (const entry of reads) {
      const [documented] = fuzzCases(
        document,
        sampler,
        entry,
        { linked: [], userIds: sessions.userIds },
        { seed, generated: 0 },
      );
      if (documented !== undefined) await send({ ...documented, kind: 'read back at the end' });
    }
  } finally {
    await server.close();
  }
  return {
    seed,
    generated,
    operations: callOrder.length,
    requests,
    unsendable,
    failures: [...failures.values()],
  };
}

/** A request body as links read it: parsed JSON, else the text or the file's bytes as sent. */
function safeParse(text: string | Uint8Array): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
