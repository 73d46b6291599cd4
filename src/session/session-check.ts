import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import { $api } from '@/api/query-client';
import { isPageUnloading } from '@/lib/page-lifecycle';
import {
  isAuthenticatedReply,
  type AuthCheckReply,
  type AuthSession,
  type SessionStore,
} from './session-store';

/** Start-up check, while the browser holds no authenticated session. */
export const authenticateQueryOptions = () =>
  $api.queryOptions('post', '/auth', { body: {} }, { staleTime: 0, retry: false });

/** Navigation-time check, once the session is authenticated. */
export const sessionCheckQueryOptions = () =>
  $api.queryOptions('get', '/auth/session', {}, { staleTime: 0, retry: false });

export interface SessionCheckResult {
  session: AuthSession;
  sessionCheckFailed: boolean;
}

/**
 * How old the server's last answer about the session may be for a navigation to go ahead on it
 * while the check runs again in the background. Older answers, and the first check of a page
 * load, hold the navigation until the server has answered.
 */
export const SESSION_ANSWER_FRESH_MS = 2 * 60_000;

export interface SessionCheckOptions {
  /** Preloads on hover are not navigations: they use a fresh answer without asking again. */
  preload?: boolean;
  /** Called when a background check changes the session (signed out, another user, roles). */
  onSessionChanged?: () => void;
}

function checkQueryOptions(session: AuthSession) {
  return session.isAuthenticated ? sessionCheckQueryOptions() : authenticateQueryOptions();
}

function askServer(queryClient: QueryClient, session: AuthSession): Promise<AuthCheckReply> {
  return session.isAuthenticated
    ? queryClient.query(sessionCheckQueryOptions())
    : queryClient.query(authenticateQueryOptions());
}

/** The server's last answer agrees with the stored session and is recent enough to go ahead on. */
function hasFreshAnswer(queryClient: QueryClient, session: AuthSession): boolean {
  const state = queryClient.getQueryState<AuthCheckReply>(checkQueryOptions(session).queryKey);
  if (state?.status !== 'success' || !state.data) return false;
  return (
    Date.now() - state.dataUpdatedAt < SESSION_ANSWER_FRESH_MS &&
    isAuthenticatedReply(state.data) === session.isAuthenticated
  );
}

function revalidateInBackground(
  queryClient: QueryClient,
  sessionStore: SessionStore,
  onSessionChanged: (() => void) | undefined,
): void {
  const before = sessionStore.get();
  askServer(queryClient, before).then(
    (reply) => {
      // A sign-in or sign-out while the check was under way has had its own answer.
      if (sessionStore.get() !== before) return;
      // The store keeps its session when an answer changes nothing.
      if (sessionStore.applyReply(reply) !== before) onSessionChanged?.();
    },
    () => {
      // The answer on record is no longer fresh, so the next navigation waits for the server and
      // shows what failed. A rejected session (401, 403) is handled by the API client.
    },
  );
}

function wasCutOff(error: unknown): boolean {
  return (
    isPageUnloading() ||
    (typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError')
  );
}

/**
 * Runs on every navigation: POST /auth while signed out, the session check once signed in. The
 * first check of a page load, and any check without a recent answer, waits for the server;
 * otherwise it settles at once on the recent answer while the server is asked again.
 */
export async function checkSession(
  queryClient: QueryClient,
  sessionStore: SessionStore,
  { preload = false, onSessionChanged }: SessionCheckOptions = {},
): Promise<SessionCheckResult> {
  const stored = sessionStore.get();
  if (hasFreshAnswer(queryClient, stored)) {
    if (!preload) revalidateInBackground(queryClient, sessionStore, onSessionChanged);
    return { session: stored, sessionCheckFailed: false };
  }
  try {
    const reply = await askServer(queryClient, stored);
    // A sign-in or sign-out while the check was under way has had its own answer.
    if (sessionStore.get() !== stored)
      return { session: sessionStore.get(), sessionCheckFailed: false };
    return { session: sessionStore.applyReply(reply), sessionCheckFailed: false };
  } catch (error) {
    // A sign-in while the check was under way empties the request cache, which cancels the check.
    if (sessionStore.get() !== stored)
      return { session: sessionStore.get(), sessionCheckFailed: false };
    // A check cut off (the page is being reloaded or left, or the request was cancelled) says
    // nothing about the session, so the stored one is kept.
    if (wasCutOff(error)) return { session: sessionStore.markChecked(), sessionCheckFailed: true };
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
