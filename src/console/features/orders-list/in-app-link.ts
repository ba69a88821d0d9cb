import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

// The orders lists render their links as plain <a href> (no router Link per row: issue 6 and 27) and
// take clicks on them over once, on the table: what a router Link does, for every row at once.

/** A left click with no modifier key: the one a single-page app takes over from the browser. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * When the click landed on a link: a plain one is followed in the app, a modified one (new tab, new
 * window) is left to the browser. True when it was a link's click, either way.
 */
export function followInAppLink(event: MouseEvent, navigate: NavigateFunction): boolean {
  if (!(event.target instanceof Element)) return false;
  const link = event.target.closest('a[href]');
  if (link === null) return false;
  if (isPlainClick(event)) {
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '');
  }
  return true;
}
