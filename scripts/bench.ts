// npm run bench [-- --only web|server] [--postgres] [--no-save] [--reuse-build] […]
// Web section: builds the app, serves the production build in front of the Prism mock and
// measures bytes, Lighthouse scores, route transitions and mock latency. Server section
// (scripts/bench/server.ts): the API's start-up, memory and throughput, short-link redirects and
// the clicks they store, and a link report's cost as clicks grow, on the embedded database and
// on PostgreSQL with --postgres or DATABASE_URL. Prints one table, compares it with
// scripts/bench/results.json, saves the new results there and exits 1 when a budget is missed.
// See the README (Performance benchmark).
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { readCommandLine } from './support/command-line.ts';
import { createLocalCertificate } from './support/local-certificate.ts';
import { startProductionServer } from './support/production-server.ts';
import { buildServer } from './build/server-build.ts';
import { missedBudgets } from './bench/budgets.ts';
import { analyseBuild, measureBytes, type PageUnderTest } from './bench/bytes.ts';
import { launchChromium } from './bench/chromium.ts';
import { Cleanup } from './bench/cleanup.ts';
import { measureMockLatency } from './bench/latency.ts';
import { measureLighthouse } from './bench/lighthouse.ts';
import type { Metric } from './bench/metrics.ts';
import {
  readPreviousResults,
  renderMissedBudgets,
  renderTable,
  saveResults,
} from './bench/report.ts';
import { measureServer } from './bench/server.ts';
import {
  repositoryRoot,
  startMock,
  startSessionAwareMock,
  startThirdPartyStandIn,
  writeBenchRuntimeConfig,
} from './bench/servers.ts';
import type { Store } from './bench/stores.ts';
import { measureTransitions } from './bench/transitions.ts';

const usage = `Usage: npm run bench [-- options]
  --only <section>        run one section: web or server (default: both)
  --no-save               compare with the previous results without overwriting them
  --reuse-build           measure the build already in the work directory
  --lighthouse-runs <n>   Lighthouse runs per page, the median run counts (default: 5)
  --transition-runs <n>   browser sessions timing route transitions (default: 5)
  --postgres              measure the server on a throwaway PostgreSQL too (as DATABASE_URL does)
  --throughput-seconds <n>  measured seconds of each throughput run (default: 10)
Environment: BENCH_DIR (work directory, default: <tmp>/bench), CHROME_PATH (default: /usr/bin/chromium),
  DATABASE_URL (a PostgreSQL server the server section also measures, in a database of its own)`;

const sections = ['web', 'server'] as const;
type Section = (typeof sections)[number];

/** The section a saved metric belongs to, to keep the results of a section a run skips. */
function sectionOf(metricId: string): Section {
  return metricId.startsWith('server.') ? 'server' : 'web';
}

/** Fixed local ports, so a run never collides with the dev server (5173), preview (4173) or mock (4010). */
const ports = { api: 4185, mock: 4186, app: 4187, thirdParties: 4188, lighthouseChrome: 4189 };

const pages: PageUnderTest[] = [
  { path: '/', signedIn: false },
  { path: '/faq', signedIn: false },
  { path: '/links/books', signedIn: true },
];

const resultsPath = join(repositoryRoot, 'scripts/bench/results.json');

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`--${name} must be a whole number ≥ 1`);
  return parsed;
}

function build(outDir: string, logPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      join(repositoryRoot, 'node_modules/.bin/vite'),
      ['build', '--outDir', outDir, '--emptyOutDir'],
      { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) => {
        writeFileSync(logPath, `${stdout}\n${stderr}`);
        if (error) reject(new Error(`The build failed (log: ${logPath}):\n${stderr.slice(-3000)}`));
        else resolve();
      },
    );
  });
}

async function measureWeb(
  outDir: string,
  workDir: string,
  options: { lighthouseRuns: number; transitionRuns: number },
  cleanup: Cleanup,
): Promise<{ metrics: Metric[]; problems: string[] }> {
  const buildAnalysis = analyseBuild(outDir);

  const certificate = await createLocalCertificate(workDir);
  const thirdParties = await startThirdPartyStandIn(ports.thirdParties, certificate);
  cleanup.add(thirdParties.stop);
  writeBenchRuntimeConfig(outDir, thirdParties.origin);
  console.log('Starting the mock and the production server…');
  const mock = await startMock(ports.mock);
  cleanup.add(mock.stop);
  const api = await startSessionAwareMock(ports.api, mock.origin);
  cleanup.add(api.stop);
  const app = await startProductionServer({
    outDir,
    port: ports.app,
    apiTarget: api.origin,
    certificate,
  });
  cleanup.add(app.stop);

  const metrics: Metric[] = [];
  const problems: string[] = [];
  let browser: Browser | undefined = await launchChromium(certificate);
  const closeBrowser = async () => {
    await browser?.close();
    browser = undefined;
  };
  cleanup.add(closeBrowser);

  console.log('Measuring what each page loads before its first paint…');
  metrics.push(...(await measureBytes(browser, app.origin, buildAnalysis, pages)));
  console.log(`Timing route transitions (${options.transitionRuns} sessions)…`);
  const transitions = await measureTransitions(browser, app.origin, options.transitionRuns);
  await closeBrowser();

  // Lighthouse runs alone, with its own Chrome, so nothing else competes for the CPU.
  console.log(`Running Lighthouse (${options.lighthouseRuns} per page)…`);
  const lighthouse = await measureLighthouse(pages, {
    appOrigin: app.origin,
    port: ports.lighthouseChrome,
    runs: options.lighthouseRuns,
    reportDir: join(workDir, 'lighthouse'),
    certificate,
  });
  metrics.push(...lighthouse.metrics, ...transitions.metrics);
  problems.push(...transitions.failures, ...lighthouse.failures);

  console.log('Measuring mock latency…');
  metrics.push(...(await measureMockLatency(mock.origin, { requests: 200, timeLimitMs: 60_000 })));
  return { metrics, problems };
}

/** Runs this benchmark again inside a throwaway PostgreSQL cluster, which sets DATABASE_URL. */
function rerunWithThrowawayPostgres(): Promise<number> {
  const tsx = ['--import', 'tsx'];
  const bench = [process.execPath, ...tsx, 'scripts/bench.ts', ...process.argv.slice(2)];
  return new Promise((resolve) => {
    const run = spawn(process.execPath, [...tsx, 'scripts/with-postgres.ts', '--', ...bench], {
      cwd: repositoryRoot,
      stdio: 'inherit',
    });
    run.once('exit', (code) => {
      resolve(code ?? 1);
    });
  });
}

async function main(): Promise<number> {
  const commandLine = readCommandLine(usage, () =>
    parseArgs({
      options: {
        only: { type: 'string' },
        'no-save': { type: 'boolean' },
        'reuse-build': { type: 'boolean' },
        'lighthouse-runs': { type: 'string' },
        'transition-runs': { type: 'string' },
        postgres: { type: 'boolean' },
        'throughput-seconds': { type: 'string' },
        help: { type: 'boolean' },
      },
    }),
  );
  if (typeof commandLine === 'number') return commandLine;
  const { values } = commandLine;
  const only = sections.find((section) => section === values.only);
  if (values.only !== undefined && only === undefined) {
    console.error(`--only takes ${sections.join(' or ')}\n${usage}`);
    return 2;
  }
  const selected = new Set<Section>(only ? [only] : sections);
  const databaseUrl = process.env.DATABASE_URL;
  if (selected.has('server') && values.postgres === true && !databaseUrl) {
    return rerunWithThrowawayPostgres();
  }
  const options = {
    lighthouseRuns: count(values['lighthouse-runs'], 'lighthouse-runs', 5),
    transitionRuns: count(values['transition-runs'], 'transition-runs', 5),
  };
  const throughputTiming = {
    warmUpSeconds: 5,
    seconds: count(values['throughput-seconds'], 'throughput-seconds', 10),
    connections: 10,
    rounds: 2,
  };
  const workDir = process.env.BENCH_DIR ?? join(tmpdir(), 'bench');
  const outDir = join(workDir, 'dist');
  mkdirSync(workDir, { recursive: true });

  if (selected.has('web') && values['reuse-build'] !== true) {
    console.log(`Building into ${outDir}…`);
    await build(outDir, join(workDir, 'build.log'));
    const serverProblems = await buildServer();
    if (serverProblems.length > 0) throw new Error(serverProblems.join('\n'));
  }

  const cleanup = new Cleanup();
  const interrupt = () => {
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const metrics: Metric[] = [];
  const problems: string[] = [];
  try {
    if (selected.has('web')) {
      const web = await measureWeb(outDir, workDir, options, cleanup);
      metrics.push(...web.metrics);
      problems.push(...web.problems);
      await cleanup.run();
    }
    if (selected.has('server')) {
      const stores: Store[] = [{ kind: 'pglite' }];
      if (databaseUrl) stores.push({ kind: 'postgres', serverUrl: databaseUrl });
      for (const store of stores) {
        try {
          const server = await measureServer(store, {
            workDir,
            timing: throughputTiming,
            cleanup,
            lighthouse: { runs: options.lighthouseRuns, port: ports.lighthouseChrome },
          });
          metrics.push(...server.metrics);
          problems.push(...server.failures);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          problems.push(`Server section on ${store.kind}: ${message}`);
        } finally {
          await cleanup.run();
        }
      }
    }
  } finally {
    await cleanup.run();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }

  const previous = readPreviousResults(resultsPath);
  console.log(
    `\n${renderTable(metrics, previous)}\n\n` +
      (previous
        ? `Compared with the run of ${previous.savedAt}.`
        : 'No previous results to compare with.'),
  );
  for (const problem of problems) console.error(problem);
  const missed = renderMissedBudgets(metrics);
  if (missed.length > 0) {
    console.error(
      `\nMissed budgets (${missed.length}):\n${missed.map((line) => `- ${line}`).join('\n')}`,
    );
  } else {
    console.log('\nAll budgets met.');
  }
  if (values['no-save'] !== true) {
    const skipped = Object.entries(previous?.metrics ?? {}).filter(
      ([id]) => !selected.has(sectionOf(id)),
    );
    saveResults(resultsPath, metrics, Object.fromEntries(skipped));
    console.log(`Saved ${resultsPath}.`);
  }
  return missedBudgets(metrics).length > 0 || problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
