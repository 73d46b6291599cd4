import type * as apiClientModule from '@/api/client';
import type { components } from '@/api/schema';

type Link = components['schemas']['Link'];

/**
 * The app's API client module with its client over `fetch`, so the real query options and
 * middleware run. For `vi.mock('@/api/client', …)`.
 */
export function overFetch(
  actual: typeof apiClientModule,
  fetch: typeof globalThis.fetch,
): typeof apiClientModule {
  return {
    ...actual,
    apiClient: actual.createApiClient({
      baseUrl: 'http://api.test',
      hooks: { getImpersonateAs: () => '', onUnauthenticated: () => {}, reportError: () => {} },
      fetch: (input, init) => fetch(input, init),
    }),
  };
}

export function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const BOOK_PAGE = 'https://books.apple.com/us/book/the-salt-orchard/id1623456789';

/** The link the API answers a create with. */
export function createdLink(overrides: Partial<Link> = {}): Link {
  return {
    id: 'lnk_01HZX00000',
    domain: 'shelf.to',
    code: 'salt-orchard',
    baseCode: 'salt-orchard',
    shortUrl: 'https://shelf.to/salt-orchard',
    url: BOOK_PAGE,
    title: 'The Salt Orchard',
    author: 'Maya Okafor',
    coverImageUrl: null,
    isbn: '9781668012345',
    retailer: 'Apple Books',
    storefront: 'US',
    affiliatePrograms: [],
    programsOff: [],
    parameterKeyValues: {},
    localise: true,
    allStores: false,
    clickCount: 0,
    createdAt: '2026-11-21T09:14:00Z',
    disabled: null,
    archived: false,
    expiry: null,
    ...overrides,
  };
}
