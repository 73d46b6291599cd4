import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

import { connectAppServices } from '@/app/app-services';
import type { AppRouter } from '@/app/router';
import { createSessionStore } from '@/session/session-store';

const services = vi.hoisted(() => ({
  startErrorReporting: vi.fn(),
  startCookieBanner: vi.fn(),
  startSessionOnce: vi.fn(),
  page: vi.fn(),
  scrollAfterNavigation: vi.fn(),
}));

vi.mock('@/lib/error-reporting', () => ({
  reportApiError: vi.fn(),
  reportUncaughtError: vi.fn(),
  startErrorReporting: services.startErrorReporting,
}));
vi.mock('@/session/sign-in', () => ({ startSessionOnce: services.startSessionOnce }));
vi.mock('@/lib/visitor-tracking', () => ({
  trackPageView: services.page,
  startCookieBanner: services.startCookieBanner,
}));
vi.mock('@/lib/navigation-scroll', () => ({
  scrollAfterNavigation: services.scrollAfterNavigation,
}));
vi.mock('@/app/router', () => ({}));

type Listener = (event: unknown) => void;

function fakeRouter() {
  const listeners: Listener[] = [];
  const router = {
    state: { resolvedLocation: undefined },
    navigate: vi.fn(),
    subscribe: (_event: string, listener: Listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  /** What the router reports once it has rendered `href`, with its own view of what changed. */
  const rendered = (href: string, reported = { pathChanged: true, hrefChanged: true }) => {
    const { pathname, hash } = new URL(href, 'https://shelflink.test');
    for (const listener of [...listeners]) {
      listener({ toLocation: { href, pathname, hash: hash.slice(1) }, ...reported });
    }
  };
  return { router: router as unknown as AppRouter, rendered };
}

/** The router's report on the first render when its first navigation resolved before React rendered. */
const NOTHING_CHANGED = { pathChanged: false, hrefChanged: false };

beforeEach(() => {
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
});

test('third parties start once the first screen is painted, the analytics session once the server has answered too', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
  const { router, rendered } = fakeRouter();
  const sessionStore = createSessionStore();

  connectAppServices(router, new QueryClient(), sessionStore);
  // Well within the wait for a first screen that never reports itself.
  await vi.advanceTimersByTimeAsync(1000);
  expect(services.startErrorReporting).not.toHaveBeenCalled();
  expect(services.startCookieBanner).not.toHaveBeenCalled();
  expect(services.startSessionOnce).not.toHaveBeenCalled();

  rendered('/faq');
  expect(services.startErrorReporting).not.toHaveBeenCalled();
  expect(services.page).not.toHaveBeenCalled();

  await vi.advanceTimersByTimeAsync(1000);
  expect(services.startErrorReporting).toHaveBeenCalledExactlyOnceWith(router);
  expect(services.startCookieBanner).toHaveBeenCalledOnce();
  expect(services.startSessionOnce).not.toHaveBeenCalled();
  expect(services.page).not.toHaveBeenCalled();

  sessionStore.reset();
  await vi.advanceTimersByTimeAsync(0);
  expect(services.startSessionOnce).toHaveBeenCalledExactlyOnceWith(sessionStore.get());
  // The first page view waited for the session start, so consent is settled before it is sent.
  expect(services.page).toHaveBeenCalledExactlyOnceWith('/faq', document.title);
  expect(services.startSessionOnce.mock.invocationCallOrder[0]).toBeLessThan(
    services.page.mock.invocationCallOrder[0] ?? 0,
  );

  rendered('/about');
  expect(services.page).toHaveBeenCalledOnce();
  await vi.advanceTimersByTimeAsync(100);
  expect(services.page).toHaveBeenLastCalledWith('/about', document.title);
  expect(services.startSessionOnce).toHaveBeenCalledOnce();
});

test('the first render of a page load is a navigation, though the router reports no change', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
  const { router, rendered } = fakeRouter();
  const sessionStore = createSessionStore();
  connectAppServices(router, new QueryClient(), sessionStore);

  rendered('/faq#upgrading', NOTHING_CHANGED);
  sessionStore.reset();
  await vi.advanceTimersByTimeAsync(1000);

  expect(services.scrollAfterNavigation).toHaveBeenCalledExactlyOnceWith({
    hash: 'upgrading',
    pathChanged: true,
  });
  expect(services.page).toHaveBeenCalledExactlyOnceWith('/faq', document.title);
});

test('a render of the address last rendered is no navigation; a new hash on it is one', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
  const { router, rendered } = fakeRouter();
  const sessionStore = createSessionStore();
  connectAppServices(router, new QueryClient(), sessionStore);
  sessionStore.reset();
  rendered('/faq', NOTHING_CHANGED);
  await vi.advanceTimersByTimeAsync(1000);
  services.scrollAfterNavigation.mockClear();
  services.page.mockClear();

  rendered('/faq', NOTHING_CHANGED);
  await vi.advanceTimersByTimeAsync(100);
  expect(services.scrollAfterNavigation).not.toHaveBeenCalled();
  expect(services.page).not.toHaveBeenCalled();

  rendered('/faq#upgrading', { pathChanged: false, hrefChanged: true });
  await vi.advanceTimersByTimeAsync(100);
  expect(services.scrollAfterNavigation).toHaveBeenCalledExactlyOnceWith({
    hash: 'upgrading',
    pathChanged: false,
  });
  expect(services.page).toHaveBeenCalledExactlyOnceWith('/faq', document.title);
});
