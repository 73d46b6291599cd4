import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { sessionCheckFailure } from '@/features/auth/session-check';

export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const { session, sessionCheckFailed } = await context.sessionCheck();
    // Without an answer from the server nobody can tell whether the visitor is signed in: the
    // page says what failed and offers a retry rather than asking them to sign in again.
    const failure = sessionCheckFailed ? sessionCheckFailure(context.queryClient) : undefined;
    if (failure) throw failure;
    if (!session.isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: Outlet,
});
