import { createFileRoute } from '@tanstack/react-router';
import { LinkReportPage } from '@/features/reports/link-report-page';
import { LinkReportSkeleton } from '@/features/reports/link-report-skeleton';
import {
  linkReportQueryOptions,
  reportQuery,
  reportRangeSearchSchema,
} from '@/features/reports/reports-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links_/reports/$domain/$code')({
  validateSearch: reportRangeSearchSchema,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: ({ context, params, deps }) =>
    context.queryClient.ensureQueryData(linkReportQueryOptions(reportQuery(params, deps))),
  head: ({ params }) => titleMeta(`Report for ${params.domain}/${params.code}`),
  pendingComponent: LinkReportSkeleton,
  component: LinkReportPage,
});
