import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation, type StaticDataRouteOption } from '@tanstack/react-router';
import { sessionCheckFailure, type SessionCheckResult } from './session-check';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The role a page needs; set by `requireRole`. */
    requiredRole?: string;
  }
}

/** What the root route adds to every route's context: the navigation's session check. */
interface GuardContext {
  queryClient: QueryClient;
  sessionCheck: () => Promise<SessionCheckResult>;
}

interface SignedInGuardOptions {
  context: GuardContext;
  location: ParsedLocation;
  matches: readonly { staticData: StaticDataRouteOption }[];
}

/**
 * The signed-in layout's guard: a signed-out visitor is sent to sign in and brought back here
 * afterwards (the login page keeps only a same-origin address).
 */
export async function requireSignedIn({
  context,
  location,
  matches,
}: SignedInGuardOptions): Promise<void> {
  const { session, sessionCheckFailed } = await context.sessionCheck();
  // A page that needs a role sends the visitor home when the check failed: its own guard does.
  if (sessionCheckFailed && matches.some((match) => match.staticData.requiredRole)) return;
  // Without an answer from the server nobody can tell whether the visitor is signed in: the
  // page says what failed and offers a retry rather than asking them to sign in again.
  const failure = sessionCheckFailed ? sessionCheckFailure(context.queryClient) : undefined;
  if (failure) throw failure;
  if (!session.isAuthenticated) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}

/**
 * The route options of a page under the signed-in layout that needs `role`, spread into its
 * route: the roles come from the auth check, and a missing role or a failed check sends the
 * visitor home.
 */
export function requireRole(role: string) {
  return {
    staticData: { requiredRole: role },
    beforeLoad: async ({ context }: { context: GuardContext }): Promise<void> => {
      const { session, sessionCheckFailed } = await context.sessionCheck();
      if (sessionCheckFailed || !session.roles.includes(role)) {
        throw redirect({ to: '/', replace: true });
      }
    },
  };
}
