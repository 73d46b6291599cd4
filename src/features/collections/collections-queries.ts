import { $api } from '@/api/query-client';

export const COLLECTIONS_PAGE_SIZE = 20;
/** How many of the author's links the collection form offers to pick from (the most one call returns). */
export const LINK_CHOICES_LIMIT = 100;

export const collectionsListQueryOptions = (query: {
  offset?: number;
  limit?: number;
  ids?: string[];
}) =>
  $api.queryOptions('get', '/v2/collections/list', {
    params: { query: { offset: 0, limit: COLLECTIONS_PAGE_SIZE, ...query } },
  });

/** `offset` and `limit` for a 1-based page of collections. */
export function collectionsPageQuery(page: number): { offset: number; limit: number } {
  return { offset: (Math.max(1, page) - 1) * COLLECTIONS_PAGE_SIZE, limit: COLLECTIONS_PAGE_SIZE };
}

export const collectionImageQueryOptions = (id: string) =>
  $api.queryOptions('get', '/v2/images/{id}', { params: { path: { id } } });

export const linkChoicesQueryOptions = () =>
  $api.queryOptions('get', '/v1/links/list', {
    params: { query: { skip: 0, take: LINK_CHOICES_LIMIT } },
  });

export const linksByIdsQueryOptions = (ids: string[]) =>
  $api.queryOptions('get', '/v1/links/list', {
    params: { query: { skip: 0, take: LINK_CHOICES_LIMIT, ids } },
  });

/** Collections check their alias with an empty domain. */
export const aliasAvailabilityQueryOptions = (code: string) =>
  $api.queryOptions('get', '/v1/vanity-codes/availability', {
    params: { query: { domain: '', code } },
  });
