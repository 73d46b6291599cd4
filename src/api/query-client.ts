import { QueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { isApiError } from './api-error';
import { apiClient } from './client';

export const CACHED_READ_RETRIES = 3;

/** Typed query options and hooks for every operation in the contract. */
export const $api = createQueryHooks(apiClient);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A client error answers the same on every try, so only server and network failures are retried.
        retry: (failureCount, error) =>
          failureCount < CACHED_READ_RETRIES &&
          !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
