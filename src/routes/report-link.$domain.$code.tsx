import { createFileRoute } from '@tanstack/react-router';
import { ReportLinkPage } from '@/features/reports/report-link-page';
import { shortLinkMetadataQueryOptions } from '@/features/reports/reports-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/report-link/$domain/$code')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(shortLinkMetadataQueryOptions(params)),
  head: () => titleMeta('Report a link'),
  component: ReportLinkPage,
});
