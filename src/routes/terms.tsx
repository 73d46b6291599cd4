import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/static-pages/terms-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/terms')({
  head: () => titleMeta('Terms of Service'),
  component: TermsPage,
});
