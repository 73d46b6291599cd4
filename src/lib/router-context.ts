import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '@/lib/session';

export interface RouterContext {
  queryClient: QueryClient;
  sessionStore: SessionStore;
}
