import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { AuthSession } from '@/lib/session';

export function useSession(): AuthSession {
  const { sessionStore } = useRouter().options.context;
  return useSyncExternalStore(
    (listener) => sessionStore.subscribe(listener),
    () => sessionStore.get(),
  );
}
