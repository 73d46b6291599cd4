import { createFileRoute } from '@tanstack/react-router';
import { LinksLayout } from '@/features/links/links-layout';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links')({
  head: () => titleMeta('Your links'),
  component: LinksLayout,
});
