import { $api } from '@/api/query-client';

/** How many collections the "add to a collection" picker lists. */
export const PICKER_COLLECTIONS_LIMIT = 100;

export const pickerCollectionsQueryOptions = () =>
  $api.queryOptions('get', '/v2/collections/list', {
    params: { query: { offset: 0, limit: PICKER_COLLECTIONS_LIMIT } },
  });

export const pickedCollectionQueryOptions = (id: string) =>
  $api.queryOptions('get', '/v2/collections/{id}', { params: { path: { id } } });
