import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { loginSearchSchema } from '@/features/auth/login-search';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/login/')({
  validateSearch: loginSearchSchema,
  beforeLoad: async ({ context }) => {
    const { session } = await context.sessionCheck();
    if (session.isAuthenticated) throw redirect({ to: '/', replace: true });
  },
  head: () => titleMeta('Sign in'),
  component: LoginPage,
});
