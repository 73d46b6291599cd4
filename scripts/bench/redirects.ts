// Short-link redirects under load: the real server (src/server/main.ts, recording each click)
// answering GET /{code} for one of the bench author's links, as a ratio against Node's HTTP
// server answering every request with a redirect and nothing more (redirect-server.ts). Each
// run of the real server ends with SIGTERM, which writes the clicks still buffered; then its
// link's reader clicks in the store must match the redirects it answered.
import { and, eq, sql } from 'drizzle-orm';
import { clicks } from '../../src/server/db/schema.ts';
import type { Cleanup } from './cleanup.ts';
import { metric, type Metric } from './metrics.ts';
import { realServerEntry, startServerProcess } from './server-process.ts';
import { connectStore, storeNames, type Store, type StoreData } from './stores.ts';
import {
  compareThroughput,
  throughputMetrics,
  type StartedTarget,
  type ThroughputRun,
  type ThroughputTiming,
} from './throughput.ts';

const bareRedirectEntry = 'scripts/bench/redirect-server.ts';

/** A reader's browser, so that each redirect is recorded as a `reader` click. */
const readerHeaders = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/131.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
};

export interface RedirectedLink {
  id: string;
  code: string;
}

/**
 * The link's reader clicks in the store, each row counting the clicks it stands for; PGlite's only
 * once the server process has exited.
 */
async function readerClicksStored(data: StoreData, link: RedirectedLink): Promise<number> {
  const store = connectStore(data);
  try {
    const [row] = await store.db
      .select({ total: sql<number>`coalesce(sum(${clicks.count}), 0)::int` })
      .from(clicks)
      .where(and(eq(clicks.linkId, link.id), eq(clicks.traffic, 'reader')));
    return row?.total ?? 0;
  } finally {
    await store.close();
  }
}

export async function measureRedirects(
  store: Store,
  options: {
    data: StoreData;
    link: RedirectedLink;
    timing: ThroughputTiming & { rounds: number };
    cleanup: Cleanup;
  },
): Promise<Metric[]> {
  const { data, link, timing, cleanup } = options;
  const storeName = storeNames[store.kind];
  console.log(
    `${storeName}: loading GET /{code} on the real server and a bare redirect, ${timing.rounds} × ` +
      `(${timing.warmUpSeconds} s warm-up + ${timing.seconds} s) each…`,
  );
  /** Per run of the real server: the redirects it answered, and the clicks it stored. */
  const clickCounts: { answered: number; stored: number }[] = [];
  let storedBefore = await readerClicksStored(data, link);

  const realServer = async (): Promise<StartedTarget> => {
    const server = await startServerProcess(realServerEntry, [], data, cleanup);
    return {
      url: `${server.shortLinkOrigin}/${link.code}`,
      headers: readerHeaders,
      statusClass: '3xx',
      async stop(run?: ThroughputRun) {
        await server.stop();
        if (!run) return;
        const storedAfter = await readerClicksStored(data, link);
        clickCounts.push({ answered: run.answered, stored: storedAfter - storedBefore });
        storedBefore = storedAfter;
      },
    };
  };
  const bareRedirect = async (): Promise<StartedTarget> => {
    const server = await startServerProcess(bareRedirectEntry, [], data, cleanup, {
      path: `/${link.code}`,
      status: 302,
    });
    return {
      url: `${server.origin}/${link.code}`,
      headers: readerHeaders,
      statusClass: '3xx',
      stop: () => server.stop(),
    };
  };
  const runs = await compareThroughput({ candidate: realServer, baseline: bareRedirect }, timing);

  const id = `server.${store.kind}.redirect`;
  const section = `Short-link redirect GET /{code}, ${storeName}`;
  const lostClicks = clickCounts.reduce((lost, run) => lost + run.answered - run.stored, 0);
  return [
    ...throughputMetrics(
      {
        id,
        section,
        candidate: { key: 'server', label: 'Real server, clicks recorded' },
        baseline: { key: 'bare', label: 'Bare node:http 302' },
        ratioLabel: 'Real server ÷ bare',
      },
      runs,
    ),
    metric(
      `${id}.lostClicks`,
      section,
      'Clicks lost (redirects − reader clicks stored)',
      clickCounts.length > 0 ? lostClicks : null,
      'count',
      `per run, redirects/stored: ${clickCounts
        .map(({ answered, stored }) => `${answered}/${stored}`)
        .join(', ')}`,
    ),
  ];
}
