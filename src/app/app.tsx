import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { AppRouter } from './router';
import { theme } from './theme';

const MockScenarioPanel = import.meta.env.DEV
  ? lazy(() => import('@/dev/mock-scenario-panel'))
  : () => null;

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense>
          <MockScenarioPanel />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
