import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { $api } from '@/api/query-client';

export type AffiliateToken = components['schemas']['AffiliateToken'];
export type AppleServicesSettings = components['schemas']['AppleServicesSettings'];
export type PartnerTerms = components['schemas']['PartnerTerms'];
export type PartnerEnrolment = components['schemas']['PartnerEnrolment'];

export const affiliateTokensQueryOptions = () => $api.queryOptions('get', '/v1/affiliate-tokens');

export const appleServicesSettingsQueryOptions = () =>
  $api.queryOptions('get', '/v2/settings/apple-services');

/**
 * Links whose programs and reader addresses follow the saved tokens, which apply at each click:
 * the cards' program badges and "What readers get".
 */
const linksTaggedByTokens = [
  ['get', '/v1/links/list'],
  ['get', '/v1/links/reader-destinations'],
] as const;

/**
 * After a token or the Apple Services settings change: the server keeps the Apple Services token
 * and settings as one enrolment, so a change to either shows in both, and in what the links do.
 */
export function refreshAffiliateSettings(queryClient: QueryClient): Promise<unknown> {
  const settingsKeys = [affiliateTokensQueryOptions(), appleServicesSettingsQueryOptions()].map(
    ({ queryKey }) => queryKey.slice(0, 2),
  );
  return Promise.all(
    [...settingsKeys, ...linksTaggedByTokens].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export const partnerTermsQueryOptions = () => $api.queryOptions('get', '/v2/pz-terms');

/** The same terms from the first version of the API, to compare versions. */
export const legacyPartnerTermsQueryOptions = () =>
  $api.queryOptions('get', '/v1/pz-terms', { params: { query: { format: 'json' } } });

export const partnerEnrolmentQueryOptions = () =>
  $api.queryOptions('get', '/v1/pz-users', { params: { query: { format: 'json' } } });
