import { Notifications } from '@mantine/notifications';
import classes from './notification-layer.module.css';
import { NOTIFICATIONS_Z_INDEX } from './theme';

/**
 * Mantine's notification container, in a module of its own so it loads as a chunk of its own:
 * a dynamic import of '@mantine/notifications' itself would resolve to the entry chunk, which
 * already holds the package for `notifications.show(...)`.
 */
export default function NotificationLayer() {
  return (
    <Notifications
      position="top-right"
      zIndex={NOTIFICATIONS_Z_INDEX}
      classNames={{ root: classes.root }}
    />
  );
}
