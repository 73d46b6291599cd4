import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, test, vi } from 'vitest';

import { connectAppServices } from '@/app/app-services';
import type { AppRouter } from '@/app/router';
import { createSessionStore } from '@/lib/session';

const services = vi.hoisted(() => ({
  startErrorReporting: vi.fn(),
  startCookieBanner: vi.fn(),
  startSessionOnce: vi.fn(),
  page: vi.fn(),
}));

vi.mock('@/lib/error-reporting', () => ({
  reportApiError: vi.fn(),
  reportUncaughtError: vi.fn(),
  startErrorReporting: services.startErrorReporting,
}));
vi.mock('@/shell/cookie-preferences', () => ({ startCookieBanner: services.startCookieBanner }));
vi.mock('@/features/auth/sign-in', () => ({ startSessionOnce: services.startSessionOnce }));
vi.mock('@/lib/analytics', () => ({ analytics: { page: services.page } }));
vi.mock('@/lib/navigation-scroll', () => ({ scrollAfterNavigation: vi.fn() }));
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
  const rendered = (pathname: string) => {
    for (const listener of [...listeners]) {
      listener({ toLocation: { pathname, hash: '' }, pathChanged: true, hrefChanged: true });
    }
  };
  return { router: router as unknown as AppRouter, rendered };
}

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
