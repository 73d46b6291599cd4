import type { QueryClient } from '@tanstack/react-query';
import type { AuthSession, SessionStore } from '@/lib/session';
import { authenticateQueryOptions, sessionCheckQueryOptions } from './auth-queries';

export interface SessionCheckResult {
  session: AuthSession;
  sessionCheckFailed: boolean;
}

/** Runs before every navigation: POST /auth while signed out, the session check once signed in. */
export async function checkSession(
  queryClient: QueryClient,
  sessionStore: SessionStore,
): Promise<SessionCheckResult> {
  try {
    const reply = sessionStore.get().isAuthenticated
      ? await queryClient.query(sessionCheckQueryOptions())
      : await queryClient.query(authenticateQueryOptions());
    return { session: sessionStore.applyReply(reply), sessionCheckFailed: false };
  } catch {
    return { session: sessionStore.reset(), sessionCheckFailed: true };
  }
}
