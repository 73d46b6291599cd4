import { useNotifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/later/idle';
import { lazyModule } from '@/lib/later/lazy-module';
import { useFirstScreenPainted } from '@/lib/later/use-first-screen-painted';
import type { AppRouter } from './router';

// Its own chunk: the container (and its transitions) is not needed for the first screen.
const notificationLayer = lazyModule(() => import(/* background */ './notification-layer'));
const NotificationLayer = notificationLayer.component((module) => module.default, null);

/**
 * Mounts Mantine's notification container with the first notification, once the first screen
 * has been painted; most visits show none and never mount it. A `notifications.show(...)` before
 * then is kept in Mantine's store and appears when it mounts. The container's code loads in an
 * idle period after the first paint, so the first notification does not wait for it.
 */
export function NotificationsAfterFirstPaint({ router }: { router: AppRouter }) {
  const painted = useFirstScreenPainted(router);
  const { notifications, queue } = useNotifications();
  const [mounted, setMounted] = useState(false);
  if (painted && !mounted && notifications.length + queue.length > 0) setMounted(true);

  useEffect(() => {
    if (!painted) return;
    whenIdle(notificationLayer.preload);
  }, [painted]);

  if (!mounted) return null;
  return <NotificationLayer />;
}
