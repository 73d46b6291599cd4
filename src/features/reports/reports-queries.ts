import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { $api } from '@/api/query-client';
import type { operations } from '@/api/schema';

export interface ReportRange {
  from?: string | undefined;
  to?: string | undefined;
}

export type LinkReportQuery = operations['getLinkReport']['parameters']['query'];

/** The report query for a link's domain and code; a reversed range is put the right way round. */
export function reportQuery(
  { domain, code }: { domain: string; code: string },
  range: ReportRange,
): LinkReportQuery {
  const { from, to } = range;
  if (from && to && from > to) return { domain, code, from: to, to: from };
  return { domain, code, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export const linkReportQueryOptions = (query: LinkReportQuery) =>
  $api.queryOptions('get', '/v1/links/report', { params: { query } });

export const shortLinkMetadataQueryOptions = (query: { domain: string; code: string }) =>
  $api.queryOptions('get', '/v1/shortlink/metadata', { params: { query } });

/** Loads what a short link is; an unknown link becomes the route's not-found state. */
export async function loadShortLinkMetadata(
  queryClient: QueryClient,
  params: { domain: string; code: string },
) {
  try {
    return await queryClient.ensureQueryData(shortLinkMetadataQueryOptions(params));
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
