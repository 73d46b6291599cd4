import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '@/features/admin/admin-dashboard-page';
import { titleMeta } from '@/lib/page-title';
import { requireRole } from '@/session/route-guards';
import { ADMINISTRATOR_ROLE } from '@/session/session-store';

export const Route = createFileRoute('/_authenticated/admin')({
  ...requireRole(ADMINISTRATOR_ROLE),
  head: () => titleMeta('Admin dashboard'),
  component: AdminDashboardPage,
});
