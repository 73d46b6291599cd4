// "What readers get": the address a reader in each of the main book-buying countries is sent
// to, computed by the redirect's and the all-stores page's own code, with the affiliate value it
// carries or the one the author has yet to add.
import { actingUserOf } from '../auth/request-auth';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { findOwnedLink } from '../links/link-records';
import { addressTagging } from '../smart-links/affiliate-tags';
import { storesForLink } from '../smart-links/every-store';

const readerCountries = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'IN', 'JP'];

export const readerDestinationHandlers = {
  async listReaderDestinations({ query }, { db, clock, auth, linkCache }) {
    const { domain, code } = query;
    await findOwnedLink(db, actingUserOf(auth).id, domain, code);
    const link = await linkCache.find(db, domain, code, clock.now());
    if (!link) throw ApiProblem.notFound();
    const results = readerCountries.map((country) => ({
      country,
      stores: storesForLink(link, country, new URLSearchParams()).map(({ retailer, url }) => ({
        retailer,
        url: url.href,
        ...addressTagging(url, link.tokens, link.programsOff),
      })),
    }));
    return { status: 200, body: { results } };
  },
} satisfies Handlers;
