import { $api } from '@/api/query-client';
import type { operations } from '@/api/schema';

export const LINKS_PAGE_SIZE = 20;

type LinksListQuery = NonNullable<operations['listLinks']['parameters']['query']>;

export const linksListQueryOptions = (query: LinksListQuery) =>
  $api.queryOptions('get', '/v1/links/list', { params: { query } });

export const linksCountQueryOptions = () => $api.queryOptions('get', '/v1/links/count');
