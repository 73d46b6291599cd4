import { isApiError, UNEXPECTED_FAILURE } from '@/api/api-error';
import type { components } from '@/api/schema';
import { $api } from '@/api/query-client';

export type Account = components['schemas']['Account'];
export type Plan = components['schemas']['Plan'];

export const accountQueryOptions = () => $api.queryOptions('get', '/v2/account');

/** The key prefix every read of the account shares, for invalidation. */
export const accountQueryKeyPrefix = () => accountQueryOptions().queryKey.slice(0, 2);

export const PLAN_LABELS: Record<Plan, string> = {
  standard: 'Shelflink',
  legacy: 'Previous link product',
};

/** What to tell the user about a failed call. */
export function errorText(error: unknown): string {
  return isApiError(error) ? error.message : UNEXPECTED_FAILURE;
}
