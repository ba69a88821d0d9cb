import type { RefObject } from 'react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

// Thousands of orders stay smooth: only the rows in view (plus a few each side) are in the DOM.
// Every row has the same height (a table row, or a phone's card), so which rows are in view is
// arithmetic on the scroll position: nothing is measured. (The virtualiser library this
// replaces measured the viewport on mount, a forced layout of the whole page and a second render
// before the first rows could paint; and it added to the first screen's bytes: docs/performance.md.)

export interface RowWindow {
  /** First row index rendered. */
  start: number;
  /** One past the last row index rendered. */
  end: number;
}

/**
 * The rows to render at `scrollTop` (the viewport's, which the sticky header above the rows is part of):
 * those in the viewport's `height`, plus `overscan` beyond each edge.
 */
export function rowWindow(scrollTop: number, height: number, rowHeight: number, headerHeight: number, count: number, overscan: number): RowWindow {
  const top = Math.max(0, scrollTop - headerHeight);
  const first = Math.floor(top / rowHeight);
  const last = Math.ceil((top + height) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + overscan) };
}

/** The window of rows for the viewport behind `viewportRef`, following its scroll. */
export function useRowWindow(viewportRef: RefObject<HTMLElement | null>, height: number, rowHeight: number, headerHeight: number, count: number, overscan: number): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  const visible = rowWindow(scrollTop, height, rowHeight, headerHeight, count, overscan);
  const { start, end } = visible;

  useEffect(() => {
    const viewport = viewportRef.current;
    if (viewport === null) return;
    const onScroll = () => {
      const next = rowWindow(viewport.scrollTop, height, rowHeight, headerHeight, count, overscan);
      // Rendered before the frame paints, as a scrollbar drag moves every row each frame: a
      // deferred render would show an empty stretch. Nothing renders while the window stays.
      if (next.start !== start || next.end !== end) flushSync(() => setScrollTop(viewport.scrollTop));
    };
    // Not read now: reading scrollTop here would force a layout of the page before its first paint.
    // A new row height keeps the position in px (the window follows in the render); fewer rows
    // clamping the position fire a scroll event.
    viewport.addEventListener('scroll', onScroll, { passive: true });
    return () => viewport.removeEventListener('scroll', onScroll);
  }, [viewportRef, height, rowHeight, headerHeight, count, overscan, start, end]);

  return visible;
}

/**
 * A key for each row rendered, so that a row coming into view reuses the elements of one that went
 * out instead of React building new ones (a scrollbar drag replaces every row each frame;
 * building them made garbage enough for a major GC in the frame, the longest tasks while scrolling).
 * A row keeps its slot for as long as it is rendered, wherever it moves (a new order on top shifts
 * every row; the focused row's elements stay its own); a row coming in takes the lowest slot no
 * rendered row holds. `previous` is the last render's assignment; `rows` are the rendered rows' own
 * keys (an order's id), each once.
 */
export function assignSlots(previous: ReadonlyMap<string, number>, rows: readonly string[]): Map<string, number> {
  const next = new Map<string, number>();
  const taken = new Set<number>();
  for (const row of rows) {
    const slot = previous.get(row);
    if (slot !== undefined && !taken.has(slot)) {
      next.set(row, slot);
      taken.add(slot);
    }
  }
  let free = 0;
  for (const row of rows) {
    if (next.has(row)) continue;
    while (taken.has(free)) free += 1;
    next.set(row, free);
    taken.add(free);
  }
  return next;
}
