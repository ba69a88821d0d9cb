import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in a render on the server (the build's pre-rendered frame, a team page) and while the browser
 * hydrates one; true in a render of the browser's own, and after the hydration.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
