import { $api } from '@/api/query-client';

/** Start-up check, while the browser holds no authenticated session. */
export const authenticateQueryOptions = () =>
  $api.queryOptions('post', '/auth', { body: {} }, { staleTime: 0, retry: false });

/** Navigation-time check, once the session is authenticated. */
export const sessionCheckQueryOptions = () =>
  $api.queryOptions('get', '/auth/session', {}, { staleTime: 0, retry: false });
