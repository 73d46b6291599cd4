import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { render } from '../../support/render';
import type { RouterContext } from '@/lib/router-context';
import { AdminDashboardPage } from '@/features/admin/admin-dashboard-page';
import { createSessionStore } from '@/session/session-store';
import { jsonReply } from '../../support/api-client';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

// The dashboard lists reported links as it opens; none are waiting here.
vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});
fetchMock.mockImplementation(() => Promise.resolve(jsonReply(200, { results: [], total: 0 })));

function renderDashboard(impersonateAs: string) {
  window.sessionStorage.setItem(
    'shelflink.session',
    JSON.stringify({
      isAuthenticated: true,
      userName: 'ines.duarte@shelflink.app',
      userId: '1',
      email: 'ines.duarte@shelflink.app',
      impersonateAs,
      roles: ['Administrator'],
    }),
  );
  const sessionStore = createSessionStore();
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: AdminDashboardPage,
  });
  const router = createRouter({
    routeTree: rootRoute,
    context: {
      queryClient,
      sessionStore,
      revalidateRoutes: () => {},
      afterFirstPaint: () => Promise.resolve(),
    },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { sessionStore, invalidate };
}

describe('the admin dashboard', () => {
  test('offers the lookup and no banner while acting as oneself', async () => {
    renderDashboard('');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Admin dashboard');
    expect(screen.getByRole('textbox', { name: "User's e-mail address" })).toBeInTheDocument();
    expect(screen.queryByText(/You are acting as/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Reported links' })).toBeInTheDocument();
    expect(await screen.findByText('No reports are waiting.')).toBeInTheDocument();
  });

  test('checks the e-mail address before looking it up', async () => {
    renderDashboard('');
    const field = await screen.findByRole('textbox', { name: "User's e-mail address" });
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(field).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
  });

  test('while impersonating, says who and stops on request', async () => {
    const { sessionStore, invalidate } = renderDashboard('10482');
    expect(await screen.findByText('You are acting as user 10482')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Stop impersonating' }));

    expect(sessionStore.get().impersonateAs).toBe('');
    expect(invalidate).toHaveBeenCalledWith();
    expect(screen.queryByText(/You are acting as/)).not.toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('shelflink.session') ?? '{}')).toMatchObject({
      impersonateAs: '',
    });
  });
});
