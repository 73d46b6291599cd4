import { createFileRoute } from '@tanstack/react-router';
import { AffiliateSettingsPage } from '@/features/settings/affiliate-settings-page';
import { affiliateTokensQueryOptions } from '@/features/settings/settings-queries';
import { affiliateProgramsQueryOptions } from '@/lib/affiliate-programs';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/settings')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(affiliateTokensQueryOptions()),
      context.queryClient.ensureQueryData(affiliateProgramsQueryOptions()),
    ]),
  head: () => titleMeta('Affiliate Settings'),
  component: AffiliateSettingsPage,
});
