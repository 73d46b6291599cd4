import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { tokenSignIn } from '@/features/auth/token-sign-in-later';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/confirm/$token')({
  // Claims the pending link and always redirects with replace, so the token does not linger.
  // A preload must not spend the one-time token.
  beforeLoad: ({ context, params, preload }) =>
    preload
      ? undefined
      : tokenSignIn
          .load()
          .then(({ confirmRegistration }) => confirmRegistration(params.token, context)),
  head: () => titleMeta('Confirming your registration'),
  pendingComponent: PageLoader,
});
