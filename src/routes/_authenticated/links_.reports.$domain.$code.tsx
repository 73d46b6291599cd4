import { createFileRoute } from '@tanstack/react-router';
import { LinkReportNotFound } from '@/features/reports/link-not-found';
import { LinkReportPage } from '@/features/reports/link-report-page';
import { LinkReportSkeleton } from '@/features/reports/link-report-skeleton';
import {
  loadLinkReport,
  reportQuery,
  reportRangeSearchSchema,
} from '@/features/reports/reports-queries';
import { titleMeta } from '@/lib/page-title';
import { shortLinkLabel } from '@/lib/short-link';

export const Route = createFileRoute('/_authenticated/links_/reports/$domain/$code')({
  validateSearch: reportRangeSearchSchema,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: ({ context, params, deps }) =>
    loadLinkReport(context.queryClient, reportQuery(params, deps)),
  head: ({ loaderData }) =>
    titleMeta(loaderData ? `Report for ${shortLinkLabel(loaderData)}` : 'Link report'),
  pendingComponent: LinkReportSkeleton,
  notFoundComponent: LinkReportNotFound,
  component: LinkReportPage,
});
