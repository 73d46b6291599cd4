import { createFileRoute } from '@tanstack/react-router';
import { AffiliateSettingsPage } from '@/features/settings/affiliate-settings-page';
import { affiliateTokensQueryOptions } from '@/features/settings/settings-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(affiliateTokensQueryOptions()),
  head: () => titleMeta('Affiliate Settings'),
  component: AffiliateSettingsPage,
});
