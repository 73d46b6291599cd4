import { createFileRoute } from '@tanstack/react-router';
import { UpgradePage } from '@/features/account/upgrade-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/upgrade')({
  head: () => titleMeta('Upgrade'),
  component: UpgradePage,
});
