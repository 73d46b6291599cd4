import { createFileRoute } from '@tanstack/react-router';
import { collectionsListQueryOptions } from '@/features/collections/collections-queries';
import { CollectionsPage } from '@/features/collections/collections-page';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links/collections')({
  loader: ({ context }) => context.queryClient.ensureQueryData(collectionsListQueryOptions({})),
  head: () => titleMeta('Collections · Your links'),
  component: CollectionsPage,
});
