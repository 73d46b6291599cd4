import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { colorSchemeManager } from './color-scheme';
import { NotificationsAfterFirstPaint } from './notification-layer-later';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const MockScenarioPanel =
  import.meta.env.DEV && import.meta.env.VITE_USES_MOCK_API === true
    ? lazy(() => import('@/dev/mock-scenario-panel'))
    : () => null;

/** The per-response nonce the server put in index.html, for the theme's <style> element. */
function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      getStyleNonce={styleNonce}
    >
      <NotificationsAfterFirstPaint router={router} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Suspense>
          <MockScenarioPanel />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
