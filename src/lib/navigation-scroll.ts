import { afterNextPaint } from './next-paint';

export const HASH_SCROLL_OFFSET = 20;
export const HASH_SCROLL_DELAY_MS = 300;

function scrollToElement(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const top = element.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET;
  window.scrollTo({ top, behavior: 'smooth' });
}

/**
 * Resolves once what arrives late on a fresh page has arrived and been laid out: the page's
 * scripts, styles and images (the load event) and its web fonts, whose swap changes the height of
 * every heading above a target.
 */
function pageContentSettled(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          window.addEventListener(
            'load',
            () => {
              resolve();
            },
            { once: true },
          );
        });
  return loaded.then(async () => {
    if ('fonts' in document) await document.fonts.ready;
  });
}

/**
 * After a navigation: to the top, or smoothly to the hash target with an offset, waiting for
 * the new page to settle when the path changed (on a fresh page, also for its late content).
 */
export function scrollAfterNavigation({
  hash,
  pathChanged,
}: {
  hash: string;
  pathChanged: boolean;
}): void {
  if (!hash) {
    window.scrollTo({ top: 0, left: 0 });
    return;
  }
  if (pathChanged)
    window.setTimeout(() => {
      void pageContentSettled().then(() => {
        scrollToElement(hash);
      });
    }, HASH_SCROLL_DELAY_MS);
  // For a hash the browser went to itself (typed in the address bar, back or forward), it jumps
  // to the target in its next rendering update, which would cut short a smooth scroll started
  // before it.
  else
    afterNextPaint(() => {
      scrollToElement(hash);
    });
}
