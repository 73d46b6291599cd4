import type { QueryClient } from '@tanstack/react-query';
import { withVisitorTracking } from '@/lib/visitor-tracking-later';
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
  queryClient.clear();
  withVisitorTracking((tracking) => {
    tracking.trackSignIn(session);
  });
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
  withVisitorTracking((tracking) => {
    tracking.trackSessionStart(session.isAuthenticated ? session : undefined);
  });
}

/**
 * Stores the signed-out session and drops what the cache held for the user. Reads still in flight
 * stay: the one whose 401 or 403 ended the session settles as that error. Dropping it would have
 * its screen ask again at once, and each new refusal would sign out again, without end.
 */
export function completeSignOut({ queryClient, sessionStore }: SessionServices): void {
  const wasSignedIn = sessionStore.get().isAuthenticated;
  sessionStore.reset();
  withVisitorTracking((tracking) => {
    tracking.trackSignOut();
  });
  // Signed out already: the cache holds nothing of a user (the sign-out before emptied it).
  if (!wasSignedIn) return;
  queryClient.removeQueries({ predicate: (query) => query.state.fetchStatus !== 'fetching' });
}
