import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/components/page-loader';
import { EmailConfirmationPage } from '@/features/account/email-confirmation-page';
import { emailConfirmation } from '@/features/account/email-confirmation-later';
import { isEmailConfirmationOutcome } from '@/features/account/email-confirmation-outcome';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/confirm-email/$token')({
  // Confirms, then redirects with replace to the outcome in the token's place, so the token
  // leaves the address bar and history. A preload must not spend the one-time token.
  beforeLoad: async ({ context, params, preload }) => {
    if (preload || isEmailConfirmationOutcome(params.token)) return;
    await context.sessionCheck();
    const { confirmEmailChange } = await emailConfirmation.load();
    await confirmEmailChange(params.token, context);
  },
  head: () => titleMeta('Confirming your e-mail address'),
  pendingComponent: PageLoader,
  component: ConfirmEmailScreen,
});

function ConfirmEmailScreen() {
  const { token } = Route.useParams();
  return <EmailConfirmationPage outcome={isEmailConfirmationOutcome(token) ? token : 'failed'} />;
}
