import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { $api } from '@/api/query-client';
import type { operations } from '@/api/schema';
import * as v from 'valibot';

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
  return { domain, code, ...reportRange(range) };
}

export const linkReportQueryOptions = (query: LinkReportQuery) =>
  $api.queryOptions('get', '/v1/links/report', { params: { query } });

/**
 * Loads a link's report for the route; a link that is not the author's (or is gone) becomes the
 * route's not-found state rather than a failure to try again.
 */
export async function loadLinkReport(queryClient: QueryClient, query: LinkReportQuery) {
  try {
    return await queryClient.ensureQueryData(linkReportQueryOptions(query));
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}

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

/** The report's search: an optional range of ISO dates; anything else reads as the default range. */
const reportDateSchema = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);
export const reportRangeSearchSchema = v.object({ from: reportDateSchema, to: reportDateSchema });

/** A range for a report call: a reversed one put the right way round, empty ends left out. */
export function reportRange({ from, to }: ReportRange): { from?: string; to?: string } {
  if (from && to && from > to) return { from: to, to: from };
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export const collectionQueryOptions = (id: string) =>
  $api.queryOptions('get', '/v2/collections/{id}', { params: { path: { id } } });

export const collectionReportQueryOptions = (id: string, range: ReportRange) =>
  $api.queryOptions('get', '/v2/collections/{id}/report', {
    params: { path: { id }, query: reportRange(range) },
  });

/** The most links one call returns, which is also the most a collection holds. */
const REPORT_LINKS_LIMIT = 100;

/** The links a collection's report names, in one call. */
export const reportLinksQueryOptions = (ids: string[]) =>
  $api.queryOptions('get', '/v1/links/list', {
    params: { query: { skip: 0, take: REPORT_LINKS_LIMIT, ids } },
  });

/**
 * Loads a collection, its report for the range and its links, for the report's route; a
 * collection that is not the author's (or is gone) becomes the route's not-found state. Gives
 * the collection's title, for the page's.
 */
export async function loadCollectionReport(
  queryClient: QueryClient,
  id: string,
  range: ReportRange,
) {
  try {
    const [collection] = await Promise.all([
      queryClient.ensureQueryData(collectionQueryOptions(id)),
      queryClient.ensureQueryData(collectionReportQueryOptions(id, range)),
    ]);
    if (collection.linkIds.length > 0) {
      await queryClient.ensureQueryData(reportLinksQueryOptions(collection.linkIds));
    }
    return { title: collection.title };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
