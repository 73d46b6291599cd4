// Runs the server: connects and migrates the store, builds the app and the short-link host,
// listens, and on SIGTERM/SIGINT drains in-flight requests and buffered clicks before closing the
// store. On SIGTERM it first fails its readiness checks for `DRAIN_SECONDS` while still serving,
// so a load balancer stops sending it requests before the listeners close; SIGINT (Ctrl-C at a
// terminal) and a second signal skip that wait. Clicks that cannot be written at shutdown (the database is unavailable) are kept in a
// spill file in the data folder, which the next start writes before it serves. `src/server/main.ts` runs the API alone;
// `./start.ts` runs the whole product, mounting the built web app beside it.
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, readConfig, type Config } from './config';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { connectDatabase } from './db/database';
import { seedDemoIfEmpty, type DemoSummary } from './db/seed/seed-demo';
import { ServiceState } from './health/service-state';
import { listenForScrapes, type MetricsServer } from './metrics/metrics-server';
import {
  applyConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  SHORT_LINK_HOST_CONNECTION_LIMITS,
} from './http/connection-limits';
import { createMailer } from './mail/mailer';
import { ClickRecorder, replaySpilledClicks } from './smart-links/click-recorder';
import { LinkCache } from './smart-links/link-cache';
import { buildShortLinkHost } from './smart-links/short-link-host';
import { openVisitorCountryFinder } from './smart-links/visitor-country';
import { VisitorSalts } from './smart-links/visitor-salts';

export interface ServerOptions {
  config: Config;
  /** Where the contract's paths are served: `''` for the API alone, `/api` beside the web app. */
  apiPrefix: string;
  /** Fills an empty embedded database with the demo on first start. */
  seedDemo: boolean;
  /** Adds what the contract does not describe, such as the web app, before the server listens. */
  extend?: (app: FastifyInstance) => void;
}

export interface RunningServer {
  origin: string;
  /** Where the short-link host answers. */
  shortLinkOrigin: string;
  /** Where Prometheus scrapes `/metrics`, when METRICS_PORT is set. */
  metricsOrigin: string | undefined;
  /** What the demo seed wrote on this start, if it ran. */
  demo: DemoSummary | null;
  close(): Promise<void>;
}

/** The configuration from the environment, or a list of what is wrong with it and exit 1. */
export function readConfigOrExit(env: Record<string, string | undefined>): Config {
  try {
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

function lockDataDirOrExit(dataDir: string): DataDirLock {
  try {
    mkdirSync(dataDir, { recursive: true });
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { config } = options;
  const findCountry = await openVisitorCountryFinder({
    countryHeader: config.countryHeader,
    geoDatabasePath: config.geoDatabasePath,
  });
  const dataDirLock = config.databaseUrl ? undefined : lockDataDirOrExit(config.dataDir);
  const database = connectDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const spillFile = join(config.dataDir, 'unwritten-clicks.json');
  const replayedClicks = await replaySpilledClicks(database.db, spillFile);
  const demo =
    options.seedDemo && !config.databaseUrl
      ? await seedDemoIfEmpty(database.db, systemClock.now())
      : null;
  const linkCache = new LinkCache();
  const serviceState = new ServiceState();
  const logger = { level: 'info' };
  const app = buildApp(
    {
      db: database.db,
      mailer: createMailer(config),
      clock: systemClock,
      config,
      linkCache,
      serviceState,
    },
    { apiPrefix: options.apiPrefix, logger },
  );
  if (replayedClicks > 0) {
    app.log.info({ clicks: replayedClicks }, 'The clicks kept at the last shutdown are written');
  }
  options.extend?.(app);
  applyConnectionLimits(app.server, DEFAULT_CONNECTION_LIMITS);
  const origin = await app.listen({ port: config.port, host: config.host });

  const clicks = new ClickRecorder({ db: database.db, logger: app.log, spillFile });
  const shortLinkHost = buildShortLinkHost(
    {
      db: database.db,
      clock: systemClock,
      config,
      links: linkCache,
      clicks,
      salts: new VisitorSalts(database.db),
      findCountry,
      serviceState,
    },
    { logger },
  );
  applyConnectionLimits(shortLinkHost.server, SHORT_LINK_HOST_CONNECTION_LIMITS);
  const shortLinkOrigin = await shortLinkHost.listen({
    port: config.shortLinkPort,
    host: config.host,
  });

  const metrics: MetricsServer | undefined =
    config.metricsPort === undefined
      ? undefined
      : await listenForScrapes(config.metricsPort, config.metricsHost);

  let closing: Promise<void> | undefined;
  const close = () => {
    // Stops taking connections and waits for the requests in flight, writes the clicks still
    // buffered, then closes the store.
    closing ??= Promise.all([app.close(), shortLinkHost.close(), metrics?.close()])
      .then(() => clicks.close())
      .then(() => database.close())
      .then(() => dataDirLock?.release());
    return closing;
  };
  let drained: NodeJS.Timeout | undefined;
  const closeAndExit = () => {
    clearTimeout(drained);
    void close().then(() => process.exit(0));
  };
  process.once('SIGINT', closeAndExit);
  process.on('SIGTERM', () => {
    if (serviceState.draining || config.drainSeconds === 0) {
      closeAndExit();
      return;
    }
    serviceState.startDraining();
    app.log.info(`Draining: ready checks fail for ${config.drainSeconds} s before shutting down`);
    drained = setTimeout(closeAndExit, config.drainSeconds * 1000);
  });
  return { origin, shortLinkOrigin, metricsOrigin: metrics?.origin, demo, close };
}
