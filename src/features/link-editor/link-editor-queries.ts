import { $api } from '@/api/query-client';

/** The DOMAIN links are made in, as the API names it; vanity codes are checked against it. */
export const SHORT_LINK_DOMAIN = 'shelf.to';

// A product page's title and cover rarely change while an author fills in the editor.
const PRODUCT_STALE_TIME = 5 * 60_000;

export const productMetadataQueryOptions = (url: string) =>
  $api.queryOptions(
    'get',
    '/v1/product/metadata',
    { params: { query: { url } } },
    { staleTime: PRODUCT_STALE_TIME },
  );

export const isbnMetadataQueryOptions = (isbn: string) =>
  $api.queryOptions(
    'get',
    '/v1/product/metadata/isbn',
    { params: { query: { isbn } } },
    { staleTime: PRODUCT_STALE_TIME },
  );

export const vanityAvailabilityQueryOptions = (code: string) =>
  $api.queryOptions('get', '/v1/vanity-codes/availability', {
    params: { query: { domain: SHORT_LINK_DOMAIN, code } },
  });

/**
 * The availability check without a code, asked once: its `shortUrl` is the address codes are
 * written after, which depends on where the deployment serves short links.
 */
export const shortLinkPrefixQueryOptions = () =>
  $api.queryOptions(
    'get',
    '/v1/vanity-codes/availability',
    { params: { query: { domain: SHORT_LINK_DOMAIN } } },
    { staleTime: Infinity },
  );

/** Whether the availability check answered that a code is taken; no answer yet is not a no. */
export function isTaken(answer: { isAvailable: boolean } | undefined): boolean {
  return answer?.isAvailable === false;
}

/** The author's saved affiliate tokens: the programs a new link can carry. */
export const savedAffiliateTokensQueryOptions = () =>
  $api.queryOptions('get', '/v1/affiliate-tokens');

/** Reads that list the author's links; a new link changes them. */
export const linkListQueryKeys = [
  ['get', '/v1/links/list'],
  ['get', '/v1/links/count'],
] as const;
