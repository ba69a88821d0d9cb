import { notificationsStore } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

// Bottom right and three at most (more wait their turn): at the top they covered the header, a
// dialog's close button and the order page's Refund button with its reason.
export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_POSITION = 'bottom-right';
// Over dialogs (200), under menus and popovers (300): on a phone an open menu reaches down to where
// notices stack, and its last entries must stay clickable.
export const NOTIFICATION_Z_INDEX = 250;

// The host (notifications-host.tsx) loads lazily, and a notice shown before it mounts (a 401 on the
// first page) is placed by the store's own defaults: they are set here, with the shell, first.
notificationsStore.updateState((state) => ({ ...state, limit: NOTIFICATION_LIMIT, defaultPosition: NOTIFICATION_POSITION }));

const anyNotice = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};
let noticeShown = false;
/**
 * False until the first notice is shown, then true for good: the host's code (its transitions, portal
 * and scroll lock) loads for the first notice rather than with every page, whose size and JS heap it
 * added to (docs/performance.md). A notice is announced as it is inserted (role="alert"), so the host
 * need not be there before it.
 */
export function useNoticeShown(): boolean {
  return useSyncExternalStore(notificationsStore.subscribe, () => (noticeShown ||= anyNotice()), () => false);
}
