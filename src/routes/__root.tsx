import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/lib/router-context';
import { checkSession } from '@/features/auth/session-check';
import { startSessionOnce } from '@/features/auth/sign-in';
import { AppShell } from '@/shell/app-shell';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const result = await checkSession(context.queryClient, context.sessionStore);
    startSessionOnce(result.session);
    return result;
  },
  head: () => ({ meta: [{ title: 'Shelflink: smart links for books' }] }),
  component: RootLayout,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <AppShell>
        <Outlet />
      </AppShell>
    </>
  );
}
