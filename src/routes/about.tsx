import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@/features/static-pages/about-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/about')({
  head: () => titleMeta('About Shelflink'),
  component: AboutPage,
});
