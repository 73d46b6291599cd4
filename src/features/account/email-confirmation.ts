import { redirect } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { apiClient } from '@/api/client';
import type { RouterContext } from '@/lib/router-context';
import { sessionCheckQueryOptions } from '@/session/session-check';
import { rememberEmail } from '@/session/session-store';
import { accountQueryOptions, type Account } from './account-queries';
import type { EmailConfirmationOutcome } from './email-confirmation-outcome';

const OUTCOME_OF_ERROR_CODE: Readonly<Record<string, EmailConfirmationOutcome>> = {
  TokenExpired: 'expired',
  TokenUsed: 'used',
  TokenNotFound: 'invalid',
  EmailTaken: 'taken',
};

/** The address this page load confirmed, for the success page; gone after a reload. */
let lastConfirmedEmail: string | undefined;

export function confirmedEmail(): string | undefined {
  return lastConfirmedEmail;
}

/**
 * When the confirmed account is the one signed in here, the tab's session, the avatar menu and
 * the account page show the new address at once. Other tabs follow the shared e-mail on their
 * next session check.
 */
async function showConfirmedAccount(
  account: Account,
  { queryClient, sessionStore }: RouterContext,
): Promise<void> {
  if (sessionStore.get().userId !== account.userId) return;
  rememberEmail(account.email);
  queryClient.setQueryData(accountQueryOptions().queryKey, account);
  try {
    sessionStore.applyReply(await queryClient.query(sessionCheckQueryOptions()));
  } catch {
    // The next navigation checks the session again.
  }
}

/**
 * Confirms the new e-mail address with the link's token, then always redirects with replace to
 * the outcome, so the token leaves the address bar and history.
 */
export async function confirmEmailChange(token: string, context: RouterContext): Promise<never> {
  let outcome: EmailConfirmationOutcome = 'failed';
  try {
    const { data: account } = await apiClient.POST('/v2/account/email-confirmation', {
      body: { token },
    });
    if (account) {
      lastConfirmedEmail = account.email;
      await showConfirmedAccount(account, context);
      outcome = 'confirmed';
    }
  } catch (error) {
    const errorCode = isApiError(error) ? error.responseStatus.errorCode : undefined;
    outcome = (errorCode && OUTCOME_OF_ERROR_CODE[errorCode]) || outcome;
  }
  throw redirect({ to: '/confirm-email/$token', params: { token: outcome }, replace: true });
}
