import { notifications } from '@mantine/notifications';
import { redirect, type NavigateOptions } from '@tanstack/react-router';
import { isApiError } from '@/api/api-error';
import { apiClient } from '@/api/client';
import type { RouterContext } from '@/lib/router-context';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { shortLinkLabel } from '@/lib/short-link';
import { completeSignIn, completeSignOut } from '@/session/sign-in';

/** Where to go after signing in, remembered in this tab when the sign-in link was asked for. */
const AFTER_SIGN_IN_KEY = 'shelflink.afterSignIn';
export const DEFAULT_AFTER_SIGN_IN = '/links/books';

export function rememberAfterSignIn(target: string): void {
  window.sessionStorage.setItem(
    AFTER_SIGN_IN_KEY,
    safeRedirectTarget(target, DEFAULT_AFTER_SIGN_IN),
  );
}

function takeAfterSignIn(): string {
  const target = window.sessionStorage.getItem(AFTER_SIGN_IN_KEY);
  window.sessionStorage.removeItem(AFTER_SIGN_IN_KEY);
  return safeRedirectTarget(target, DEFAULT_AFTER_SIGN_IN);
}

export type SignInFailure = 'expired' | 'failed' | 'confirmation';

/** What a link from an e-mail does once the visitor continues: sign in, or confirm a registration. */
export type TokenLinkKind = 'sign-in' | 'confirmation';

/** Where a link's screen goes next, in its place, so the token leaves the address bar and history. */
export type AfterTokenLink = NavigateOptions & { replace: true };

function signInFailed(reason: SignInFailure): AfterTokenLink {
  return { to: '/login', search: { failed: reason }, replace: true };
}

/**
 * The address a link from an e-mail is for, read without using the link up. A link that no
 * longer works redirects to the sign-in page, which says why.
 */
export async function previewTokenLink(token: string, kind: TokenLinkKind): Promise<string> {
  try {
    const { data } = await apiClient.POST('/v1/login/preview', { body: { token } });
    if (data) return data.email;
  } catch (error) {
    const expired = isApiError(error) && error.responseStatus.errorCode === 'TokenExpired';
    if (kind === 'sign-in' && expired) throw redirect(signInFailed('expired'));
  }
  throw redirect(signInFailed(kind === 'sign-in' ? 'failed' : 'confirmation'));
}

export async function signInWithToken(
  token: string,
  context: RouterContext,
): Promise<AfterTokenLink> {
  let reply;
  try {
    ({ data: reply } = await apiClient.POST('/v1/login', { body: { token } }));
  } catch {
    context.sessionStore.reset();
    return signInFailed('failed');
  }
  if (!reply) {
    context.sessionStore.reset();
    return signInFailed('failed');
  }
  const session = completeSignIn(reply, context);
  if (!session.isAuthenticated) {
    return signInFailed(reply.responseStatus?.errorCode === 'TokenExpired' ? 'expired' : 'failed');
  }
  return { href: takeAfterSignIn(), replace: true };
}

export async function confirmRegistration(
  token: string,
  context: RouterContext,
): Promise<AfterTokenLink> {
  let reply;
  try {
    ({ data: reply } = await apiClient.POST('/v1/links/pending', { body: { token } }));
  } catch {
    return signInFailed('confirmation');
  }
  if (!reply) return signInFailed('confirmation');
  const session = completeSignIn(reply, context);
  if (!session.isAuthenticated) return signInFailed('confirmation');
  notifications.show({
    color: 'teal',
    title: 'Your link is yours',
    message: `${shortLinkLabel(reply.link)} is now in your account.`,
  });
  return { to: '/links/books', replace: true };
}

export async function signOut(context: RouterContext): Promise<never> {
  try {
    await apiClient.POST('/auth/logout');
  } catch {
    // Signing out in the browser matters more than the server's answer.
  }
  completeSignOut(context);
  throw redirect({ to: '/', replace: true });
}
