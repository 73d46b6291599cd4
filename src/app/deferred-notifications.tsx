import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/shell/after-first-paint';
import type { AppRouter } from './router';

// Its own chunk: the container (and its transitions) is not needed for the first screen.
const NotificationLayer = lazy(() => import('./notification-layer'));

/**
 * Mounts Mantine's notification container once the first screen has been painted, in a render
 * that gives way to input. A `notifications.show(...)` before then is kept in Mantine's store and
 * appears when it mounts.
 */
export function DeferredNotifications({ router }: { router: AppRouter }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    void afterFirstPaint(router).then(() => {
      if (!active) return;
      startTransition(() => {
        setReady(true);
      });
    });
    return () => {
      active = false;
    };
  }, [router]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <NotificationLayer />
    </Suspense>
  );
}
