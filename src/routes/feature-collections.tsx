import { createFileRoute } from '@tanstack/react-router';
import { FeatureCollectionsPage } from '@/features/static-pages/feature-collections-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/feature-collections')({
  head: () => titleMeta('Introducing collections'),
  component: FeatureCollectionsPage,
});
