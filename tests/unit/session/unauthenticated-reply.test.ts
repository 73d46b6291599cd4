import { QueryClient } from '@tanstack/react-query';
import { beforeEach, expect, test, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import { createApiClient, type ApiClientHooks } from '@/api/client';
import { connectAppServices } from '@/app/app-services';
import type { AppRouter } from '@/app/router';
import { analytics } from '@/lib/analytics';
import { createSessionStore, signedOutSession } from '@/session/session-store';

const { configureApiClient, reportApiError } = vi.hoisted(() => ({
  configureApiClient: vi.fn<(hooks: Partial<ApiClientHooks>) => void>(),
  reportApiError: vi.fn(),
}));

vi.mock('@/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/client')>()),
  configureApiClient,
}));
vi.mock('@/lib/error-reporting', () => ({
  reportApiError,
  reportUncaughtError: vi.fn(),
  startErrorReporting: vi.fn(),
}));
vi.mock('@/app/router', () => ({}));

beforeEach(async () => {
  // The tracking a test's sign-out started finishes before the next test counts calls.
  await vi.dynamicImportSettled();
  vi.clearAllMocks();
});

/** Connects the app services to a fake router and returns the hooks they gave the API client. */
function connect({ signedIn = true } = {}) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['get', '/v1/links/count'], { count: 3 });
  const sessionStore = createSessionStore();
  if (signedIn) {
    sessionStore.applyReply({
      sessionId: 'live',
      userName: 'ada@example.com',
      userId: '42',
      roles: ['Author'],
    });
  }
  const navigate = vi.fn(() => Promise.resolve());
  const router = {
    subscribe: vi.fn(() => () => undefined),
    navigate,
    state: { resolvedLocation: undefined },
  } as unknown as AppRouter;

  connectAppServices(router, queryClient, sessionStore);

  const hooks = configureApiClient.mock.calls.at(-1)?.[0];
  if (!hooks?.getImpersonateAs || !hooks.onUnauthenticated || !hooks.reportError)
    throw new Error('The API client was not given its hooks');
  return {
    hooks: hooks as ApiClientHooks,
    queryClient,
    sessionStore,
    navigate,
  };
}

/** The client the app would use, over a fetch that answers every call with `status`. */
function clientAnswering(hooks: ApiClientHooks, status: number) {
  const fetch = vi.fn<typeof globalThis.fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify({ responseStatus: { errorCode: 'Refused' } }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  return createApiClient({ baseUrl: 'http://api.test', hooks, fetch });
}

test.each([401, 403])(
  'a %i reply to an API read signs out as a sign-out does (session, analytics identity, cache) and goes to /',
  async (status) => {
    const resetAnalytics = vi.spyOn(analytics, 'reset');
    const { hooks, queryClient, sessionStore, navigate } = connect();
    const client = clientAnswering(hooks, status);

    await expect(client.GET('/v1/links/count')).rejects.toBeInstanceOf(ApiError);
    await vi.dynamicImportSettled();

    expect(sessionStore.get()).toEqual(signedOutSession);
    expect(resetAnalytics).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(['get', '/v1/links/count'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith({ to: '/', replace: true });
    expect(reportApiError).not.toHaveBeenCalled();
  },
);

test.each([401, 403])(
  'a visitor signed out on purpose stays where they are on a %i (the sign-in page, a link to claim)',
  async (status) => {
    const resetAnalytics = vi.spyOn(analytics, 'reset');
    const { hooks, sessionStore, navigate } = connect({ signedIn: false });
    const client = clientAnswering(hooks, status);

    await expect(
      client.POST('/v1/signup/link', { body: { email: 'ada@example.com' } }),
    ).rejects.toBeInstanceOf(ApiError);
    await vi.dynamicImportSettled();

    expect(sessionStore.get()).toEqual(signedOutSession);
    expect(resetAnalytics).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  },
);

test('the client reads impersonateAs from the session store and reports other errors', () => {
  const { hooks, sessionStore } = connect();

  expect(hooks.getImpersonateAs()).toBe('');
  sessionStore.setImpersonateAs('10482');
  expect(hooks.getImpersonateAs()).toBe('10482');
  expect(hooks.reportError).toBe(reportApiError);
});
