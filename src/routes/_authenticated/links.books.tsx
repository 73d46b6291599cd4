import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { BooksPage } from '@/features/links/books-page';
import { BooksPageSkeleton } from '@/features/links/books-page-skeleton';
import { linksPageQuery } from '@/features/links/link-display';
import { linksCountQueryOptions, linksListQueryOptions } from '@/features/links/links-queries';
import { titleMeta } from '@/lib/page-title';
import { FIRST_PAGE, pagingSearchSchema } from '@/lib/paging-search';

export const Route = createFileRoute('/_authenticated/links/books')({
  // Page 1 is the default, so it stays out of the address.
  search: { middlewares: [stripSearchParams({ page: FIRST_PAGE })] },
  validateSearch: pagingSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(linksListQueryOptions(linksPageQuery(deps.page))),
      context.queryClient.ensureQueryData(linksCountQueryOptions()),
    ]),
  head: () => titleMeta('Books · Your links'),
  pendingComponent: BooksPageSkeleton,
  component: BooksPage,
});
