import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { AdminDashboardPage } from '@/features/admin/admin-dashboard-page';
import { jsonReply } from '../../support/api-client';
import { createTestRootRoute, renderInRouter } from '../../support/router';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

// The dashboard lists reported links as it opens; none are waiting here.
vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});
const MAYA = {
  userId: '10482',
  email: 'maya.okafor@example.com',
  name: 'Maya Okafor',
  roles: [],
  plan: 'standard',
  linkCount: 23,
  collectionCount: 2,
  createdAt: '2024-02-19T08:30:00Z',
  lastSignInAt: '2026-11-20T21:12:00Z',
};
fetchMock.mockImplementation((input) =>
  Promise.resolve(
    (input as Request).url.includes('/v1/admin/account')
      ? jsonReply(200, MAYA)
      : jsonReply(200, { results: [], total: 0 }),
  ),
);

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
  const queryClient = new QueryClient();
  const resetQueries = vi.spyOn(queryClient, 'resetQueries');
  const { sessionStore } = renderInRouter(createTestRootRoute({ component: AdminDashboardPage }), {
    queryClient,
  });
  return { sessionStore, resetQueries };
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

  test('acts as the account looked up; the banner saying so is the app shell’s', async () => {
    const { sessionStore, resetQueries } = renderDashboard('');
    await userEvent.type(
      await screen.findByRole('textbox', { name: "User's e-mail address" }),
      'maya.okafor@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByRole('article', { name: 'Maya Okafor' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Act as this user' }));

    expect(sessionStore.get().impersonateAs).toBe('10482');
    expect(resetQueries).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Act as this user' })).toBeDisabled();
    expect(screen.getByText('You are already acting as this user.')).toBeInTheDocument();
    // The page itself repeats neither the banner nor its Stop button.
    expect(screen.queryByText(/You are acting as/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop impersonating' })).not.toBeInTheDocument();
  });
});
