import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/lib/router-context';
import { checkSession } from '@/features/auth/session-check';
import { AppShell } from '@/shell/app-shell';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, preload }) => {
    return checkSession(context.queryClient, context.sessionStore, {
      preload,
      // A session that ended or lost a role meanwhile sends the page through its guards again.
      onSessionChanged: context.revalidateRoutes,
    });
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
