import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router';
import type { RouterContext } from '@/lib/router-context';
import { createSessionStore, type SessionStore } from '@/session/session-store';
import { render } from './render';

/** The app's root route, with the context every route of the app gets. */
export const createTestRootRoute = createRootRouteWithContext<RouterContext>();

interface TestRouterOptions {
  /** A query client of the test's own, e.g. to spy on it; by default one that does not retry. */
  queryClient?: QueryClient;
  /** By default a store read from `sessionStorage`, as the app starts. */
  sessionStore?: SessionStore;
  /** Where the router starts. */
  path?: string;
}

/** A router over `routeTree` in memory, with the app's context and the first paint already done. */
export function createTestRouter(
  routeTree: AnyRoute,
  {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    sessionStore = createSessionStore(),
    path = '/',
  }: TestRouterOptions = {},
) {
  const router = createRouter({
    routeTree,
    context: {
      queryClient,
      sessionStore,
      revalidateRoutes: () => undefined,
      afterFirstPaint: () => Promise.resolve(),
    },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { router, queryClient, sessionStore };
}

/** Renders `routeTree` at `path` inside the app's Mantine theme and query client. */
export function renderInRouter(routeTree: AnyRoute, options?: TestRouterOptions) {
  const created = createTestRouter(routeTree, options);
  render(
    <QueryClientProvider client={created.queryClient}>
      <RouterProvider router={created.router as never} />
    </QueryClientProvider>,
  );
  return created;
}
