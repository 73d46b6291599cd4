import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { ClickRecorder } from '../../../src/server/smart-links/click-recorder';
import { buildShortLinkHost } from '../../../src/server/smart-links/short-link-host';
import { openVisitorCountryFinder } from '../../../src/server/smart-links/visitor-country';
import { VisitorSalts } from '../../../src/server/smart-links/visitor-salts';
import type { TestApp } from './test-app';

export interface TestShortLinkHost {
  host: FastifyInstance;
  /** Keeps clicks until the test flushes it, or the host closes. */
  clicks: ClickRecorder;
  /** Closes the host, then stores the clicks still held. */
  close: () => Promise<void>;
}

/** The short-link host over a test app's database and link cache, as the server builds it. */
export async function buildTestShortLinkHost(
  { db, clock, deps }: TestApp,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestShortLinkHost> {
  const clicks = new ClickRecorder({ db, logger: { warn() {} }, flushIntervalMs: 60_000 });
  const host = buildShortLinkHost(
    {
      db,
      clock,
      config: deps.config,
      links: deps.linkCache,
      clicks,
      salts: new VisitorSalts(db),
      findCountry: await openVisitorCountryFinder(),
    },
    options,
  );
  return {
    host,
    clicks,
    close: async () => {
      await host.close();
      await clicks.close();
    },
  };
}
