import { createFileRoute } from '@tanstack/react-router';
import { LinkNotFound } from '@/features/reports/link-not-found';
import { ReportLinkPage } from '@/features/reports/report-link-page';
import { loadShortLinkMetadata } from '@/features/reports/reports-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/report-link/$domain/$code')({
  loader: ({ context, params }) => loadShortLinkMetadata(context.queryClient, params),
  head: () => titleMeta('Report a link'),
  notFoundComponent: LinkNotFound,
  component: ReportLinkPage,
});
