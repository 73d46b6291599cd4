import { $api } from '@/api/query-client';

export const COLLECTIONS_PAGE_SIZE = 20;

export const collectionsListQueryOptions = (query: {
  offset?: number;
  limit?: number;
  ids?: string[];
}) =>
  $api.queryOptions('get', '/v2/collections/list', {
    params: { query: { offset: 0, limit: COLLECTIONS_PAGE_SIZE, ...query } },
  });
