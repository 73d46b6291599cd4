import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import {
  HASH_SCROLL_DELAY_MS,
  HASH_SCROLL_OFFSET,
  scrollAfterNavigation,
} from '@/lib/navigation-scroll';

const TARGET_TOP = 500;

let scrollTo: MockInstance<typeof window.scrollTo>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  vi.clearAllMocks();
  scrollTo = vi.spyOn(window, 'scrollTo');
  const target = document.createElement('section');
  target.id = 'upgrading';
  target.getBoundingClientRect = () => ({ top: TARGET_TOP }) as DOMRect;
  document.body.append(target);
});

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('scrollAfterNavigation', () => {
  test('without a hash, goes to the top at once', () => {
    scrollAfterNavigation({ hash: '', pathChanged: true });

    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0 });
  });

  test('to a hash on another path, scrolls smoothly 20 px above the target after 300 ms', async () => {
    scrollAfterNavigation({ hash: 'upgrading', pathChanged: true });

    await vi.advanceTimersByTimeAsync(HASH_SCROLL_DELAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({
      top: TARGET_TOP - HASH_SCROLL_OFFSET,
      behavior: 'smooth',
    });
  });

  test('on a fresh page, aims only once its late content (load event, web fonts) has arrived', async () => {
    let fontsLoaded: () => void = () => undefined;
    const fonts = { ready: new Promise<void>((resolve) => (fontsLoaded = resolve)) };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      scrollAfterNavigation({ hash: 'upgrading', pathChanged: true });
      await vi.advanceTimersByTimeAsync(HASH_SCROLL_DELAY_MS);
      expect(scrollTo).not.toHaveBeenCalled();

      window.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(0);
      expect(scrollTo).not.toHaveBeenCalled();

      // The headings' font arrives and moves the target down before the scroll aims at it.
      const target = document.getElementById('upgrading');
      if (!target) throw new Error('The target is missing');
      target.getBoundingClientRect = () => ({ top: TARGET_TOP + 400 }) as DOMRect;
      fontsLoaded();
      await vi.advanceTimersByTimeAsync(0);
      expect(scrollTo).toHaveBeenCalledExactlyOnceWith({
        top: TARGET_TOP + 400 - HASH_SCROLL_OFFSET,
        behavior: 'smooth',
      });
    } finally {
      readyState.mockRestore();
      Reflect.deleteProperty(document, 'fonts');
    }
  });

  test('to a hash on the same path, scrolls smoothly 20 px above the target once the browser has painted its own jump to it', () => {
    scrollAfterNavigation({ hash: 'upgrading', pathChanged: false });

    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({
      top: TARGET_TOP - HASH_SCROLL_OFFSET,
      behavior: 'smooth',
    });
  });
});
