import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute, Outlet } from '@tanstack/react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { TokenLinkPage } from '@/features/auth/token-link-page';
import type { TokenLinkKind } from '@/features/auth/token-sign-in';
import { createSessionStore, type AuthCheckReply } from '@/session/session-store';
import { jsonReply } from '../../support/api-client';
import { createTestRootRoute, renderInRouter } from '../../support/router';

const { fetchMock, analytics, acceptAnalyticsAtSignIn } = vi.hoisted(() => ({
  fetchMock: vi.fn<typeof globalThis.fetch>(),
  analytics: { identify: vi.fn(), alias: vi.fn(), reset: vi.fn() },
  acceptAnalyticsAtSignIn: vi.fn(),
}));

vi.mock('@/api/client', async (importOriginal) => {
  const { overFetch } = await import('../../support/api-client');
  return overFetch(await importOriginal(), fetchMock);
});
vi.mock('@/lib/analytics', () => ({ analytics }));
vi.mock('@/lib/consent', () => ({ acceptAnalyticsAtSignIn }));

const LINK_EMAIL = 'maya.okafor@example.com';

const mayaSignedIn: AuthCheckReply = {
  sessionId: 'new-session',
  userName: LINK_EMAIL,
  userId: '10482',
  email: LINK_EMAIL,
  roles: ['Author'],
};

/** The screen at `/login/<token>` (or `/confirm/<token>`), with the pages it goes on to. */
function renderScreen(kind: TokenLinkKind, signedInAs?: AuthCheckReply) {
  const root = createTestRootRoute({ component: Outlet });
  const linkPath = kind === 'sign-in' ? '/login/$token' : '/confirm/$token';
  const linkRoute = createRoute({
    getParentRoute: () => root,
    path: linkPath,
    component: function Screen() {
      const { token } = linkRoute.useParams();
      return <TokenLinkPage token={token} email={LINK_EMAIL} kind={kind} />;
    },
  });
  const books = createRoute({
    getParentRoute: () => root,
    path: '/links/books',
    component: () => <h1>Your links</h1>,
  });
  const sessionStore = createSessionStore();
  if (signedInAs) sessionStore.applyReply(signedInAs);
  const path = `${kind === 'sign-in' ? '/login' : '/confirm'}/one-time-token`;
  return renderInRouter(root.addChildren([linkRoute, books]), { sessionStore, path });
}

function sentRequest(): Request {
  const request = fetchMock.mock.calls[0]?.[0];
  if (!(request instanceof Request)) throw new Error('fetch got no Request');
  return request;
}

beforeEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the screen of a sign-in link', () => {
  test('asks "Continue as <e-mail>?" and signs nobody in on arrival', async () => {
    const { sessionStore } = renderScreen('sign-in');

    expect(
      await screen.findByRole('heading', { level: 1, name: `Continue as ${LINK_EMAIL}?` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.queryByText(/will sign you out/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.get().isAuthenticated).toBe(false);
  });

  test('tells someone signed in that continuing signs them out of their address', async () => {
    const { sessionStore } = renderScreen('sign-in', {
      sessionId: 'ada-session',
      userName: 'ada@example.org',
      userId: '7',
      email: 'ada@example.org',
      roles: ['Author'],
    });

    expect(await screen.findByText(/Continuing will sign you out of/)).toHaveTextContent(
      'Continuing will sign you out of ada@example.org.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sessionStore.get()).toMatchObject({ isAuthenticated: true, userId: '7' });
  });

  test('signs in only on Continue, as signing in does (session, consent, identity), then goes on', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonReply(200, mayaSignedIn)));
    const { sessionStore, queryClient, router } = renderScreen('sign-in');
    queryClient.setQueryData(['get', '/v1/links/count'], { count: 3 });

    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Your links' })).toBeInTheDocument();
    expect(new URL(sentRequest().url).pathname).toBe('/v1/login');
    expect(await sentRequest().json()).toEqual({ token: 'one-time-token' });
    expect(sessionStore.get()).toMatchObject({ isAuthenticated: true, userId: '10482' });
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toBeUndefined();
    await vi.dynamicImportSettled();
    expect(acceptAnalyticsAtSignIn).toHaveBeenCalledTimes(1);
    expect(analytics.identify).toHaveBeenCalledWith('10482', { email: LINK_EMAIL });
    expect(router.state.location.pathname).toBe('/links/books');
  });
});

describe('the screen of a registration confirmation link', () => {
  test('claims the pending link and signs in only on Continue', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonReply(200, {
          ...mayaSignedIn,
          link: {
            domain: 'shelf.to',
            code: 'salt-orchard',
            shortUrl: 'https://shelf.to/salt-orchard',
          },
        }),
      ),
    );
    const { sessionStore } = renderScreen('confirmation');

    expect(
      await screen.findByText(/This link confirms your registration and signs you in/),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Your links' })).toBeInTheDocument();
    expect(new URL(sentRequest().url).pathname).toBe('/v1/links/pending');
    expect(await sentRequest().json()).toEqual({ token: 'one-time-token' });
    expect(sessionStore.get()).toMatchObject({ isAuthenticated: true, userId: '10482' });
  });
});
