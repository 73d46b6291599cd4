import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { linksListQueryOptions, LINKS_PAGE_SIZE } from '@/features/links/links-queries';
import { BooksPage } from '@/features/links/books-page';
import { titleMeta } from '@/lib/page-title';

const booksSearchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
});

export const Route = createFileRoute('/_authenticated/links/books')({
  validateSearch: booksSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      linksListQueryOptions({ skip: (deps.page - 1) * LINKS_PAGE_SIZE, take: LINKS_PAGE_SIZE }),
    ),
  head: () => titleMeta('Books · Your links'),
  component: BooksPage,
});
