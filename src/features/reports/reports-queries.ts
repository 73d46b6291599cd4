import { $api } from '@/api/query-client';

export const linkReportQueryOptions = (query: { baseCode: string; from?: string; to?: string }) =>
  $api.queryOptions('get', '/v1/links/report', { params: { query } });

export const shortLinkMetadataQueryOptions = (query: { domain: string; code: string }) =>
  $api.queryOptions('get', '/v1/shortlink/metadata', { params: { query } });
