import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/home-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/')({
  head: () => titleMeta('Smart links for books'),
  component: HomePage,
});
