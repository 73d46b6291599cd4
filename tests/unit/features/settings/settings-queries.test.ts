import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { refreshAffiliateSettings } from '@/features/settings/settings-queries';

describe('after a token is saved', () => {
  test('the links’ programs and their readers’ addresses are asked again, with the settings', async () => {
    const queryClient = new QueryClient();
    const keys = {
      tokens: ['get', '/v1/affiliate-tokens', {}],
      appleServices: ['get', '/v2/settings/apple-services', {}],
      links: ['get', '/v1/links/list', { params: { query: { take: 20 } } }],
      readers: ['get', '/v1/links/reader-destinations', { params: { query: { code: 'salt' } } }],
      collections: ['get', '/v1/collections/list', {}],
    };
    for (const queryKey of Object.values(keys)) queryClient.setQueryData(queryKey, {});

    await refreshAffiliateSettings(queryClient);

    const invalidated = Object.entries(keys).flatMap(([name, queryKey]) =>
      queryClient.getQueryState(queryKey)?.isInvalidated ? [name] : [],
    );
    expect(invalidated).toEqual(['tokens', 'appleServices', 'links', 'readers']);
  });
});
