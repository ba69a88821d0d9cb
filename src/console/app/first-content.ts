import { useEffect, useSyncExternalStore } from 'react';

// What the header adds beside the page (the faults indicator with its GET /sandbox/faults,
// the notifications' host, which also waits for a first notice: notifications-config.ts) waits until
// the page has shown its first content: on a cold /orders or /orders/{id} they were a request, their
// code and their first render ahead of the list or the order (the faults badge only ever shows with a
// fault armed; a notice raised meanwhile waits in the store's queue). The list and the order page say when their content is on screen;
// any other page lets the header's extras come after FALLBACK_MS.

export const FIRST_CONTENT_FALLBACK_MS = 1_500;
/** The longest the extras wait for an idle moment once the content is painted. */
const IDLE_TIMEOUT_MS = 500;

let shown = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

/** After the next frame is painted and the tasks already queued have run: when the browser is next idle. */
function afterPaint(callback: () => void): void {
  if (typeof window.requestAnimationFrame !== 'function') {
    callback();
    return;
  }
  window.requestAnimationFrame(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(callback, 0);
  });
}

/**
 * The page's content is committed: the extras come once that frame is painted and the browser is
 * idle, so their requests and their render do not hold the paint back.
 */
export function markFirstContentShown(): void {
  if (!shown) afterPaint(notify);
}

/** A page: its first content (rows, an empty state, an order, an error) is on screen once `ready`. */
export function useFirstContentShown(ready: boolean): void {
  useEffect(() => {
    if (ready) markFirstContentShown();
  }, [ready]);
}

/** The header: true once the page has shown its first content, or FIRST_CONTENT_FALLBACK_MS after mounting. */
export function useAfterFirstContent(): boolean {
  const value = useSyncExternalStore(subscribe, () => shown, () => false);
  useEffect(() => {
    if (shown) return;
    const timer = window.setTimeout(notify, FIRST_CONTENT_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return value;
}

/** Tests: a fresh page. */
export function resetFirstContentForTests(): void {
  shown = false;
}
