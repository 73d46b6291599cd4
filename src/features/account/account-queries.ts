import { $api } from '@/api/query-client';

export const accountQueryOptions = () => $api.queryOptions('get', '/v2/account');
