import { createFileRoute } from '@tanstack/react-router';
import { UpgradePage } from '@/features/account/upgrade-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/upgrade')({
  // What the page offers depends on whether the visitor is signed in.
  beforeLoad: async ({ context }) => {
    await context.sessionCheck();
  },
  head: () => titleMeta('Upgrade'),
  component: UpgradePage,
});
