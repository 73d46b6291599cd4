import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

import { freePort } from '../../scripts/support/free-port';
import { orderByLinks, readLinks } from '../../scripts/contract/links';
import { isRecord, listOperations, loadContract, nodeAt } from '../../scripts/contract/openapi';
import { checkReply } from '../../scripts/contract/reply-checks';
import { documentedRequestBody, encodeBody, requestCases } from '../../scripts/contract/requests';
import { SchemaSampler } from '../../scripts/contract/sampler';
import { describeLocation } from '../../scripts/contract/prism-verdict';
import { requestInit } from '../../scripts/contract/send-case';
import type { VerifyResult } from '../../scripts/contract/verify';
import {
  startBrokenBackend,
  startConformingBackend,
  startErrorOnlyBackend,
  startMalformedJsonBackend,
  startPartlyImplementedBackend,
  type RunningBackend,
} from './fixtures/backends';
import { startNotesBackend } from './fixtures/notes-backend';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(repositoryRoot, 'node_modules/.bin/tsx');
const contract = loadContract(join(repositoryRoot, 'openapi/openapi.yaml'));
const operations = listOperations(contract);
const operationTitles = operations.map((entry) => entry.title);
/** Operations whose only security requirement is none: no session cookie. */
const publicOperations = operations
  .filter((entry) =>
    entry.operation.security?.every((requirement) => Object.keys(requirement).length === 0),
  )
  .map((entry) => entry.title);
const impersonatingOperations = operations
  .filter((entry) => entry.parameters.some(({ parameter }) => parameter.name === 'X-Impersonate'))
  .map((entry) => entry.title);
/** The short-link host's operations: their paths name a server of their own. */
const shortLinkServer = 'https://shelf.to';
const shortLinkOperations = operations
  .filter((entry) => entry.servers?.includes(shortLinkServer) === true)
  .map((entry) => entry.title);
/** Sends the short-link host's operations to `origin`. */
function shortLinksAt(origin: string): string[] {
  return ['--server-target', `${shortLinkServer}=${origin}`];
}
const links = readLinks(contract, operations);
/** The requests links add to an operation when every producer succeeds and no mail is read. */
function linkedRequestsTo(title: string, { impersonate }: { impersonate: boolean }): number {
  return links.filter(
    (link) =>
      link.consumer.title === title &&
      link.mailedLink === undefined &&
      (impersonate || !link.parameters.some(({ parameter }) => parameter.name === 'X-Impersonate')),
  ).length;
}
/** One request per request body example, or one from the parameters' examples. */
function documentedRequestsTo(title: string): number {
  const entry = operations.find((operation) => operation.title === title);
  if (entry === undefined) throw new Error(`No operation ${title}`);
  return Math.max(documentedRequestBody(contract, entry).examples.length, 1);
}
const notesContract = fileURLToPath(new URL('fixtures/linked-notes.yaml', import.meta.url));
/** The upload's request body example: the file its `externalValue` names beside the contract. */
const coverPng = readFileSync(join(repositoryRoot, 'openapi/examples/cover.png'));
/** A WebP cover, whose bytes are not UTF-8 text. */
const coverWebp = readFileSync(new URL('fixtures/cover.webp', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'contract-verify-test-'));
const backends: Pick<RunningBackend, 'stop'>[] = [];

afterAll(async () => {
  await Promise.all(backends.map((backend) => backend.stop()));
  rmSync(workDir, { recursive: true, force: true });
});

interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Undefined when verify could not run. */
  result: VerifyResult | undefined;
}

/**
 * Runs the real contract:verify against a backend. The runs go side by side, each with its Prism,
 * so a request may wait well past the 15 s a lone run allows before the backend counts as
 * unreachable.
 */
function verify(target: string, name: string, args: string[] = []): Promise<Run> {
  const json = join(workDir, `${name}.json`);
  return new Promise((resolveRun) => {
    execFile(
      tsx,
      [
        ...['scripts/contract-verify.ts', '--target', target, '--json', json],
        ...['--timeout-ms', '60000', ...args],
      ],
      { cwd: repositoryRoot, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolveRun({
          exitCode,
          stdout,
          stderr,
          result: existsSync(json)
            ? (JSON.parse(readFileSync(json, 'utf8')) as VerifyResult)
            : undefined,
        });
      },
    );
  });
}

function row(stdout: string, operation: string): string {
  return stdout.split('\n').find((line) => line.startsWith(`${operation} `)) ?? '';
}

function resultsOf(result: VerifyResult | undefined): [string, string][] {
  return (result?.operations ?? []).map(({ operation, result: outcome }) => [operation, outcome]);
}

function violationsOf(result: VerifyResult | undefined, title: string) {
  return result?.operations
    .find((operation) => operation.operation === title)
    ?.cases.flatMap((item) => (item.outcome.result === 'violation' ? item.outcome.violations : []));
}

// Each run starts Prism and sends every operation's requests through it: on a busy machine,
// with the other runs alongside, that can take longer than the project's default timeout.
describe.concurrent('contract:verify', { timeout: 180_000 }, () => {
  test('passes a backend that answers with the contract’s examples', async () => {
    const [backend, shortLinkHost] = await Promise.all([
      startConformingBackend(),
      startConformingBackend(),
    ]);
    backends.push(backend, shortLinkHost);
    const { exitCode, stdout, result } = await verify(
      backend.origin,
      'conforming',
      shortLinksAt(shortLinkHost.origin),
    );

    expect(exitCode).toBe(0);
    expect(resultsOf(result)).toEqual(operationTitles.map((title) => [title, 'passed']));
    // The short-link host's operations go to their own server's target, and only they do.
    const received = [...backend.received, ...shortLinkHost.received];
    expect(new Set(shortLinkHost.received.map((request) => request.operation))).toEqual(
      new Set(shortLinkOperations),
    );
    for (const title of operationTitles) {
      // The documented requests, two generated ones, and one per link to it.
      const requests =
        documentedRequestsTo(title) + 2 + linkedRequestsTo(title, { impersonate: false });
      expect(row(stdout, title)).toMatch(new RegExp(`\\s${requests}\\s+\\d{3}\\s+passed$`));
      expect(received.filter((request) => request.operation === title)).toHaveLength(requests);
    }
    expect(stdout).toContain(
      `Server ${shortLinkServer}: ${shortLinkHost.origin}, checked by verify (redirects not followed)`,
    );
    // The page (gzipped, as fetch accepts) and the redirect (not followed: it leads off the
    // machine) are the replies checked; a store is chosen with a form, as its page sends it.
    expect(row(stdout, 'GET /{code}')).toMatch(/\s200\s+passed$/);
    expect(row(stdout, 'POST /{code}')).toMatch(/\s303\s+passed$/);
    expect(shortLinkHost.received).toContainEqual(
      expect.objectContaining({
        operation: 'POST /{code}',
        contentType: 'application/x-www-form-urlencoded',
        body: 'store=amazon&remember=1',
      }),
    );
    // A file goes to the backend as its bytes, with its media type: never through Prism, which
    // would forward it as text. Its reply, the created image, is checked by verify.
    const uploads = backend.received.filter(
      (request) => request.operation === 'POST /v2/images/uploads',
    );
    expect(uploads.length).toBeGreaterThan(0);
    for (const upload of uploads) {
      expect(upload.contentType).toBe('image/png');
      expect(upload.bytes.equals(coverPng)).toBe(true);
    }
    expect(stdout).toContain(
      `Requests carrying a file (${uploads.length}): straight to ${backend.origin}, checked by verify`,
    );
    expect(row(stdout, 'GET /v2/images/{id}/file')).toMatch(/\s200\s+passed$/);
    const cookiesOf = (titles: string[]) =>
      new Set(
        received
          .filter((request) => titles.includes(request.operation ?? ''))
          .map((request) => request.cookie),
      );
    expect(cookiesOf(publicOperations)).toEqual(new Set([undefined]));
    expect(cookiesOf(operationTitles.filter((title) => !publicOperations.includes(title)))).toEqual(
      new Set(['ss-id=contract-verify']),
    );
    expect(backend.received.filter((request) => request.impersonate !== undefined)).toEqual([]);
    expect(stdout).toContain(
      `${operationTitles.length} operations: ${operationTitles.length} passed`,
    );
    expect(stdout).toContain('Result: passed');
  });

  test('names each of the ways a backend breaks the contract, on the short-link host too', async () => {
    const backend = await startBrokenBackend();
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(
      backend.origin,
      'broken',
      shortLinksAt(backend.origin),
    );

    expect(exitCode).toBe(1);
    expect(resultsOf(result).filter(([, outcome]) => outcome !== 'passed')).toEqual([
      ['GET /v1/links/list', 'violation'],
      ['GET /v1/links/count', 'violation'],
      ['GET /v2/account', 'violation'],
      ['POST /{code}', 'violation'],
      ['GET /c/{alias}', 'violation'],
    ]);
    expect(violationsOf(result, 'GET /v1/links/count')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.count',
      message: 'Response body property count must be integer',
    });
    expect(violationsOf(result, 'GET /v2/account')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.email',
      message: "Response body must have required property 'email'",
    });
    expect(violationsOf(result, 'GET /v1/links/list')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: '$.results[0].createdAt',
      message: 'Response body property results.0.createdAt must match format "date-time"',
    });

    expect(row(stdout, 'GET /v1/links/count')).toMatch(/violation: response \$\.count$/);
    expect(row(stdout, 'GET /v2/account')).toMatch(/violation: response \$\.email$/);
    expect(row(stdout, 'GET /v1/links/list')).toMatch(
      /violation: response \$\.results\[0\]\.createdAt$/,
    );
    expect(violationsOf(result, 'POST /{code}')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: 'header Location',
      message: 'Response header Location must match format "uri"',
    });
    expect(violationsOf(result, 'GET /c/{alias}')).toContainEqual({
      side: 'response',
      severity: 'error',
      path: 'content type',
      message: 'Response content type application/json is not text/html',
    });
    expect(row(stdout, 'POST /{code}')).toMatch(/violation: response header Location$/);
    expect(row(stdout, 'GET /c/{alias}')).toMatch(/violation: response content type$/);
    expect(stdout).toContain('(backend answered 200)');
    expect(stdout).toContain('(backend answered 303)');
    expect(stdout).toContain(
      `${operationTitles.length} operations: ${operationTitles.length - 5} passed, 5 with violations`,
    );
    expect(stdout).toContain('Result: FAILED');
  });

  test('reports a backend that does not answer as unreachable and fails', async () => {
    const closedPort = await freePort();
    const { exitCode, stdout, result } = await verify(`http://127.0.0.1:${closedPort}`, 'down', [
      '--only',
      'countLinks,GET /v2/account',
    ]);
    expect(exitCode).toBe(1);
    expect(resultsOf(result)).toEqual([
      ['GET /v1/links/count', 'unreachable'],
      ['GET /v2/account', 'unreachable'],
    ]);
    expect(row(stdout, 'GET /v1/links/count')).toContain('unreachable: ');
  });

  test.for([401, 500])(
    'fails a backend that answers every request with its documented %i, naming every operation as not exercised',
    // Without --server-target, the short-link host's operations are not sent at all.
    async (status) => {
      const backend = await startErrorOnlyBackend(status);
      backends.push(backend);
      const { exitCode, stdout, result } = await verify(backend.origin, `always-${status}`, [
        '--samples',
        '0',
      ]);

      expect(exitCode).toBe(1);
      expect(resultsOf(result)).toEqual(operationTitles.map((title) => [title, 'unexercised']));
      for (const title of operationTitles) {
        expect(row(stdout, title)).toMatch(
          shortLinkOperations.includes(title)
            ? /not exercised: no target for server https:\/\/shelf\.to$/
            : new RegExp(`not exercised: no success reply \\(backend answered ${status}\\)$`),
        );
      }
      expect(
        backend.received.filter((request) => shortLinkOperations.includes(request.operation ?? '')),
      ).toEqual([]);
      expect(stdout).toContain(
        `--allow-unexercised ${operations.map((entry) => entry.operationId).join(',')}\n`,
      );
      expect(stdout).toContain(
        `${operationTitles.length} operations: 0 passed, 0 with violations, 0 unreachable, ${operationTitles.length} not exercised (0 allowed)`,
      );
      expect(stdout).toContain('Result: FAILED');
    },
  );

  test('fails a backend that answers 404 for the half of the operations it does not implement', async () => {
    const unimplemented = operationTitles.filter((_title, index) => index % 2 === 1);
    const backend = await startPartlyImplementedBackend(unimplemented);
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'half-implemented', [
      ...['--samples', '0'],
      ...shortLinksAt(backend.origin),
    ]);

    expect(exitCode).toBe(1);
    // Where the contract declares 404 the reply keeps it, yet the operation never succeeded;
    // elsewhere the 404 itself breaks the contract.
    const expected = operations.map((entry) => [
      entry.title,
      !unimplemented.includes(entry.title)
        ? 'passed'
        : entry.operation.responses?.['404'] === undefined
          ? 'violation'
          : 'unexercised',
    ]);
    expect(resultsOf(result)).toEqual(expected);
    expect(expected.filter(([, outcome]) => outcome === 'unexercised').length).toBeGreaterThan(2);
    for (const title of unimplemented) {
      expect(row(stdout, title)).toMatch(
        /(not exercised: no success reply \(backend answered 404\)(; .*)?|violation: response status)$/,
      );
    }
    expect(stdout).toContain('Result: FAILED');
  });

  test('reports a reply that is not JSON as a violation of its operation, not as unreachable', async () => {
    const malformed = ['GET /v1/links/count', 'GET /v2/account'];
    const backend = await startMalformedJsonBackend(malformed);
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'malformed-json', [
      ...['--samples', '0'],
      ...shortLinksAt(backend.origin),
    ]);

    expect(exitCode).toBe(1);
    expect(resultsOf(result).filter(([, outcome]) => outcome !== 'passed')).toEqual(
      malformed.map((title) => [title, 'violation']),
    );
    for (const title of malformed) {
      expect(violationsOf(result, title)).toContainEqual({
        side: 'response',
        severity: 'error',
        path: '$',
        message: expect.stringMatching(/^Response body is not valid JSON: /) as unknown,
      });
      expect(row(stdout, title)).toMatch(/\s200\s+violation: response \$$/);
    }
    expect(stdout).toContain('(backend answered 200)');
    expect(stdout).toContain('Result: FAILED');
  });

  test('accepts an operation without a success reply only when --allow-unexercised lists it', async () => {
    const backend = await startErrorOnlyBackend(401);
    backends.push(backend);
    const only = ['--samples', '0', '--only', 'countLinks,getAccount'];
    const [one, both, misspelt] = await Promise.all([
      verify(backend.origin, 'allow-one', [...only, '--allow-unexercised', 'countLinks']),
      verify(backend.origin, 'allow-both', [
        ...only,
        '--allow-unexercised',
        'countLinks',
        '--allow-unexercised',
        'GET /v2/account',
      ]),
      verify(backend.origin, 'allow-misspelt', [
        ...only,
        '--allow-unexercised',
        'countLinks,getAcount',
      ]),
    ]);

    expect(one.exitCode).toBe(1);
    expect(row(one.stdout, 'GET /v1/links/count')).toMatch(/not exercised \(allowed\): /);
    expect(row(one.stdout, 'GET /v2/account')).toMatch(/not exercised: /);
    expect(one.stdout).toContain('--allow-unexercised getAccount\n');
    expect(one.stdout).toContain('2 not exercised (1 allowed)');

    expect(both.exitCode).toBe(0);
    expect(both.result?.operations.map((operation) => operation.allowed)).toEqual([true, true]);
    expect(both.stdout).toContain(
      '2 operations: 0 passed, 0 with violations, 0 unreachable, 2 not exercised (2 allowed)',
    );
    expect(both.stdout).toContain('Result: passed');

    expect(misspelt.exitCode).toBe(2);
    expect(misspelt.stderr).toContain(
      '--allow-unexercised names no operation of the contract: getAcount',
    );
  });

  test('leaves the short-link host’s operations unexercised without a target, and refuses a target for a server the contract lacks', async () => {
    const closedPort = `http://127.0.0.1:${await freePort()}`;
    const only = ['--samples', '0', '--only', 'followShortLink,openCollectionPage'];
    const [allowed, unknownServer] = await Promise.all([
      verify(closedPort, 'short-links-allowed', [
        ...only,
        ...['--allow-unexercised', 'followShortLink,openCollectionPage'],
      ]),
      verify(closedPort, 'short-links-unknown-server', [
        ...only,
        ...['--server-target', `https://shelf.example=${closedPort}`],
      ]),
    ]);

    expect(allowed.exitCode).toBe(0);
    for (const title of ['GET /{code}', 'GET /c/{alias}']) {
      expect(row(allowed.stdout, title)).toMatch(
        /\s0\s+-\s+not exercised \(allowed\): no target for server https:\/\/shelf\.to$/,
      );
    }

    expect(unknownServer.exitCode).toBe(2);
    expect(unknownServer.stderr).toContain(
      '--server-target names no server an operation of the contract has: https://shelf.example',
    );
  });

  test('sends the author’s session, the administrator’s to Administrator operations, and impersonates as the administrator', async () => {
    const backend = await startConformingBackend();
    backends.push(backend);
    const { exitCode, result } = await verify(backend.origin, 'sessions', [
      ...shortLinksAt(backend.origin),
      '--samples',
      '0',
      '--cookie',
      'ss-id=author-session',
      '--admin-cookie',
      'ss-id=admin-session',
    ]);

    expect(exitCode).toBe(0);
    expect(resultsOf(result)).toEqual(operationTitles.map((title) => [title, 'passed']));
    const sessionsOf = (title: string) => [
      ...new Set(
        backend.received
          .filter((request) => request.operation === title && request.impersonate === undefined)
          .map((request) => request.cookie),
      ),
    ];
    expect(sessionsOf('GET /v1/admin/account')).toEqual(['ss-id=admin-session']);
    expect(sessionsOf('GET /v1/links/count')).toEqual(['ss-id=author-session']);
    expect(sessionsOf('POST /auth')).toEqual(['ss-id=author-session']);
    expect(sessionsOf('POST /v1/login')).toEqual([undefined]);

    // Signing out would end the session the other operations need, so it comes last.
    expect(backend.received.at(-1)?.operation).toBe('POST /auth/logout');

    // One request per operation that takes X-Impersonate, and the administrator acting as the
    // account GET /v1/admin/account found (its example is user 10482 too).
    const impersonating = backend.received.filter((request) => request.impersonate !== undefined);
    expect(impersonating.map((request) => request.operation).sort()).toEqual(
      [...impersonatingOperations, 'GET /auth/session'].sort(),
    );
    for (const request of impersonating) {
      expect(request).toMatchObject({ impersonate: '10482', cookie: 'ss-id=admin-session' });
    }
  });
});

describe.concurrent('contract:verify follows the contract’s links', { timeout: 180_000 }, () => {
  test('calls producers first, sends their consumers the values their replies hold, deletes last and reads mailed tokens from the outbox', async () => {
    const backend = await startNotesBackend(join(workDir, 'notes-outbox'));
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'notes', [
      ...['--contract', notesContract, '--samples', '0', '--outbox', backend.outboxDir],
    ]);

    expect(exitCode).toBe(0);
    expect(resultsOf(result).map(([, outcome]) => outcome)).toEqual(Array(7).fill('passed'));
    expect(stdout).toContain('7 operations: 7 passed');
    // Contract order puts every consumer before its producer; the calls go the other way, and
    // the note is deleted only after everything else that reads it.
    expect(
      backend.received.map(({ request }) => request.replace(/\/notes\/[^/]+/, '/notes/{id}')),
    ).toEqual([
      'POST /notes',
      'POST /notes',
      'GET /notes/{id}',
      'GET /notes/{id}',
      'PUT /notes/{id}',
      'PUT /notes/{id}',
      'GET /notes/{id}/text',
      'GET /notes/{id}/text',
      'DELETE /notes/{id}',
      'DELETE /notes/{id}',
      'POST /invitations',
      'POST /invitations/accept',
      'POST /invitations/accept',
    ]);
    const linked = result?.operations.flatMap((operation) =>
      operation.cases
        .filter((item) => item.label.startsWith('link '))
        .map((item) => [item.label, item.target, item.outcome]),
    );
    expect(linked).toEqual([
      ['link getNote from POST /notes', '/notes/n1', { result: 'conforming', status: 200 }],
      ['link renameNote from POST /notes', '/notes/n1', { result: 'conforming', status: 200 }],
      ['link deleteNote from POST /notes', '/notes/n1', { result: 'conforming', status: 204 }],
      [
        'link acceptInvitation from POST /invitations',
        '/invitations/accept',
        { result: 'conforming', status: 200 },
      ],
      // Its link follows from the reply to the `groceries` example only: the second note.
      [
        'link readNoteText from POST /notes',
        '/notes/n2/text',
        { result: 'conforming', status: 200 },
      ],
    ]);
    // A runtime expression inside a string, and the token the invitation e-mail carried.
    expect(backend.received).toContainEqual({
      request: 'PUT /notes/n1',
      body: { title: 'Shopping (renamed)' },
    });
    const accepted = backend.received.filter(
      ({ request }) => request === 'POST /invitations/accept',
    );
    expect(accepted.map(({ body }) => body)).toEqual([
      { token: 'inv_0000000000' },
      { token: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown },
    ]);
  });

  test('without the outbox, names the link it could not follow and what it needs', async () => {
    const backend = await startNotesBackend(join(workDir, 'notes-outbox-unread'));
    backends.push(backend);
    const { exitCode, stdout, result } = await verify(backend.origin, 'notes-without-outbox', [
      ...['--contract', notesContract, '--samples', '0'],
    ]);

    expect(exitCode).toBe(1);
    expect(resultsOf(result).filter(([, outcome]) => outcome !== 'passed')).toEqual([
      ['POST /invitations/accept', 'unexercised'],
    ]);
    expect(row(stdout, 'POST /invitations/accept')).toMatch(
      /not exercised: no success reply \(backend answered 404\); link acceptInvitation from POST \/invitations not followed: its values are e-mailed to friend@example\.com; give verify the backend's outbox folder \(--outbox\)$/,
    );
  });
});

describe('the contract’s links', () => {
  test('name operations and parameters of the contract, with runtime expressions verify reads', () => {
    const pairs = links.map(
      (link) => `${link.producer.operationId} → ${link.consumer.operationId}`,
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        'sendSignInLink → login',
        'sendSignInLink → previewSignInLink',
        'previewSignInLink → login',
        'signup → claimPendingLink',
        'createLink → getLinkReport',
        'createLink → updateLink',
        'createCollection → deleteCollection',
        'createImage → getImage',
        'createAffiliateToken → deleteAffiliateToken',
        'getPartnerTerms → enrolPartner',
        'createLink → followShortLink',
        'createLink → chooseStore',
        'createCollection → getCollectionReport',
        'createCollection → openCollectionPage',
        'createCollection → chooseCollectionStore',
        'createLink → listReaderDestinations',
        'createLink → deleteLink',
      ]),
    );
    // Only a link made with `allStores: true` has a page to choose a store on.
    expect(
      links
        .filter((link) => link.producerRequest !== undefined)
        .map((link) => [link.name, link.producerRequest]),
    ).toEqual([
      ['followLinkToOneStore', 'link createLink'],
      ['chooseStore', 'example allStoresLink'],
      ['createAllStoresCollection', 'example allStoresLink'],
      ['openCollectionPageById', 'link createCollection'],
      ['chooseCollectionStore', 'link createAllStoresCollection'],
      ['confirmEmailChange', 'example newAddress'],
    ]);
    expect(links.filter((link) => link.mailedLink !== undefined).map((link) => link.name)).toEqual([
      'login',
      'claimPendingLink',
      'previewSignInLink',
      'login',
      'confirmEmailChange',
    ]);
  });

  test('order the calls: producers first, deletes after everything that uses what they delete, else contract order', () => {
    const order = orderByLinks(operations, links).map((entry) => entry.operationId ?? '');
    const before = (first: string, second: string) => {
      expect(order.indexOf(first), `${first} before ${second}`).toBeLessThan(order.indexOf(second));
    };
    before('getProductMetadataByIsbn', 'createLink');
    before('createLink', 'createCollection');
    before('createLink', 'chooseStore');
    before('createCollection', 'getCollection');
    before('createCollection', 'chooseCollectionStore');
    before('openCollectionPage', 'deleteCollection');
    before('chooseCollectionStore', 'deleteCollection');
    before('updateCollection', 'deleteCollection');
    before('updateAffiliateToken', 'deleteAffiliateToken');
    // A collection made of the new link is chosen from before the link goes.
    before('listReaderDestinations', 'deleteLink');
    before('chooseCollectionStore', 'deleteLink');
    before('createUnclaimedLink', 'signup');
    before('signup', 'claimPendingLink');
    before('authenticate', 'logout');
    expect(order.toSorted()).toEqual(operations.map((entry) => entry.operationId).toSorted());
  });

  test('that name what the contract lacks stop verify before it sends anything', () => {
    const broken = loadContract(notesContract);
    const invitation = nodeAt(broken, ['paths', '/invitations', 'post', 'responses', '200']);
    if (!isRecord(invitation)) throw new Error('The notes contract has no POST /invitations 200');
    invitation.links = {
      unknownOperation: { operationId: 'archiveNote' },
      unknownParameter: { operationId: 'getNote', parameters: { noteId: '$response.body#/id' } },
      badExpression: { operationId: 'getNote', parameters: { id: '$response.id' } },
      unknownRequest: {
        operationId: 'getNote',
        'x-producer-request': 'example enemy',
        parameters: { id: '$response.body#/id' },
      },
    };
    const notes = listOperations(broken);
    expect(() => readLinks(broken, notes)).toThrow(
      [
        'Links of the contract:',
        '  POST /invitations 200 link unknownOperation: no operation has the operationId archiveNote',
        '  POST /invitations 200 link unknownParameter: GET /notes/{id} has no parameter noteId',
        '  POST /invitations 200 link badExpression: $response.id is not a runtime expression',
        '  POST /invitations 200 link unknownRequest: x-producer-request "example enemy" names neither a request body example of POST /invitations ("example <name>") nor a link to it ("link <name>")',
      ].join('\n'),
    );
  });
});

describe('contract:verify requests', () => {
  test('are built from the examples, then generated values the contract accepts', () => {
    const sampler = new SchemaSampler(contract);
    for (const entry of listOperations(contract)) {
      const cases = requestCases(contract, sampler, entry, {
        samples: 2,
        seed: 7,
        impersonate: false,
      });
      expect(cases.length, entry.title).toBeGreaterThanOrEqual(2);
      expect(cases.at(-1)?.label, entry.title).toBe('generated 2');
      expect(
        cases.every((item) => item.target.startsWith(entry.path.split('{')[0] ?? '')),
        entry.title,
      ).toBe(true);
    }
    const collections = listOperations(contract).find(
      (entry) => entry.title === 'POST /v2/collections',
    );
    if (collections === undefined) throw new Error('No POST /v2/collections');
    const [example, ...generated] = requestCases(contract, sampler, collections, {
      samples: 3,
      seed: 7,
      impersonate: false,
    });
    expect(example?.label).toBe('example series');
    expect(example?.body).toMatchObject({
      mediaType: 'application/json',
      value: { title: 'The Orchard Trilogy' },
    });
    const bodySchema = ['components', 'schemas', 'CreateCollectionRequest'];
    for (const item of generated) {
      expect(sampler.accepts(bodySchema, item.body?.value), JSON.stringify(item.body)).toBe(true);
    }
  });

  test('are generated from a pattern whatever lengths the schema adds to it', () => {
    const keys = new SchemaSampler({
      ...contract,
      components: {
        schemas: {
          LongKey: { type: 'string', pattern: '^[A-Za-z0-9_-]+$', minLength: 40, maxLength: 64 },
          BoundedKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{40,64}$' },
        },
      },
    });

    const unbounded = keys.sample(['components', 'schemas', 'LongKey'], 5, 7);
    const bounded = keys.sample(['components', 'schemas', 'BoundedKey'], 5, 7);

    expect(unbounded.every((key) => keys.accepts(['components', 'schemas', 'LongKey'], key))).toBe(
      true,
    );
    expect(bounded).toHaveLength(5);
  });

  test('send a form where the operation takes one, as a page’s form sends it', () => {
    const sampler = new SchemaSampler(contract);
    const chooseStore = operations.find((entry) => entry.operationId === 'chooseStore');
    if (chooseStore === undefined) throw new Error('No chooseStore');
    const cases = requestCases(contract, sampler, chooseStore, {
      samples: 2,
      seed: 7,
      impersonate: false,
    });
    expect(cases.map((item) => item.body?.mediaType)).toEqual(
      Array(3).fill('application/x-www-form-urlencoded'),
    );
    const [example] = cases;
    expect(example?.label).toBe('example rememberedAmazon');
    expect(example?.body && encodeBody(example.body)).toBe('store=amazon&remember=1');
    expect(
      encodeBody({ mediaType: 'application/x-www-form-urlencoded', value: { ids: ['a b', 2] } }),
    ).toBe('ids=a+b&ids=2');
  });

  test('carry the session each operation’s security needs, and impersonate as an administrator', () => {
    const sampler = new SchemaSampler(contract);
    const casesOf = (operationId: string) => {
      const entry = operations.find((operation) => operation.operationId === operationId);
      if (entry === undefined) throw new Error(`No operation ${operationId}`);
      return requestCases(contract, sampler, entry, { samples: 1, seed: 7, impersonate: true });
    };
    const sessionsOf = (operationId: string) =>
      casesOf(operationId).map(({ label, session }) => [label, session]);

    expect(sessionsOf('login')).toEqual([
      ['example signInToken', 'none'],
      ['generated 1', 'none'],
    ]);
    expect(sessionsOf('authenticate')).toEqual([
      ['parameter examples', 'author'],
      ['generated 1', 'author'],
    ]);
    expect(sessionsOf('countLinks')).toEqual([
      ['parameter examples', 'author'],
      ['impersonating 10482', 'administrator'],
      ['generated 1', 'author'],
    ]);
    expect(sessionsOf('lookUpAccount').map(([, session]) => session)).toEqual([
      'administrator',
      'administrator',
      'administrator',
    ]);
    const [documented, impersonating] = casesOf('countLinks');
    expect(impersonating).toMatchObject({
      target: documented?.target,
      headers: { ...documented?.headers, 'X-Impersonate': '10482' },
    });
  });

  test('send a file example’s bytes with its media type, in generated requests too', () => {
    const sampler = new SchemaSampler(contract);
    const upload = operations.find((entry) => entry.operationId === 'uploadImage');
    if (upload === undefined) throw new Error('No uploadImage');

    const cases = requestCases(contract, sampler, upload, {
      samples: 2,
      seed: 7,
      impersonate: false,
    });

    expect(cases.map((item) => item.label)).toEqual([
      'example cover',
      'generated 1',
      'generated 2',
    ]);
    for (const item of cases) {
      expect(item.body?.mediaType, item.label).toBe('image/png');
      const encoded = item.body && encodeBody(item.body);
      expect(encoded instanceof Uint8Array && Buffer.from(encoded).equals(coverPng)).toBe(true);
    }
    const [example] = cases;
    if (example === undefined) throw new Error('No example request');
    const init = requestInit(contract, example, 'ss-id=author', 1000);
    expect(init.headers).toMatchObject({ 'content-type': 'image/png' });
    expect(init.body instanceof Uint8Array && Buffer.from(init.body).equals(coverPng)).toBe(true);
  });

  test('judge a reply that is not JSON by its media type and status, and a 304 without Location or body', () => {
    const sampler = new SchemaSampler(contract);
    const imageFile = operations.find((entry) => entry.operationId === 'getImageFile');
    if (imageFile === undefined) throw new Error('No getImageFile');
    const cached = {
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"img_8Hq2Rt"',
    };
    const reply = (status: number, headers: Record<string, string>, bytes = Buffer.alloc(0)) =>
      checkReply(contract, sampler, imageFile, {
        status,
        headers: new Headers(headers),
        text: bytes.toString('utf8'),
      });

    expect(reply(200, { ...cached, 'content-type': 'image/webp' }, coverWebp)).toEqual([]);
    expect(reply(304, cached)).toEqual([]);
    expect(reply(200, { ...cached, 'content-type': 'application/json' }, coverWebp)).toEqual([
      {
        side: 'response',
        severity: 'error',
        path: 'content type',
        message: 'Response content type application/json is not image/webp',
      },
    ]);
    expect(reply(206, { ...cached, 'content-type': 'image/webp' }, coverWebp)).toEqual([
      expect.objectContaining({ path: 'status' }),
    ]);
  });

  test('read Prism’s violation locations as paths', () => {
    expect(
      describeLocation(
        ['response', 'body', 'results', '0', 'createdAt'],
        'must match format',
        'format',
      ),
    ).toEqual({
      side: 'response',
      path: '$.results[0].createdAt',
    });
    expect(
      describeLocation(['response', 'body'], "must have required property 'email'", 'required'),
    ).toEqual({
      side: 'response',
      path: '$.email',
    });
    expect(
      describeLocation(['query'], "Request query must have required property 'domain'", 'required'),
    ).toEqual({
      side: 'request',
      path: 'query domain',
    });
    expect(
      describeLocation(['response'], 'Unable to match the returned status code', undefined),
    ).toEqual({
      side: 'response',
      path: 'status',
    });
  });
});
