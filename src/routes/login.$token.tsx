import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { tokenSignIn } from '@/features/auth/token-sign-in-later';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/login/$token')({
  // Signs in and always redirects with replace, so the token leaves the address bar and history.
  // A preload must not spend the one-time token.
  beforeLoad: ({ context, params, preload }) =>
    preload
      ? undefined
      : tokenSignIn.load().then(({ signInWithToken }) => signInWithToken(params.token, context)),
  head: () => titleMeta('Signing you in'),
  pendingComponent: PageLoader,
});
