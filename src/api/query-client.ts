import { QueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { isApiError } from './api-error';
import { apiClient } from './client';

/** How long a read waits before each retry: a failing read shows its error within about 3 s. */
export const READ_RETRY_DELAYS_MS = [300, 900] as const;
export const READ_RETRIES = READ_RETRY_DELAYS_MS.length;

/** Typed query options and hooks for every operation in the contract. */
export const $api = createQueryHooks(apiClient);

/**
 * Only a failure that may pass is worth another try: a server error (5xx) or no answer at all
 * (status 0). A client error (4xx, a 401 or 403 included) answers the same every time, and a
 * reply the app could not use is a bug that a retry would only repeat.
 */
export function isRetryableReadFailure(error: unknown): boolean {
  return isApiError(error) && (error.isUnreachable || error.status >= 500);
}

/**
 * The read retry policy: at most READ_RETRIES more tries, for retryable failures only.
 * `failureCount` is how many tries failed before this one (TanStack Query counts from 0).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < READ_RETRIES && isRetryableReadFailure(error);
}

/** The wait before the next try, after `failureCount` earlier failures (0 before the first retry). */
export function readRetryDelay(failureCount: number): number {
  return READ_RETRY_DELAYS_MS[Math.min(failureCount, READ_RETRIES - 1)] ?? READ_RETRY_DELAYS_MS[0];
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        refetchOnWindowFocus: false,
      },
      // A write sent twice may be done twice: the author decides whether to try again.
      mutations: { retry: false },
    },
  });
}
