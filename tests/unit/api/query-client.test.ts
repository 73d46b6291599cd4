import { focusManager, QueryObserver } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import { createApiClient } from '@/api/client';
import { CACHED_READ_RETRIES, createQueryClient } from '@/api/query-client';

function apiError(status: number): ApiError {
  return new ApiError(status, {
    errorCode: 'Failed',
    message: 'Failed',
    errors: [],
    statusCode: status,
  });
}

/** Runs one query to its end and returns how many times its queryFn ran. */
async function attemptsFor(error: Error): Promise<number> {
  const queryClient = createQueryClient();
  const queryFn = vi.fn(() => Promise.reject(error));

  await expect(queryClient.query({ queryKey: ['attempts'], queryFn, retryDelay: 0 })).rejects.toBe(
    error,
  );

  return queryFn.mock.calls.length;
}

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('retries of cached reads', () => {
  test('a 500 ApiError is retried 3 times', async () => {
    expect(CACHED_READ_RETRIES).toBe(3);
    expect(await attemptsFor(apiError(500))).toBe(1 + 3);
  });

  test('a network ApiError (status 0) is retried 3 times', async () => {
    expect(await attemptsFor(apiError(0))).toBe(1 + 3);
  });

  test.each([400, 401, 403, 404, 409, 429])('a %i ApiError is not retried', async (status) => {
    expect(await attemptsFor(apiError(status))).toBe(1);
  });

  test('the default retry rule answers per failure count and error', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('Expected a retry function');

    expect([0, 1, 2, 3].map((count) => retry(count, apiError(500)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retry(0, apiError(404))).toBe(false);
  });

  test('through the real client, a 500 reply is fetched 4 times and a 404 once', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>((input) => {
      const status = String(input instanceof Request ? input.url : input).includes('missing')
        ? 404
        : 500;
      return Promise.resolve(
        new Response(JSON.stringify({ responseStatus: { message: `Status ${status}` } }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    const hooks = { getImpersonateAs: () => '', onUnauthenticated: vi.fn(), reportError: vi.fn() };
    const $api = createQueryHooks(createApiClient({ baseUrl: 'http://api.test', hooks, fetch }));
    const queryClient = createQueryClient();

    await expect(
      queryClient.query({ ...$api.queryOptions('get', '/v1/links/count'), retryDelay: 0 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(4);

    fetch.mockClear();
    await expect(
      queryClient.query({
        ...$api.queryOptions('get', '/v2/collections/{id}', {
          params: { path: { id: 'missing' } },
        }),
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('window focus', () => {
  test('refetchOnWindowFocus is off', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  test('a stale query is not refetched when the window regains focus', async () => {
    const queryClient = createQueryClient();
    // Mounting subscribes the client to focus events, as QueryClientProvider does.
    queryClient.mount();
    const queryFn = vi.fn(() => Promise.resolve('links'));
    const observer = new QueryObserver(queryClient, { queryKey: ['focus'], queryFn, staleTime: 0 });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => {
      expect(observer.getCurrentResult().data).toBe('links');
    });

    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
    queryClient.unmount();
  });
});
