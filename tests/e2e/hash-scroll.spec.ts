import type { Page } from '@playwright/test';
import { faqEntries } from '../../src/features/static-pages/faq-page';
import { HASH_SCROLL_OFFSET } from '../../src/lib/navigation-scroll';
import { expect, test } from '../support/fixtures';

/** The window's scroll position once it has stayed put for half a second. */
async function settledScrollY(page: Page): Promise<number> {
  let last = Number.NaN;
  let stillSince = Date.now();
  for (;;) {
    const y = await page.evaluate(() => window.scrollY);
    if (y !== last) {
      last = y;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= 500) {
      return y;
    }
    await page.waitForTimeout(50);
  }
}

/** How far the element's top is from 20 px below the top of the window, once scrolling has stopped. */
async function distanceFromOffset(page: Page, id: string): Promise<number> {
  await settledScrollY(page);
  const top = await page.evaluate(
    (targetId) => document.getElementById(targetId)?.getBoundingClientRect().top ?? Number.NaN,
    id,
  );
  return Math.abs(top - HASH_SCROLL_OFFSET);
}

const deepEntry = faqEntries.find((entry) => entry.id === 'claiming-a-link');
/** How long the font is held at most: well past the 300 ms the scroll waits after rendering. */
const FONT_HELD_MS = 1_500;

test.describe('a hash target opened in a fresh page', () => {
  // On a phone the headings above the target wrap, so their font moves it most.
  test.use({ viewport: { width: 390, height: 700 } });

  for (const visitor of ['signed-out', 'author'] as const) {
    test.describe(`by a ${visitor} visitor`, () => {
      test.use({ visitor });

      test('lands 20 px below the top of the window, also when the headings’ font arrives late', async ({
        page,
      }) => {
        if (!deepEntry) throw new Error('The FAQ has no claiming-a-link entry');
        // A slow connection: the headings' web font arrives after the page has rendered, as soon
        // as the page starts scrolling, or a while after the 300 ms delay when the scroll waits
        // for it.
        let releaseFont: () => void = () => undefined;
        const fontHeld = new Promise<void>((resolve) => {
          releaseFont = resolve;
        });
        await page.route('**/*.woff2', async (route) => {
          await fontHeld;
          await route.fallback();
        });
        await page.exposeFunction('releaseFont', releaseFont);
        await page.addInitScript(() => {
          window.addEventListener(
            'scroll',
            () => void (window as unknown as { releaseFont: () => Promise<void> }).releaseFont(),
            { once: true },
          );
        });
        // Followed from another site: the first request of a new page is the address with its hash.
        await page.goto(`/faq#${deepEntry.id}`, { waitUntil: 'domcontentloaded' });
        await expect(page.getByRole('heading', { name: deepEntry.question })).toBeVisible();
        await page.waitForTimeout(FONT_HELD_MS);
        releaseFont();

        expect(await distanceFromOffset(page, deepEntry.id)).toBeLessThanOrEqual(2);
        // Nothing laid out later (the header's session-dependent parts) moves it away.
        await page.waitForTimeout(1_000);
        expect(await distanceFromOffset(page, deepEntry.id)).toBeLessThanOrEqual(2);
      });
    });
  }
});
