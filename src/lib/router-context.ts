import type { QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '@/session/session-store';

export interface RouterContext {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  /** Runs the current routes' checks again, e.g. after the session changed in the background. */
  revalidateRoutes: () => void;
  /** Resolves once the first screen has been painted (at once for every later navigation). */
  afterFirstPaint: () => Promise<void>;
}
