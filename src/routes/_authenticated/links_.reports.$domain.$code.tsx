import { createFileRoute } from '@tanstack/react-router';
import { linkReportQueryOptions } from '@/features/reports/reports-queries';
import { LinkReportPage } from '@/features/reports/link-report-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links/reports/$domain/$code')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(linkReportQueryOptions({ baseCode: params.code })),
  head: ({ params }) => titleMeta(`Report for ${params.domain}/${params.code}`),
  component: LinkReportPage,
});
