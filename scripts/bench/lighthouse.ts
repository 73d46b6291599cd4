// Lighthouse, mobile preset (its default form factor and simulated throttling), on each page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as medianRun from 'lighthouse/core/lib/median-run.js';
import type { LocalCertificate } from '../support/local-certificate.ts';
import { chromiumFlags, chromiumPath, SESSION_COOKIE } from './chromium.ts';
import { metric, type Metric } from './metrics.ts';

/** A page to measure; its metrics are `<key>.<category>` (default key `lighthouse.<path>`). */
export interface LighthousePage {
  path: string;
  signedIn: boolean;
  key?: string;
  /** The table's section (default `Lighthouse <path>`). */
  section?: string;
}

export interface LighthouseOptions {
  appOrigin: string;
  /** Chrome's remote-debugging port. */
  port: number;
  /** Runs per page; the median run (by FCP and TTI, Lighthouse's own choice) is reported. */
  runs: number;
  /** Where the full JSON reports are written. */
  reportDir: string;
  /** The production server's certificate, for Chrome to trust; none for a plain-HTTP origin. */
  certificate?: LocalCertificate;
}

/** Lighthouse's own choice of the median run: the one closest to the median FCP and TTI. */
const computeMedianRun = medianRun.computeMedianRun as (runs: Result[]) => Result;

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const categoryLabels: Record<(typeof categories)[number], string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

/**
 * Puts the session cookie in Chrome's own cookie jar too. Lighthouse's `extraHeaders` Cookie
 * alone is not enough: once the app sets a cookie of its own (signing in sets the analytics
 * consent cookie), Chrome sends its jar's Cookie header instead, the API calls lose `ss-id`,
 * the mock answers 401 and the app falls back to the home page. Lighthouse never clears
 * cookies between runs' storage resets, so the jar's cookie stays for the whole run.
 */
async function addSessionCookie(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('Chrome has no default browser context');
    await context.addCookies([{ ...SESSION_COOKIE, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    await browser.close();
  }
}

async function runOnce(
  url: string,
  flags: Flags,
  options: { port: number; signedIn: boolean; certificate?: LocalCertificate },
): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    port: options.port,
    chromeFlags: ['--headless=new', ...chromiumFlags(options.certificate)],
    logLevel: 'silent',
  });
  try {
    if (options.signedIn) await addSessionCookie(chrome.port, new URL(url).origin);
    const result = await lighthouse(url, { ...flags, port: chrome.port });
    if (!result) throw new Error('Lighthouse returned no result');
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, NO_FCP on a busy
 * machine) although the page is fine; such a run is made again, twice at most. Any other
 * failure, and a third trace failure, stops the page's measurement.
 */
const traceFailures = ['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED'];
const traceRetries = 2;

async function withTraceRetries(run: () => Promise<Result>): Promise<Result> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const traceFailed =
        error instanceof Error && traceFailures.some((code) => error.message.startsWith(code));
      if (!traceFailed || attempt === traceRetries) throw error;
    }
  }
}

/** The audits that cost a category points, by id. */
function failedAudits(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const score = lhr.audits[ref.id]?.score;
      return score !== null && score !== undefined && score < 1;
    })
    .map((ref) => ref.id);
}

function pageMetrics(page: LighthousePage, lhr: Result | undefined, failure?: string): Metric[] {
  const section = page.section ?? `Lighthouse ${page.path}`;
  const key = page.key ?? `lighthouse.${page.path}`;
  const score = (category: string) => {
    const value = lhr?.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const audit = (id: string) => lhr?.audits[id]?.numericValue ?? null;
  const metrics = categories.map((category) => {
    const failed = lhr ? failedAudits(lhr, category) : [];
    const note =
      failure ??
      (category === 'performance'
        ? `benchmarkIndex ${Math.round(lhr?.environment.benchmarkIndex ?? 0)}`
        : failed.length > 0
          ? failed.join(', ')
          : undefined);
    return metric(
      `${key}.${category}`,
      section,
      categoryLabels[category],
      score(category),
      'score',
      note,
    );
  });
  metrics.push(
    metric(
      `${key}.lcp`,
      section,
      'Largest contentful paint',
      audit('largest-contentful-paint'),
      'ms',
    ),
    metric(`${key}.tbt`, section, 'Total blocking time', audit('total-blocking-time'), 'ms'),
    metric(
      `${key}.cls`,
      section,
      'Cumulative layout shift',
      audit('cumulative-layout-shift'),
      'shift',
    ),
  );
  return metrics;
}

export async function measureLighthouse(
  pages: LighthousePage[],
  options: LighthouseOptions,
): Promise<{ metrics: Metric[]; failures: string[] }> {
  mkdirSync(options.reportDir, { recursive: true });
  const metrics: Metric[] = [];
  const failures: string[] = [];
  for (const page of pages) {
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      // The cover image host cannot be reached from this machine; blocked requests are not
      // counted as console errors (a failed lookup would be).
      blockedUrlPatterns: ['*images.shelflink.app*'],
      ...(page.signedIn
        ? { extraHeaders: { Cookie: `${SESSION_COOKIE.name}=${SESSION_COOKIE.value}` } }
        : {}),
    };
    try {
      const runs: Result[] = [];
      for (let run = 0; run < options.runs; run += 1) {
        runs.push(
          await withTraceRetries(() =>
            runOnce(`${options.appOrigin}${page.path}`, flags, {
              port: options.port,
              signedIn: page.signedIn,
              certificate: options.certificate,
            }),
          ),
        );
      }
      const median = computeMedianRun(runs);
      const fileName = `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`;
      writeFileSync(join(options.reportDir, fileName), JSON.stringify(median));
      metrics.push(...pageMetrics(page, median));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`Lighthouse could not measure ${page.path}: ${message}`);
      metrics.push(...pageMetrics(page, undefined, 'not measured'));
    }
  }
  return { metrics, failures };
}
