import { $api } from '@/api/query-client';
import type { operations } from '@/api/schema';

export const LINKS_PAGE_SIZE = 20;

type LinksListQuery = NonNullable<operations['listLinks']['parameters']['query']>;

export const linksListQueryOptions = (query: LinksListQuery) =>
  $api.queryOptions('get', '/v1/links/list', { params: { query } });

/** How many links the author has in use, or archived; the first is the plain call. */
export const linksCountQueryOptions = (archived = false) =>
  archived
    ? $api.queryOptions('get', '/v1/links/count', { params: { query: { archived } } })
    : $api.queryOptions('get', '/v1/links/count');
