import { createFileRoute } from '@tanstack/react-router';
import { CollectionNotFound } from '@/features/reports/collection-not-found';
import { CollectionReportPage } from '@/features/reports/collection-report-page';
import { LinkReportSkeleton } from '@/features/reports/link-report-skeleton';
import { loadCollectionReport, reportRangeSearchSchema } from '@/features/reports/reports-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links_/collections/$id/report')({
  validateSearch: reportRangeSearchSchema,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: ({ context, params, deps }) => loadCollectionReport(context.queryClient, params.id, deps),
  head: ({ loaderData }) =>
    titleMeta(loaderData ? `Report for ${loaderData.title}` : 'Collection report'),
  pendingComponent: LinkReportSkeleton,
  notFoundComponent: CollectionNotFound,
  component: CollectionReportPage,
});
