import { $api } from '@/api/query-client';

export const LINKS_PAGE_SIZE = 20;

export const linksListQueryOptions = (query: { skip: number; take: number; ids?: string[] }) =>
  $api.queryOptions('get', '/v1/links/list', { params: { query } });

export const linksCountQueryOptions = () => $api.queryOptions('get', '/v1/links/count');
