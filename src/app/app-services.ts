import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '@/api/client';
import { reportApiError, reportUncaughtError, startErrorReporting } from '@/lib/error-reporting';
import { scrollAfterNavigation } from '@/lib/navigation-scroll';
import { afterNextPaint } from '@/lib/next-paint';
import { withVisitorTracking } from '@/lib/visitor-tracking-later';
import type { SessionStore } from '@/session/session-store';
import { completeSignOut, startSessionOnce } from '@/session/sign-in';
import { afterFirstPaint, inIdlePeriods } from '@/lib/later/after-first-paint';
import type { AppRouter } from './router';

function trackPageView({ path, title }: { path: string; title: string }): void {
  withVisitorTracking((tracking) => {
    tracking.trackPageView(path, title);
  });
}

/** Wires the API client, router events and third-party services to the app. */
export function connectAppServices(
  router: AppRouter,
  queryClient: QueryClient,
  sessionStore: SessionStore,
): void {
  configureApiClient({
    getImpersonateAs: () => sessionStore.get().impersonateAs,
    onUnauthenticated: () => {
      // Only a session can end. A visitor signed out on purpose (on the sign-in page, making a
      // link to claim later) stays where they are, and the screen that asked says it was refused.
      if (!sessionStore.get().isAuthenticated) return;
      completeSignOut({ queryClient, sessionStore });
      void router.navigate({ to: '/', replace: true });
    },
    reportError: reportApiError,
  });

  // Analytics starts with the session once the first screen is up and the server has answered
  // about the session; page views before that wait.
  let analyticsStarted = false;
  const earlyPageViews: { path: string; title: string }[] = [];
  // The router tells a change from the address it last resolved; the first navigation resolves
  // before React renders it, so its render would count as no change. What counts here is a
  // change from the address last rendered, and nothing was rendered before the first.
  let lastRendered: { href: string; pathname: string } | undefined;
  router.subscribe('onRendered', ({ toLocation }) => {
    // Re-validations of the same address are not navigations: nothing moves, nothing is counted.
    if (toLocation.href === lastRendered?.href) return;
    const pathChanged = toLocation.pathname !== lastRendered?.pathname;
    lastRendered = toLocation;
    scrollAfterNavigation({ hash: toLocation.hash, pathChanged });
    const view = { path: toLocation.pathname, title: document.title };
    // The analytics client does its work for a page view synchronously: after the new screen's
    // paint rather than before it.
    if (analyticsStarted)
      afterNextPaint(() => {
        trackPageView(view);
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
          for (const view of earlyPageViews.splice(0)) trackPageView(view);
        });
      },
      () => {
        startErrorReporting(router);
      },
      () => {
        withVisitorTracking((tracking) => {
          tracking.startCookieBanner();
        });
      },
    ]);
  });
}
