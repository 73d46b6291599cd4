// Route transitions: from a click on a nav or tab link to the new screen's content being
// visible, timed inside the page with performance.now(). Cold is the first visit to a screen in
// a browser session, warm the second.
import type { Browser, Page } from '@playwright/test';
import { newContext } from './chromium.ts';
import { median, metric, type Metric } from './metrics.ts';

interface Screen {
  name: string;
  path: string;
  /** An element whose text shows the screen's content (not its skeleton) is on screen. */
  content: { selector: string; text: string };
}

const REPORTED_LINK = { domain: 'shelf.to', code: 'salt-orchard' };

const screens = {
  home: {
    name: 'Home',
    path: '/',
    content: { selector: 'h1', text: 'Smart links that send readers to your books' },
  },
  links: {
    name: 'Your links',
    path: '/links/books',
    content: { selector: 'h2', text: 'Book links' },
  },
  collections: {
    name: 'Collections',
    path: '/links/collections',
    content: { selector: 'h2', text: 'Collections' },
  },
  report: {
    name: 'Link report',
    path: `/links/reports/${REPORTED_LINK.domain}/${REPORTED_LINK.code}`,
    content: { selector: 'h1', text: `Report for ${REPORTED_LINK.domain}/${REPORTED_LINK.code}` },
  },
} satisfies Record<string, Screen>;

interface Step {
  to: Screen;
  /** The link clicked, found in the page. */
  link: string;
  /** Untimed preparation, e.g. opening the menu that holds the link. */
  prepare?: (page: Page) => Promise<void>;
}

const logo = 'header a[aria-label="Shelflink home"]';
const mainNavLink = 'nav[aria-label="Main"] a[href="/links"]';
const booksTab = 'nav[aria-label="Your links"] a[href="/links/books"]';
const collectionsTab = 'nav[aria-label="Your links"] a[href="/links/collections"]';
const reportMenuItem = `[role="menuitem"][href="${screens.report.path}"]`;

/** Opens the link card's actions menu, which holds "View report". */
async function openActionsMenu(page: Page): Promise<void> {
  const label = `Actions for ${REPORTED_LINK.domain}/${REPORTED_LINK.code}`;
  await page.evaluate((buttonLabel) => {
    document.querySelector<HTMLElement>(`button[aria-label="${buttonLabel}"]`)?.click();
  }, label);
  await page.locator(reportMenuItem).waitFor({ state: 'visible' });
}

/**
 * One session, starting on /faq: every screen is reached by a click at least twice. The first
 * visit to a screen is its cold transition, the second its warm one; later visits only lead on.
 */
const journey: Step[] = [
  { to: screens.home, link: logo },
  { to: screens.links, link: mainNavLink },
  { to: screens.collections, link: collectionsTab },
  { to: screens.links, link: booksTab },
  { to: screens.report, link: reportMenuItem, prepare: openActionsMenu },
  { to: screens.home, link: logo },
  { to: screens.links, link: mainNavLink },
  { to: screens.collections, link: collectionsTab },
  { to: screens.links, link: booksTab },
  { to: screens.report, link: reportMenuItem, prepare: openActionsMenu },
];

/**
 * Clicks `link` in the page and resolves with the ms until `to`'s content is in the DOM with a
 * size, plus the wait for the next animation frame: the frame that paints it. The click is a
 * DOM click with no hover first, so the router's hover preloading does not help.
 */
function timedClick(page: Page, link: string, to: Screen): Promise<number> {
  return page.evaluate(
    async ({ link, path, content }) => {
      const target = document.querySelector<HTMLElement>(link);
      if (!target) throw new Error(`Nothing matches ${link} on ${location.pathname}`);
      const shown = () =>
        location.pathname === path &&
        Array.from(document.querySelectorAll(content.selector)).some(
          (element) =>
            element.textContent.includes(content.text) &&
            element.getBoundingClientRect().height > 0,
        );
      const start = performance.now();
      target.click();
      await new Promise<void>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timeout);
          resolve();
        });
        const timeout = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${path} did not show "${content.text}" within 15 s`));
        }, 15_000);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - start;
    },
    { link, path: to.path, content: to.content },
  );
}

/** Lets background refetches and idle-time work finish before the next click. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

interface Timing {
  screen: string;
  visit: 'cold' | 'warm';
  ms: number;
}

async function runJourney(browser: Browser, appOrigin: string): Promise<Timing[]> {
  const context = await newContext(browser, { appOrigin, signedIn: true });
  try {
    const page = await context.newPage();
    await page.goto(`${appOrigin}/faq`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    const visits = new Map<string, number>();
    const timings: Timing[] = [];
    for (const step of journey) {
      await step.prepare?.(page);
      const ms = await timedClick(page, step.link, step.to);
      const visit = visits.get(step.to.name) ?? 0;
      visits.set(step.to.name, visit + 1);
      if (visit < 2)
        timings.push({ screen: step.to.name, visit: visit === 0 ? 'cold' : 'warm', ms });
      await settle(page);
    }
    return timings;
  } finally {
    await context.close();
  }
}

export async function measureTransitions(
  browser: Browser,
  appOrigin: string,
  runs: number,
): Promise<{ metrics: Metric[]; failures: string[] }> {
  const all: Timing[] = [];
  const failures: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    try {
      all.push(...(await runJourney(browser, appOrigin)));
    } catch (error) {
      const [message = ''] = (error instanceof Error ? error.message : String(error)).split('\n');
      failures.push(`Route transitions, session ${run + 1} of ${runs}: ${message}`);
    }
  }

  const metrics = Object.values(screens).flatMap((screen) =>
    (['cold', 'warm'] as const).map((visit) => {
      const times = all
        .filter((timing) => timing.screen === screen.name && timing.visit === visit)
        .map((timing) => timing.ms);
      const key = screen.name.toLowerCase().replaceAll(' ', '-');
      const note =
        times.length > 0
          ? `${times.length} runs, ${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))} ms`
          : 'not measured';
      return metric(
        `transition.${key}.${visit}`,
        'Route transitions (median)',
        `${screen.name}, ${visit}`,
        median(times),
        'ms',
        note,
      );
    }),
  );
  return { metrics, failures };
}
