import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { CollectionsPage } from '@/features/collections/collections-page';
import { CollectionsPageSkeleton } from '@/features/collections/collections-page-skeleton';
import {
  collectionsListQueryOptions,
  collectionsPageQuery,
} from '@/features/collections/collections-queries';
import { titleMeta } from '@/lib/page-title';
import { FIRST_PAGE, pagingSearchSchema } from '@/lib/paging-search';

export const Route = createFileRoute('/_authenticated/links/collections')({
  // Page 1 is the default, so it stays out of the address.
  search: { middlewares: [stripSearchParams({ page: FIRST_PAGE })] },
  validateSearch: pagingSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      collectionsListQueryOptions(collectionsPageQuery(deps.page)),
    ),
  head: () => titleMeta('Collections · Your links'),
  pendingComponent: CollectionsPageSkeleton,
  component: CollectionsPage,
});
