import * as v from 'valibot';
import type { components, operations } from '@/api/schema';
import { FIRST_PAGE, pagingSearchSchema } from '@/lib/paging-search';
import { linksPageQuery } from './link-display';

type KnownRetailer = components['schemas']['KnownRetailer'];

// Every retailer the contract names, once: the typecheck fails when the contract gains or loses
// one and this list has not followed.
const knownRetailers: Record<KnownRetailer, true> = {
  Amazon: true,
  'Apple Books': true,
  'Barnes & Noble': true,
  'Bookshop.org': true,
  'Google Play': true,
  Kobo: true,
};

/** The retailers the Books screen filters by, in alphabetical order. */
export const KNOWN_RETAILERS = (Object.keys(knownRetailers) as KnownRetailer[]).sort((a, b) =>
  a.localeCompare(b, 'en'),
);

type ListSort = NonNullable<NonNullable<operations['listLinks']['parameters']['query']>['sort']>;

export const LINK_SORTS = ['newest', 'clicks', 'title'] as const satisfies readonly ListSort[];
export type LinkSort = (typeof LINK_SORTS)[number];

/** The contract's limit on `q`; a longer search from the address is cut to it. */
export const SEARCH_MAX_LENGTH = 200;

/** What the Books screen shows when the address says nothing: all links, newest first. */
export const BOOKS_SEARCH_DEFAULTS = {
  page: FIRST_PAGE,
  q: '',
  sort: 'newest',
  retailer: '',
  archived: false,
} as const;

/**
 * The Books screen's search params: the page, the words searched for, the order, the retailer
 * and whether the archived links are shown instead of those in use. Anything missing or unusable falls back to its default, so a mistyped or old address
 * still shows the list. The router reads `?q=1984` as a number; it is searched as typed.
 */
export const booksSearchSchema = v.object({
  ...pagingSearchSchema.entries,
  q: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((words) =>
        typeof words === 'string' || typeof words === 'number'
          ? String(words).slice(0, SEARCH_MAX_LENGTH)
          : BOOKS_SEARCH_DEFAULTS.q,
      ),
    ),
    BOOKS_SEARCH_DEFAULTS.q,
  ),
  sort: v.optional(
    v.fallback(v.picklist(LINK_SORTS), BOOKS_SEARCH_DEFAULTS.sort),
    BOOKS_SEARCH_DEFAULTS.sort,
  ),
  retailer: v.optional(
    v.fallback(
      v.picklist([BOOKS_SEARCH_DEFAULTS.retailer, ...KNOWN_RETAILERS]),
      BOOKS_SEARCH_DEFAULTS.retailer,
    ),
    BOOKS_SEARCH_DEFAULTS.retailer,
  ),
  archived: v.optional(
    v.fallback(v.boolean(), BOOKS_SEARCH_DEFAULTS.archived),
    BOOKS_SEARCH_DEFAULTS.archived,
  ),
});

export type BooksSearch = v.InferOutput<typeof booksSearchSchema>;

/** Whether the search narrows the list, so an empty page means "no match", not "no links". */
export function isNarrowed(search: Pick<BooksSearch, 'q' | 'retailer'>): boolean {
  return search.q.trim() !== '' || search.retailer !== '';
}

/** The list call for a search: defaults left out, so the first page's call is the plain one. */
export function linksListQuery(search: BooksSearch) {
  const words = search.q.trim();
  return {
    ...linksPageQuery(search.page),
    ...(words && { q: words }),
    ...(search.sort !== BOOKS_SEARCH_DEFAULTS.sort && { sort: search.sort }),
    ...(search.retailer && { retailer: search.retailer }),
    ...(search.archived && { archived: true }),
  };
}

/** 'No archived links match “salt” at Kobo', for a search that found nothing. */
export function noMatchMessage(search: Pick<BooksSearch, 'q' | 'retailer' | 'archived'>): string {
  const words = search.q.trim();
  const at = search.retailer ? ` at ${search.retailer}` : '';
  const links = search.archived ? 'archived links' : 'links';
  return words ? `No ${links} match “${words}”${at}` : `No ${links}${at}`;
}
