import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { $api } from '@/api/query-client';

export interface ReportRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** The report query for a link's base code; a reversed range is put the right way round. */
export function reportQuery(
  baseCode: string,
  range: ReportRange,
): { baseCode: string; from?: string; to?: string } {
  const { from, to } = range;
  if (from && to && from > to) return { baseCode, from: to, to: from };
  return { baseCode, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export const linkReportQueryOptions = (query: { baseCode: string; from?: string; to?: string }) =>
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
