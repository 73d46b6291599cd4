import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/static-pages/privacy-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/privacy')({
  head: () => titleMeta('Privacy Policy'),
  component: PrivacyPage,
});
