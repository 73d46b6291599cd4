import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/lib/router-context';
import { checkSession } from '@/session/session-check';
import { AppShell } from '@/shell/app-shell';
import { loadOnce } from '@/lib/later/load-once';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, preload }) => {
    const sessionCheck = loadOnce(() =>
      checkSession(context.queryClient, context.sessionStore, {
        preload,
        // A session that ended or lost a role meanwhile sends the page through its guards again.
        onSessionChanged: context.revalidateRoutes,
      }),
    );
    // Nothing a page shows before the answer depends on it (the shell has placeholders), so the
    // first page paints before the server is asked. Guards and redirects ask at once.
    void context.afterFirstPaint().then(sessionCheck);
    return { sessionCheck };
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
