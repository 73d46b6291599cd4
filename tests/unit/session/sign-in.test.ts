import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, test, vi } from 'vitest';

import {
  createSessionStore,
  rememberEmail,
  signedOutSession,
  type AuthCheckReply,
  type AuthSession,
} from '@/session/session-store';

// Shared across vi.resetModules(), so every fresh copy of sign-in.ts reports to the same spies.
// Tracking loads after the call that needs it: `vi.dynamicImportSettled()` waits for it.
const { analytics, acceptAnalyticsAtSignIn, acceptAnalyticsForSession } = vi.hoisted(() => ({
  analytics: {
    identify: vi.fn(),
    alias: vi.fn(),
    reset: vi.fn(),
    page: vi.fn(),
    grantConsent: vi.fn(),
    revokeConsent: vi.fn(),
    hasConsent: vi.fn(() => false),
  },
  acceptAnalyticsAtSignIn: vi.fn(),
  acceptAnalyticsForSession: vi.fn(),
}));

vi.mock('@/lib/analytics', () => ({ analytics }));
vi.mock('@/lib/consent', () => ({ acceptAnalyticsAtSignIn, acceptAnalyticsForSession }));

/** A fresh sign-in module, so the start-up "once" flag starts unset. */
async function freshSignIn() {
  vi.resetModules();
  return import('@/session/sign-in');
}

function loginReply(overrides: Partial<AuthCheckReply> = {}): AuthCheckReply {
  return {
    sessionId: 'new-session',
    userName: 'Ada',
    userId: '42',
    roles: ['Author'],
    responseStatus: { errorCode: '' },
    ...overrides,
  };
}

function services() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['get', '/v1/links/count'], { count: 3 });
  const clear = vi.spyOn(queryClient, 'clear');
  return { queryClient, sessionStore: createSessionStore(), clear };
}

const signedIn: AuthSession = {
  isAuthenticated: true,
  userName: 'Ada',
  userId: '42',
  email: 'ada@example.com',
  impersonateAs: '',
  roles: ['Author'],
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('completeSignIn', () => {
  test('a successful login stores a signed-in session, grants consent, resets the cache and identifies and aliases the user', async () => {
    const { completeSignIn } = await freshSignIn();
    rememberEmail('ada@example.com');
    const { queryClient, sessionStore, clear } = services();

    const session = completeSignIn(loginReply(), { queryClient, sessionStore });
    await vi.dynamicImportSettled();

    expect(session).toEqual(signedIn);
    expect(sessionStore.get()).toEqual(signedIn);
    expect(acceptAnalyticsAtSignIn).toHaveBeenCalledTimes(1);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toBeUndefined();
    expect(analytics.identify).toHaveBeenCalledExactlyOnceWith('42', { email: 'ada@example.com' });
    expect(analytics.alias).toHaveBeenCalledExactlyOnceWith('42');
  });

  test('consent is granted before the user is identified', async () => {
    const { completeSignIn } = await freshSignIn();
    const { queryClient, sessionStore } = services();

    completeSignIn(loginReply(), { queryClient, sessionStore });
    await vi.dynamicImportSettled();

    const consentOrder = acceptAnalyticsAtSignIn.mock.invocationCallOrder[0] ?? Infinity;
    const identifyOrder = analytics.identify.mock.invocationCallOrder[0] ?? -Infinity;
    expect(consentOrder).toBeLessThan(identifyOrder);
  });

  test.each<[string, Partial<AuthCheckReply>]>([
    ['a blank sessionId', { sessionId: '' }],
    ['a whitespace sessionId', { sessionId: '  ' }],
    ['a non-blank errorCode', { responseStatus: { errorCode: 'TokenExpired' } }],
  ])('a reply with %s stores a signed-out session and nothing else', async (_case, overrides) => {
    const { completeSignIn } = await freshSignIn();
    const { queryClient, sessionStore, clear } = services();
    sessionStore.applyReply(loginReply({ userId: '7' }));

    const session = completeSignIn(loginReply(overrides), { queryClient, sessionStore });
    await vi.dynamicImportSettled();

    expect(session).toEqual(signedOutSession);
    expect(sessionStore.get()).toEqual(signedOutSession);
    expect(window.sessionStorage.getItem('shelflink.session')).toBeNull();
    expect(acceptAnalyticsAtSignIn).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toEqual({ count: 3 });
    expect(analytics.identify).not.toHaveBeenCalled();
    expect(analytics.alias).not.toHaveBeenCalled();
  });
});

describe('startSessionOnce', () => {
  test('a signed-in user gets consent for the session and is identified with id and e-mail', async () => {
    const { startSessionOnce } = await freshSignIn();

    startSessionOnce(signedIn);
    await vi.dynamicImportSettled();

    expect(acceptAnalyticsForSession).toHaveBeenCalledTimes(1);
    expect(analytics.identify).toHaveBeenCalledExactlyOnceWith('42', { email: 'ada@example.com' });
    expect(analytics.alias).not.toHaveBeenCalled();
  });

  test('a signed-out user gets an anonymous identify and no consent', async () => {
    const { startSessionOnce } = await freshSignIn();

    startSessionOnce(signedOutSession);
    await vi.dynamicImportSettled();

    expect(acceptAnalyticsForSession).not.toHaveBeenCalled();
    expect(analytics.identify).toHaveBeenCalledTimes(1);
    expect(analytics.identify).toHaveBeenCalledWith();
  });

  test('runs only once per page load', async () => {
    const { startSessionOnce } = await freshSignIn();

    startSessionOnce(signedOutSession);
    startSessionOnce(signedIn);
    startSessionOnce(signedIn);
    await vi.dynamicImportSettled();
    await vi.dynamicImportSettled();

    expect(analytics.identify).toHaveBeenCalledTimes(1);
    expect(analytics.identify).toHaveBeenCalledWith();
    expect(acceptAnalyticsForSession).not.toHaveBeenCalled();
  });
});

describe('completeSignOut', () => {
  test('stores the signed-out session, resets analytics and empties the cache', async () => {
    const { completeSignOut } = await freshSignIn();
    const { queryClient, sessionStore } = services();
    sessionStore.applyReply(loginReply());

    completeSignOut({ queryClient, sessionStore });
    await vi.dynamicImportSettled();

    expect(sessionStore.get()).toEqual(signedOutSession);
    expect(analytics.reset).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  test('keeps a read still in flight, so the read whose 401 ended the session is not asked again', async () => {
    const { completeSignOut } = await freshSignIn();
    const { queryClient, sessionStore } = services();
    sessionStore.applyReply(loginReply());
    const queryKey = ['get', '/v1/product/metadata'];
    const queryFn = vi.fn(() => {
      // The API client signs out while the rejected reply is being read.
      completeSignOut({ queryClient, sessionStore });
      return Promise.reject(new Error('401'));
    });

    await expect(queryClient.query({ queryKey, queryFn, retry: false })).rejects.toThrow('401');

    expect(queryClient.getQueryState(queryKey)?.status).toBe('error');
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toBeUndefined();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  test('once signed out, a further 401 leaves the cache alone', async () => {
    const { completeSignOut } = await freshSignIn();
    const { queryClient, sessionStore } = services();

    completeSignOut({ queryClient, sessionStore });

    expect(sessionStore.get()).toEqual(signedOutSession);
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toEqual({ count: 3 });
  });
});
