import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { useLocation, useNavigate } from 'react-router';

/** A left click with no modifier key: the one a single-page app takes over from the browser. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * One click handler for the plain `<a href="/...">` links inside an element (the shell's navigation,
 * its environment chip), in place of a router <Link> each: a plain click stays in the app, as a Link's
 * would (the same page again replaces the history entry rather than adding one); a modified click
 * (new tab, new window) is left to the browser. A click a Link already handled is left alone.
 */
export function useInAppLinkClicks(): (event: MouseEvent) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (event) => {
    if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
    const href = event.target.closest('a[href^="/"]:not([href^="//"]):not([target])')?.getAttribute('href');
    if (href === undefined || href === null) return;
    event.preventDefault();
    void navigate(href, { replace: href === `${location.pathname}${location.search}${location.hash}` });
  };
}

/**
 * For the orders tables, which render their links as plain <a href> (no router Link per row: issues 6
 * and 27) and take clicks on them over once, on the table. When the click landed on a link: a plain
 * one is followed in the app, a modified one (new tab, new window) is left to the browser. True when
 * it was a link's click, either way.
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
