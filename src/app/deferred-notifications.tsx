import { lazy, Suspense } from 'react';
import { useFirstScreenPainted } from '@/shell/use-first-screen-painted';
import type { AppRouter } from './router';

// Its own chunk: the container (and its transitions) is not needed for the first screen.
const NotificationLayer = lazy(() => import('./notification-layer'));

/**
 * Mounts Mantine's notification container once the first screen has been painted. A
 * `notifications.show(...)` before then is kept in Mantine's store and appears when it mounts.
 */
export function DeferredNotifications({ router }: { router: AppRouter }) {
  const ready = useFirstScreenPainted(router);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <NotificationLayer />
    </Suspense>
  );
}
