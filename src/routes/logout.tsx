import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { tokenSignIn } from '@/features/auth/token-sign-in-later';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/logout')({
  // A preload (the pointer over "Sign out", or keyboard focus on it) must not sign out.
  beforeLoad: ({ context, preload }) =>
    preload ? undefined : tokenSignIn.load().then(({ signOut }) => signOut(context)),
  head: () => titleMeta('Signing out'),
  pendingComponent: PageLoader,
});
