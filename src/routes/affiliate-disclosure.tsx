import { createFileRoute } from '@tanstack/react-router';
import { AffiliateDisclosurePage } from '@/features/static-pages/affiliate-disclosure-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/affiliate-disclosure')({
  head: () => titleMeta('Affiliate disclosure'),
  component: AffiliateDisclosurePage,
});
