import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_LIMIT, NOTIFICATION_POSITION, NOTIFICATION_Z_INDEX } from './notifications-config.ts';

/**
 * The notifications container and its styles, in a chunk of their own: its transitions, swipe and
 * scroll lock are not needed for the first paint. `notifications.show` needs only the store, which
 * stays in the main bundle; notices shown before this mounts wait there and appear when it does.
 */
export function NotificationsHost() {
  // console-notices (console.css): the stack starts above a bar of actions stuck to the bottom of the
  // window (the create form's Create order), never over it.
  return <Notifications position={NOTIFICATION_POSITION} limit={NOTIFICATION_LIMIT} zIndex={NOTIFICATION_Z_INDEX} classNames={{ root: 'console-notices' }} />;
}
