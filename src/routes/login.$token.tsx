import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { TokenLinkPage } from '@/features/auth/token-link-page';
import { tokenSignIn } from '@/features/auth/token-sign-in-later';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/login/$token')({
  // Reads whom the link is for without using it up; only the visitor's click signs in.
  loader: ({ params }) =>
    tokenSignIn.load().then(({ previewTokenLink }) => previewTokenLink(params.token, 'sign-in')),
  head: () => titleMeta('Sign in'),
  pendingComponent: PageLoader,
  component: SignInLinkScreen,
});

function SignInLinkScreen() {
  const { token } = Route.useParams();
  const email = Route.useLoaderData();
  return <TokenLinkPage token={token} email={email} kind="sign-in" />;
}
