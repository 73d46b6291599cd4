import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { TokenLinkPage } from '@/features/auth/token-link-page';
import { tokenSignIn } from '@/features/auth/token-sign-in-later';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/confirm/$token')({
  // Reads whom the link is for without using it up; only the visitor's click claims the pending
  // link and signs in.
  loader: ({ params }) =>
    tokenSignIn
      .load()
      .then(({ previewTokenLink }) => previewTokenLink(params.token, 'confirmation')),
  head: () => titleMeta('Confirm your registration'),
  pendingComponent: PageLoader,
  component: ConfirmationLinkScreen,
});

function ConfirmationLinkScreen() {
  const { token } = Route.useParams();
  const email = Route.useLoaderData();
  return <TokenLinkPage token={token} email={email} kind="confirmation" />;
}
