import type { QueryClient } from '@tanstack/react-query';
import { analytics } from '@/lib/analytics';
import { acceptAnalyticsAtSignIn, acceptAnalyticsForSession } from '@/lib/consent';
import type { AuthCheckReply, AuthSession, SessionStore } from './session-store';

interface SessionServices {
  queryClient: QueryClient;
  sessionStore: SessionStore;
}

/**
 * Stores the outcome of a sign-in reply. A failed sign-in stores the signed-out session; a
 * successful one grants analytics consent, resets the request cache and identifies the user.
 */
export function completeSignIn(
  reply: AuthCheckReply,
  { queryClient, sessionStore }: SessionServices,
): AuthSession {
  const session = sessionStore.applyReply(reply);
  if (!session.isAuthenticated) return session;
  acceptAnalyticsAtSignIn();
  queryClient.clear();
  analytics.identify(session.userId, { email: session.email });
  analytics.alias(session.userId);
  return session;
}

let sessionStarted = false;

/**
 * At start-up: a signed-in user is identified with consent granted, unless refused in the banner
 * since signing in; a signed-out one anonymously.
 */
export function startSessionOnce(session: AuthSession): void {
  if (sessionStarted) return;
  sessionStarted = true;
  if (session.isAuthenticated) {
    acceptAnalyticsForSession();
    analytics.identify(session.userId, { email: session.email });
  } else {
    analytics.identify();
  }
}

export function completeSignOut({ queryClient, sessionStore }: SessionServices): void {
  sessionStore.reset();
  analytics.reset();
  queryClient.clear();
}
