import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@/api/client';
import { analytics } from '@/lib/analytics';
import { setDefaultConsent } from '@/lib/consent';
import { reportApiError, reportUncaughtError, startErrorReporting } from '@/lib/error-reporting';
import { scrollAfterNavigation } from '@/lib/navigation-scroll';
import type { SessionStore } from '@/lib/session';
import { startCookieBanner } from '@/shell/cookie-preferences';
import type { AppRouter } from './router';

/** Wires the API client, router events and third-party services to the app. */
export function connectAppServices(
  router: AppRouter,
  queryClient: QueryClient,
  sessionStore: SessionStore,
): void {
  setDefaultConsent();

  configureApiClient({
    getImpersonateAs: () => sessionStore.get().impersonateAs,
    onUnauthenticated: () => {
      sessionStore.reset();
      queryClient.clear();
      void router.navigate({ to: '/', replace: true });
    },
    reportError: reportApiError,
  });

  router.subscribe('onRendered', ({ toLocation, pathChanged, hrefChanged }) => {
    // Re-validations of the same address are not navigations: nothing moves, nothing is counted.
    if (!hrefChanged) return;
    scrollAfterNavigation({ hash: toLocation.hash, pathChanged });
    analytics.page(toLocation.pathname, document.title);
  });

  window.addEventListener('error', (event) => {
    reportUncaughtError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportUncaughtError(event.reason);
  });

  // Error reporting and the consent banner load once the first screen is up.
  const startDeferredServices = () => {
    startErrorReporting(router);
    startCookieBanner();
  };
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(startDeferredServices, { timeout: 2000 });
  else setTimeout(startDeferredServices, 1);
}
