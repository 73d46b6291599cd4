// The server section, on one store (embedded PGlite, or a PostgreSQL server) and fresh data:
// the real server's start-up to its first answer, first on an empty store and again on the
// same data; its memory; GET /v1/links/list under load with replies checked against the
// contract, as a ratio against the same server without the check (api-server.ts); short-link
// redirects under load and the clicks they store (redirects.ts); and a link report's cost as
// its clicks grow (report-cost.ts). The real server signs an author in and makes their links
// through the API.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sessionCookieName } from '../../src/server/auth/sessions.ts';
import { DEMO_LINKS } from '../../src/server/db/seed/demo-data.ts';
import type { Cleanup } from './cleanup.ts';
import { metric, type Metric } from './metrics.ts';
import { measureReaderPages, type ReaderPage } from './reader-pages.ts';
import { measureRedirects, type RedirectedLink } from './redirects.ts';
import { measureReportCost } from './report-cost.ts';
import { realServerEntry, startServerProcess } from './server-process.ts';
import { freshStoreData, storeNames, type Store } from './stores.ts';
import {
  compareThroughput,
  throughputMetrics,
  type StartedTarget,
  type ThroughputTiming,
} from './throughput.ts';

const benchServerEntry = 'scripts/bench/api-server.ts';
const benchAuthor = 'bench.author@shelflink.test';
/** GET /v1/links/list's default page. */
const linksPerPage = 20;
/** The demo's links twice over: more than a page, so every reply is a full one. */
const authorLinkUrls = [...DEMO_LINKS, ...DEMO_LINKS].map((link) => link.url);

/** The token of the newest sign-in link in the outbox for the address. */
function signInTokenMailedTo(outboxDir: string, email: string): string {
  const newest = readdirSync(outboxDir)
    .filter((name) => name.includes(email))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`No message to ${email} in ${outboxDir}`);
  // Quoted-printable may wrap long lines with a trailing `=`.
  const text = readFileSync(join(outboxDir, newest), 'utf8').replaceAll('=\n', '');
  const token = /\/login\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`The message to ${email} holds no sign-in link`);
  return token;
}

/** A JSON request to the API, as the signed-in author when given their cookie; must answer 2xx. */
async function call(
  origin: string,
  path: string,
  request: { body?: object; cookie?: string } = {},
): Promise<Response> {
  const { body, cookie } = request;
  const method = body ? 'POST' : 'GET';
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(cookie && { cookie }),
    },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

interface BenchAuthor {
  cookie: string;
  /** Their first link that redirects (not an all-stores page). */
  link: RedirectedLink;
}

/**
 * Makes the author an all-stores link and a collection of it and their redirecting link, and
 * gives the paths the short-link host serves their pages at.
 */
async function makeReaderPages(origin: string, author: BenchAuthor): Promise<ReaderPage[]> {
  const { cookie } = author;
  const allStores = await call(origin, '/v1/links', {
    body: { url: authorLinkUrls[0], allStores: true },
    cookie,
  });
  const link = (await allStores.json()) as { id: string; shortUrl: string };
  const created = await call(origin, '/v2/collections', {
    body: {
      title: 'The bench shelf',
      aliasCode: 'bench-shelf',
      linkIds: [link.id, author.link.id],
    },
    cookie,
  });
  const collection = (await created.json()) as { shortUrl: string };
  return [
    { key: 'allStoresPage', path: new URL(link.shortUrl).pathname },
    { key: 'collectionPage', path: new URL(collection.shortUrl).pathname },
  ];
}

/**
 * Signs the bench author in through the e-mailed link and makes their links through the API,
 * checked to list a full page.
 */
async function signInAuthorWithLinks(origin: string, outboxDir: string): Promise<BenchAuthor> {
  await call(origin, '/v1/signup/link', { body: { email: benchAuthor } });
  const login = await call(origin, '/v1/login', {
    body: { token: signInTokenMailedTo(outboxDir, benchAuthor) },
  });
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${sessionCookieName}=`));
  if (!cookie) throw new Error('Signing in set no session cookie');
  for (const url of authorLinkUrls) await call(origin, '/v1/links', { body: { url }, cookie });
  const listed = await call(origin, '/v1/links/list', { cookie });
  const { results } = (await listed.json()) as {
    results: (RedirectedLink & { allStores: boolean })[];
  };
  if (results.length !== linksPerPage) {
    throw new Error(`GET /v1/links/list listed ${results.length} links, not ${linksPerPage}`);
  }
  const link = results.find(({ allStores }) => !allStores);
  if (!link) throw new Error('The bench author has no link that redirects');
  return { cookie, link: { id: link.id, code: link.code } };
}

export interface ServerSectionOptions {
  workDir: string;
  timing: ThroughputTiming & { rounds: number };
  cleanup: Cleanup;
  /** Lighthouse on the short-link host's pages, measured on the embedded store only. */
  lighthouse: { runs: number; port: number };
}

export async function measureServer(
  store: Store,
  options: ServerSectionOptions,
): Promise<{ metrics: Metric[]; failures: string[] }> {
  const { cleanup, timing } = options;
  const storeName = storeNames[store.kind];
  const data = await freshStoreData(store, join(options.workDir, 'server', store.kind), cleanup);
  // src/server/server.ts seeds the demo on the embedded database only.
  const firstStartLabel = store.kind === 'pglite' ? 'migrate + seed' : 'migrate';

  console.log(`${storeName}: starting the server on an empty store, then again on its data…`);
  const firstStart = await startServerProcess(realServerEntry, [], data, cleanup);
  const residentAfterFirstStart = firstStart.residentBytes();
  await firstStart.stop();
  const secondStart = await startServerProcess(realServerEntry, [], data, cleanup);
  const author = await signInAuthorWithLinks(secondStart.origin, join(data.dataDir, 'outbox'));
  const readerPages =
    store.kind === 'pglite' ? await makeReaderPages(secondStart.origin, author) : [];
  await secondStart.stop();

  console.log(
    `${storeName}: loading GET /v1/links/list, replies validated and not, ${timing.rounds} × ` +
      `(${timing.warmUpSeconds} s warm-up + ${timing.seconds} s) each…`,
  );
  const residentAfterLoad: number[] = [];
  const linksList = (validateReplies: boolean) => async (): Promise<StartedTarget> => {
    const server = await startServerProcess(
      benchServerEntry,
      validateReplies ? [] : ['--no-reply-validation'],
      data,
      cleanup,
    );
    return {
      url: `${server.origin}/v1/links/list`,
      headers: { cookie: author.cookie },
      statusClass: '2xx',
      async stop() {
        // Before it stops: what the run of load left it holding.
        if (validateReplies) residentAfterLoad.push(server.residentBytes());
        await server.stop();
      },
    };
  };
  const linksListRuns = await compareThroughput(
    { candidate: linksList(true), baseline: linksList(false) },
    timing,
  );
  const redirects = await measureRedirects(store, { data, link: author.link, timing, cleanup });
  const reportCost = await measureReportCost(store, options);
  const readerPagesLighthouse =
    readerPages.length > 0
      ? await measureReaderPages(readerPages, {
          data,
          cleanup,
          workDir: options.workDir,
          ...options.lighthouse,
        })
      : { metrics: [], failures: [] };

  const id = `server.${store.kind}`;
  const startUp = `Server start-up, ${storeName}`;
  const memory = `Server memory, ${storeName}`;
  const untilAnswer = 'spawn to first 200 from GET /auth/session';
  const metrics = [
    metric(
      `${id}.startUp.first`,
      startUp,
      `First start (${firstStartLabel})`,
      firstStart.startUpMs,
      'ms',
      untilAnswer,
    ),
    metric(
      `${id}.startUp.second`,
      startUp,
      'Second start (existing data)',
      secondStart.startUpMs,
      'ms',
      untilAnswer,
    ),
    ...throughputMetrics(
      {
        id: `${id}.linksList`,
        section: `Server API GET /v1/links/list, ${storeName}`,
        candidate: { key: 'validated', label: 'Replies validated' },
        baseline: { key: 'unvalidated', label: 'Replies not validated' },
        ratioLabel: 'Validated ÷ not validated',
      },
      linksListRuns,
    ),
    ...redirects,
    ...reportCost,
    metric(
      `${id}.memory.afterFirstStart`,
      memory,
      `RSS after first start (${firstStartLabel})`,
      residentAfterFirstStart,
      'bytes',
      'src/server/main.ts at its first answer',
    ),
    metric(
      `${id}.memory.afterLoad`,
      memory,
      'RSS after a throughput run',
      residentAfterLoad.length > 0 ? Math.max(...residentAfterLoad) : null,
      'bytes',
      `replies validated, largest of ${residentAfterLoad.length} runs`,
    ),
    ...readerPagesLighthouse.metrics,
  ];
  return { metrics, failures: readerPagesLighthouse.failures };
}
