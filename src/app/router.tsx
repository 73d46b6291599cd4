import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from '@/routeTree.gen';
import type { SessionStore } from '@/session/session-store';
import { PageError } from '@/components/page-error';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPage } from '@/components/not-found-page';
import { afterFirstPaint } from '@/lib/later/after-first-paint';

/** How long TanStack Router waits, by default, before it shows a pending screen. */
const DEFAULT_PENDING_MS = 1000;

export function createAppRouter(queryClient: QueryClient, sessionStore: SessionStore) {
  const router = createRouter({
    routeTree,
    context: {
      queryClient,
      sessionStore,
      revalidateRoutes,
      afterFirstPaint: firstScreenPainted,
    },
    // TanStack Query owns caching, so the router always asks it.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: PageError,
    defaultNotFoundComponent: NotFoundPage,
    // Scrolling after a navigation is ours alone (src/lib/navigation-scroll.ts): to the top, or to
    // a hash target with an offset and a delay, and not at all when the address did not change.
    defaultHashScrollIntoView: false,
    scrollRestoration: () => false,
  });
  function revalidateRoutes(): void {
    void router.invalidate();
  }
  function firstScreenPainted(): Promise<void> {
    return afterFirstPaint(router);
  }
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts loading the code of the page being opened right away: the router would load it only
 * after the guards, which wait for the session check. A failure here is the router's to report.
 */
export function preloadFirstScreen(router: AppRouter): void {
  const { pathname, search } = router.latestLocation;
  for (const match of router.matchRoutes(pathname, search)) {
    router.loadRouteChunk(router.routesById[match.routeId])?.catch(() => undefined);
  }
}

/**
 * Starts the router's first navigation and resolves once it has settled, or once the router
 * would show its pending screen, whichever comes first.
 */
export function firstNavigation(router: AppRouter): Promise<void> {
  const pendingMs = router.options.defaultPendingMs ?? DEFAULT_PENDING_MS;
  return Promise.race([
    // A navigation that fails shows its error once rendered; rendering must not wait on it.
    router.load().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, pendingMs)),
  ]);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
