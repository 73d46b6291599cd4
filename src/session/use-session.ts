import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { AuthSession, SessionStore } from './session-store';

function useSessionStore(): SessionStore {
  return useRouter().options.context.sessionStore;
}

export function useSession(): AuthSession {
  const sessionStore = useSessionStore();
  return useSyncExternalStore(
    (listener) => sessionStore.subscribe(listener),
    () => sessionStore.get(),
  );
}

/** False until the server has first answered about the session in this page load. */
export function useSessionChecked(): boolean {
  const sessionStore = useSessionStore();
  return useSyncExternalStore(
    (listener) => sessionStore.subscribe(listener),
    () => sessionStore.isChecked(),
  );
}
