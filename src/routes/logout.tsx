import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { signOut } from '@/features/auth/token-sign-in';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/logout')({
  beforeLoad: ({ context }) => signOut(context),
  head: () => titleMeta('Signing out'),
  pendingComponent: PageLoader,
});
