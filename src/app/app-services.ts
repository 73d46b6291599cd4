import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@/api/client';
import { startSessionOnce } from '@/features/auth/sign-in';
import { analytics } from '@/lib/analytics';
import { setDefaultConsent } from '@/lib/consent';
import { reportApiError, reportUncaughtError, startErrorReporting } from '@/lib/error-reporting';
import { scrollAfterNavigation } from '@/lib/navigation-scroll';
import type { SessionStore } from '@/lib/session';
import { afterFirstPaint, afterNextPaint, inIdlePeriods } from '@/shell/after-first-paint';
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

  // Analytics starts with the session once the first screen is up and the server has answered
  // about the session; page views before that wait.
  let analyticsStarted = false;
  const earlyPageViews: { path: string; title: string }[] = [];
  router.subscribe('onRendered', ({ toLocation, pathChanged, hrefChanged }) => {
    // Re-validations of the same address are not navigations: nothing moves, nothing is counted.
    if (!hrefChanged) return;
    scrollAfterNavigation({ hash: toLocation.hash, pathChanged });
    const view = { path: toLocation.pathname, title: document.title };
    // The analytics client does its work for a page view synchronously: after the new screen's
    // paint rather than before it.
    if (analyticsStarted)
      afterNextPaint(() => {
        analytics.page(view.path, view.title);
      });
    else earlyPageViews.push(view);
  });

  window.addEventListener('error', (event) => {
    reportUncaughtError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportUncaughtError(event.reason);
  });

  // Third parties (analytics, tag managers, error reporting, the consent banner) start only after
  // the first screen has been painted, so none of them delays it, and each when the browser is
  // idle again.
  void afterFirstPaint(router).then(() => {
    inIdlePeriods([
      () => {
        void sessionStore.whenChecked().then((session) => {
          startSessionOnce(session);
          analyticsStarted = true;
          for (const view of earlyPageViews.splice(0)) analytics.page(view.path, view.title);
        });
      },
      () => {
        startErrorReporting(router);
      },
      startCookieBanner,
    ]);
  });
}
