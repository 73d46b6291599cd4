import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { BooksPage } from '@/features/links/books-page';
import { BooksPageSkeleton } from '@/features/links/books-page-skeleton';
import {
  BOOKS_SEARCH_DEFAULTS,
  booksSearchSchema,
  linksListQuery,
} from '@/features/links/books-search';
import { linksCountQueryOptions, linksListQueryOptions } from '@/features/links/links-queries';
import { titleMeta } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/links/books')({
  // The first page of all links, newest first, is the default: it stays out of the address.
  search: { middlewares: [stripSearchParams(BOOKS_SEARCH_DEFAULTS)] },
  validateSearch: booksSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    // A new search on the open page: the page asks for its links itself and keeps showing the
    // last ones until they arrive (see BooksPage), so the address follows the typing at once.
    if (cause === 'stay') return;
    await Promise.all([
      context.queryClient.ensureQueryData(linksListQueryOptions(linksListQuery(deps))),
      context.queryClient.ensureQueryData(linksCountQueryOptions(deps.archived)),
    ]);
  },
  head: () => titleMeta('Books · Your links'),
  pendingComponent: BooksPageSkeleton,
  component: BooksPage,
});
