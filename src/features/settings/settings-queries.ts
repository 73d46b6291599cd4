import { $api } from '@/api/query-client';

export const affiliateTokensQueryOptions = () => $api.queryOptions('get', '/v1/affiliate-tokens');
