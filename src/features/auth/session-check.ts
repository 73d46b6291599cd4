import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
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

/**
 * Why the last session check failed when the server gave no answer about the session (out of
 * reach, a server error, an unreadable reply); `undefined` when it rejected the session, which is
 * a matter of signing in.
 */
export function sessionCheckFailure(queryClient: QueryClient): Error | undefined {
  const [latest] = [
    queryClient.getQueryState(authenticateQueryOptions().queryKey),
    queryClient.getQueryState(sessionCheckQueryOptions().queryKey),
  ]
    .filter((state) => state?.status === 'error')
    .sort((a, b) => (b?.errorUpdatedAt ?? 0) - (a?.errorUpdatedAt ?? 0));
  const error: unknown = latest?.error;
  if (!(error instanceof Error) || (isApiError(error) && error.isUnauthenticated)) return undefined;
  return error;
}
