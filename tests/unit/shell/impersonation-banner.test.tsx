import { QueryClient } from '@tanstack/react-query';
import { createRoute, Outlet } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { jsonReply } from '../support/api-client';
import { createTestRootRoute, renderInRouter } from '../support/router';
import { AppShell } from '@/shell/app-shell';

const { fetchMock } = vi.hoisted(() => ({ fetchMock: vi.fn<typeof globalThis.fetch>() }));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});

const ADMIN = {
  isAuthenticated: true,
  userName: 'ines.duarte@shelflink.app',
  userId: '1',
  email: 'ines.duarte@shelflink.app',
  roles: ['Administrator'],
};

function answerAccount(account: { userId: string; email: string } | 'failure') {
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      account === 'failure'
        ? jsonReply(500, { responseStatus: { errorCode: 'ServerError', message: 'Boom' } })
        : jsonReply(200, { ...account, name: '', plan: 'standard' }),
    ),
  );
}

/** The app shell around a few signed-in pages, opened at `path`, as an administrator. */
function renderShell(path: string, impersonateAs: string) {
  window.sessionStorage.setItem('shelflink.session', JSON.stringify({ ...ADMIN, impersonateAs }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const resetQueries = vi.spyOn(queryClient, 'resetQueries');
  const rootRoute = createTestRootRoute({
    component: () => (
      <AppShell>
        <Outlet />
      </AppShell>
    ),
  });
  const signedIn = createRoute({ getParentRoute: () => rootRoute, id: '_authenticated' });
  const page = (pagePath: string, heading: string) =>
    createRoute({
      getParentRoute: () => signedIn,
      path: pagePath,
      component: () => <h1>{heading}</h1>,
    });
  const { router, sessionStore } = renderInRouter(
    rootRoute.addChildren([
      signedIn.addChildren([
        page('settings', 'Affiliate Settings'),
        page('links/books', 'Your links'),
        page('links/reports/$code', 'Report'),
      ]),
    ]),
    { queryClient, path },
  );
  return { router, sessionStore, resetQueries };
}

function banner() {
  return screen.findByRole('region', { name: 'Impersonation' }, { timeout: 5000 });
}

describe('the impersonation banner', () => {
  test('is not shown while administrators act as themselves', async () => {
    answerAccount({ userId: '10482', email: 'maya.okafor@example.com' });
    renderShell('/settings', '');
    expect(await screen.findByRole('heading', { name: 'Affiliate Settings' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('names the account by its e-mail, saying so while it loads, never by its id', async () => {
    const waiting: ((reply: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise((resolve) => waiting.push(resolve)));
    renderShell('/links/books', '10482');
    const region = await banner();
    expect(region).toHaveTextContent('You are acting as another user (loading their e-mail…)');

    // The banner can show before its request is sent: answer only once it has been.
    await waitFor(() => {
      expect(waiting.length).toBeGreaterThan(0);
    });
    for (const answer of waiting) {
      answer(
        jsonReply(200, { userId: '10482', email: 'maya.okafor@example.com', plan: 'standard' }),
      );
    }
    await waitFor(() => {
      expect(region).toHaveTextContent('You are acting as maya.okafor@example.com.');
    });
    expect(region).not.toHaveTextContent('10482');
    const [request] = fetchMock.mock.calls[0] ?? [];
    expect((request as Request).url).toBe('http://api.test/v2/account');
  });

  test('says honestly when the e-mail could not be read', async () => {
    answerAccount('failure');
    renderShell('/links/books', '10482');
    const region = await banner();
    await waitFor(() => {
      expect(region).toHaveTextContent('another user (their e-mail could not be loaded)');
    });
  });

  test('does not name another account than the one impersonated', async () => {
    answerAccount({ userId: '10517', email: 'jonah.reyes@example.com' });
    renderShell('/links/books', '10482');
    const region = await banner();
    await waitFor(() => {
      expect(region).toHaveTextContent('their e-mail could not be loaded');
    });
    expect(region).not.toHaveTextContent('jonah.reyes@example.com');
  });

  test('Stop, on any page, goes back to the administrator and reloads that page as theirs', async () => {
    answerAccount({ userId: '10482', email: 'maya.okafor@example.com' });
    const { router, sessionStore, resetQueries } = renderShell('/settings', '10482');
    const region = await banner();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Stop impersonating' }, { timeout: 5000 }),
    );

    expect(sessionStore.get().impersonateAs).toBe('');
    expect(resetQueries).toHaveBeenCalled();
    expect(region).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(JSON.parse(window.sessionStorage.getItem('shelflink.session') ?? '{}')).toMatchObject({
      impersonateAs: '',
    });
  });

  test('Stop on a page about one of the other user’s things goes to the administrator’s links', async () => {
    answerAccount({ userId: '10482', email: 'maya.okafor@example.com' });
    const { router } = renderShell('/links/reports/salt-orchard', '10482');
    await banner();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Stop impersonating' }, { timeout: 5000 }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/links/books');
    });
    expect(await screen.findByRole('heading', { name: 'Your links' })).toBeVisible();
  });
});
