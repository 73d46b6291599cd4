import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminDashboardPage } from '@/features/admin/admin-dashboard-page';
import { titleMeta } from '@/lib/page-title';
import { ADMINISTRATOR_ROLE } from '@/lib/session';

export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const { session, sessionCheckFailed } = await context.sessionCheck();
    if (sessionCheckFailed) throw redirect({ to: '/', replace: true });
    if (!session.isAuthenticated) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    if (!session.roles.includes(ADMINISTRATOR_ROLE)) throw redirect({ to: '/', replace: true });
  },
  head: () => titleMeta('Admin dashboard'),
  component: AdminDashboardPage,
});
