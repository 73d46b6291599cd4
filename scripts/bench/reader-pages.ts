// Lighthouse on the pages the short-link host serves readers: an all-stores link's page and a
// collection's, from the real server (src/server/main.ts) on the bench author's data. They are
// plain server-rendered HTML and CSS, so every category is held to 100.
import { join } from 'node:path';
import type { Cleanup } from './cleanup.ts';
import { measureLighthouse } from './lighthouse.ts';
import type { Metric } from './metrics.ts';
import { realServerEntry, startServerProcess } from './server-process.ts';
import type { StoreData } from './stores.ts';

/** A reader page by its path on the short-link host, which changes port with every start. */
export interface ReaderPage {
  path: string;
  /** `allStoresPage` or `collectionPage`: the metrics are `server.lighthouse.<key>.<category>`. */
  key: 'allStoresPage' | 'collectionPage';
}

const readerPageLabels: Record<ReaderPage['key'], string> = {
  allStoresPage: "Lighthouse, an all-stores link's page (short-link host)",
  collectionPage: "Lighthouse, a collection's page (short-link host)",
};

export async function measureReaderPages(
  pages: ReaderPage[],
  options: { data: StoreData; cleanup: Cleanup; runs: number; port: number; workDir: string },
): Promise<{ metrics: Metric[]; failures: string[] }> {
  const { data, cleanup } = options;
  console.log(`Running Lighthouse on the short-link host's pages (${options.runs} per page)…`);
  const server = await startServerProcess(realServerEntry, [], data, cleanup);
  try {
    return await measureLighthouse(
      pages.map(({ path, key }) => ({
        path,
        signedIn: false,
        key: `server.lighthouse.${key}`,
        section: readerPageLabels[key],
      })),
      {
        appOrigin: server.shortLinkOrigin,
        port: options.port,
        runs: options.runs,
        reportDir: join(options.workDir, 'lighthouse-reader-pages'),
      },
    );
  } finally {
    await server.stop();
  }
}
