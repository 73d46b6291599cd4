import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { legacyRedirectTarget } from '@/features/legacy/legacy-redirects';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/$')({
  beforeLoad: ({ location }) => {
    const target = legacyRedirectTarget(location.pathname);
    if (target) throw redirect({ to: target, replace: true });
    throw notFound();
  },
  head: () => titleMeta('Page not found'),
  component: NotFoundPage,
  notFoundComponent: NotFoundPage,
});
