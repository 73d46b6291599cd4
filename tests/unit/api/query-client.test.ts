import { focusManager, QueryObserver } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';

import { ApiError } from '@/api/api-error';
import { createApiClient } from '@/api/client';
import {
  createQueryClient,
  READ_RETRIES,
  READ_RETRY_DELAYS_MS,
  readRetryDelay,
  shouldRetryRead,
} from '@/api/query-client';

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
  vi.useRealTimers();
});

describe('retries of reads', () => {
  test('a 500 ApiError is tried 3 times in all', async () => {
    expect(READ_RETRIES).toBe(2);
    expect(await attemptsFor(apiError(500))).toBe(3);
  });

  test.each([502, 503, 504])('a %i ApiError is tried 3 times in all', async (status) => {
    expect(await attemptsFor(apiError(status))).toBe(3);
  });

  test('a network ApiError (status 0) is tried 3 times in all', async () => {
    expect(await attemptsFor(apiError(0))).toBe(3);
  });

  test.each([400, 401, 403, 404, 409, 429])('a %i ApiError is not retried', async (status) => {
    expect(await attemptsFor(apiError(status))).toBe(1);
  });

  test('a failure that is not an ApiError (a reply the app cannot use) is not retried', async () => {
    expect(await attemptsFor(new TypeError('results is not iterable'))).toBe(1);
  });

  test('the retry rule answers per failure count and error', () => {
    expect([0, 1, 2].map((count) => shouldRetryRead(count, apiError(500)))).toEqual([
      true,
      true,
      false,
    ]);
    expect(shouldRetryRead(0, apiError(0))).toBe(true);
    expect(shouldRetryRead(0, apiError(401))).toBe(false);
    expect(shouldRetryRead(0, apiError(403))).toBe(false);
    expect(shouldRetryRead(0, new Error('bug'))).toBe(false);
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetryRead);
  });

  test('retries wait 300 ms, then 900 ms', () => {
    expect(READ_RETRY_DELAYS_MS).toEqual([300, 900]);
    expect([0, 1].map((count) => readRetryDelay(count))).toEqual([300, 900]);
    expect(createQueryClient().getDefaultOptions().queries?.retryDelay).toBe(readRetryDelay);
  });

  test('a failing read rejects after 1.2 s of waiting, with its tries at 0, 300 and 1200 ms', async () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const tries: number[] = [];
    const started = Date.now();
    const queryFn = vi.fn(() => {
      tries.push(Date.now() - started);
      return Promise.reject(apiError(503));
    });
    const settled = queryClient.query({ queryKey: ['timed'], queryFn }).catch((error: unknown) => {
      return { rejectedAfter: Date.now() - started, error };
    });

    await vi.advanceTimersByTimeAsync(1_200);
    expect(await settled).toMatchObject({ rejectedAfter: 1_200, error: { status: 503 } });
    expect(tries).toEqual([0, 300, 1_200]);
  });

  test('mutations are not retried', async () => {
    const queryClient = createQueryClient();
    expect(queryClient.getDefaultOptions().mutations?.retry).toBe(false);
    const mutationFn = vi.fn(() => Promise.reject(apiError(503)));
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn });

    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 503 });
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });

  test('through the real client, a 500 reply is fetched 3 times and a 401 or 404 once', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>((input) => {
      const url = String(input instanceof Request ? input.url : input);
      const status = url.includes('missing') ? 404 : url.includes('metadata') ? 401 : 500;
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
    expect(fetch).toHaveBeenCalledTimes(3);

    fetch.mockClear();
    await expect(
      queryClient.query({
        ...$api.queryOptions('get', '/v1/product/metadata', {
          params: { query: { url: 'https://books.apple.com/us/book/id1' } },
        }),
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthenticated).toHaveBeenCalledTimes(1);

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
