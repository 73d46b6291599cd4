import * as v from 'valibot';

export const FIRST_PAGE = 1;

/**
 * The search params of a paged list: `?page=N`, a whole number from 1. A missing or unusable page
 * means the first, so a mistyped address still shows the list.
 */
export const pagingSearchSchema = v.object({
  page: v.optional(
    v.fallback(v.pipe(v.number(), v.integer(), v.minValue(FIRST_PAGE)), FIRST_PAGE),
    FIRST_PAGE,
  ),
});

export type PagingSearch = v.InferOutput<typeof pagingSearchSchema>;
