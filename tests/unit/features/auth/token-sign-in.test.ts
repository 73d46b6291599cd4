import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';

import {
  DEFAULT_AFTER_SIGN_IN,
  previewTokenLink,
  rememberAfterSignIn,
  signInWithToken,
  signOut,
} from '@/features/auth/token-sign-in';
import { createSessionStore, signedOutSession, type AuthCheckReply } from '@/session/session-store';
import { jsonReply } from '../../support/api-client';

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

function answerWith(status: number, body: unknown): void {
  fetchMock.mockImplementation(() => Promise.resolve(jsonReply(status, body)));
}

function loginReply(overrides: Partial<AuthCheckReply> = {}): AuthCheckReply {
  return {
    sessionId: 'new-session',
    userName: 'ada@example.com',
    userId: '42',
    roles: ['Author'],
    responseStatus: { errorCode: '' },
    ...overrides,
  };
}

function routerContext() {
  return {
    queryClient: new QueryClient(),
    sessionStore: createSessionStore(),
    revalidateRoutes: () => {},
    afterFirstPaint: () => Promise.resolve(),
  };
}

/** Runs a call that always ends in a redirect, and returns where it goes. */
async function redirectOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options;
    throw thrown;
  }
  throw new Error('Expected a redirect');
}

function sentRequest(): Request {
  const request = fetchMock.mock.calls[0]?.[0];
  if (!(request instanceof Request)) throw new Error('fetch got no Request');
  return request;
}

beforeEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
});

describe('previewTokenLink', () => {
  test('reads the address with the token in the body, not the address, and signs nobody in', async () => {
    answerWith(200, { email: 'maya.okafor@example.com' });

    await expect(previewTokenLink('one-time-token', 'sign-in')).resolves.toBe(
      'maya.okafor@example.com',
    );

    expect(sentRequest().method).toBe('POST');
    expect(new URL(sentRequest().url).pathname).toBe('/v1/login/preview');
    expect(sentRequest().url).not.toContain('one-time-token');
    expect(await sentRequest().json()).toEqual({ token: 'one-time-token' });
    expect(acceptAnalyticsAtSignIn).not.toHaveBeenCalled();
    expect(analytics.identify).not.toHaveBeenCalled();
  });

  test.each([
    [410, 'TokenExpired', 'sign-in', 'expired'],
    [410, 'TokenUsed', 'sign-in', 'failed'],
    [404, 'TokenNotFound', 'sign-in', 'failed'],
    [500, 'ServerError', 'sign-in', 'failed'],
    [410, 'TokenExpired', 'confirmation', 'confirmation'],
    [404, 'TokenNotFound', 'confirmation', 'confirmation'],
  ] as const)(
    'a %i %s for a %s link goes to the sign-in page saying "%s"',
    async (status, errorCode, kind, failed) => {
      answerWith(status, { responseStatus: { errorCode, message: 'No.', errors: [] } });

      const target = await redirectOf(previewTokenLink('t', kind));

      expect(target).toMatchObject({ to: '/login', search: { failed }, replace: true });
    },
  );
});

describe('signInWithToken', () => {
  test('posts the token to /v1/login, stores the session and goes to the default page', async () => {
    answerWith(200, loginReply());
    const context = routerContext();

    const target = await signInWithToken('one-time-token', context);
    await vi.dynamicImportSettled();

    expect(sentRequest().method).toBe('POST');
    expect(new URL(sentRequest().url).pathname).toBe('/v1/login');
    expect(await sentRequest().json()).toEqual({ token: 'one-time-token' });
    expect(context.sessionStore.get()).toMatchObject({ isAuthenticated: true, userId: '42' });
    expect(acceptAnalyticsAtSignIn).toHaveBeenCalledTimes(1);
    expect(analytics.identify).toHaveBeenCalledWith('42', { email: 'ada@example.com' });
    expect(analytics.alias).toHaveBeenCalledWith('42');
    expect(target).toMatchObject({ href: DEFAULT_AFTER_SIGN_IN, replace: true });
  });

  test('goes to the page remembered before the link was sent', async () => {
    answerWith(200, loginReply());
    rememberAfterSignIn('/collections?page=2');

    const target = await signInWithToken('t', routerContext());

    expect(target).toMatchObject({ href: '/collections?page=2' });
  });

  test('an expired token stores a signed-out session and reports "expired"', async () => {
    answerWith(200, loginReply({ sessionId: '', responseStatus: { errorCode: 'TokenExpired' } }));
    const context = routerContext();
    context.sessionStore.applyReply(loginReply({ userId: '7' }));

    const target = await signInWithToken('t', context);
    await vi.dynamicImportSettled();

    expect(context.sessionStore.get()).toEqual(signedOutSession);
    expect(target).toMatchObject({ to: '/login', search: { failed: 'expired' }, replace: true });
    expect(acceptAnalyticsAtSignIn).not.toHaveBeenCalled();
    expect(analytics.identify).not.toHaveBeenCalled();
  });

  test('a blank sessionId stores a signed-out session and reports "failed"', async () => {
    answerWith(200, loginReply({ sessionId: '' }));
    const context = routerContext();

    const target = await signInWithToken('t', context);

    expect(context.sessionStore.get()).toEqual(signedOutSession);
    expect(target).toMatchObject({ to: '/login', search: { failed: 'failed' } });
  });

  test('a failed call resets the session and reports "failed"', async () => {
    answerWith(400, { responseStatus: { errorCode: 'Invalid', message: 'Bad token' } });
    const context = routerContext();
    context.sessionStore.applyReply(loginReply({ userId: '7' }));

    const target = await signInWithToken('t', context);

    expect(context.sessionStore.get()).toEqual(signedOutSession);
    expect(target).toMatchObject({ to: '/login', search: { failed: 'failed' } });
  });
});

describe('signOut', () => {
  test('signs the browser out and goes home even when the server call fails', async () => {
    answerWith(500, { responseStatus: { message: 'Down' } });
    const context = routerContext();
    context.sessionStore.applyReply(loginReply());

    const target = await redirectOf(signOut(context));
    await vi.dynamicImportSettled();

    expect(new URL(sentRequest().url).pathname).toBe('/auth/logout');
    expect(context.sessionStore.get()).toEqual(signedOutSession);
    expect(analytics.reset).toHaveBeenCalledTimes(1);
    expect(target).toMatchObject({ to: '/', replace: true });
  });
});
