import { useMediaQuery } from '@mantine/hooks';
import type { FocusEvent, MouseEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderRowRecord } from './order-row.tsx';
import { OrderRow } from './order-row.tsx';
import classes from './orders-table.module.css';
import { assignSlots, useRowWindow } from './row-window.ts';
import { followInAppLink } from '../../lib/link-clicks.ts';

export const ROW_HEIGHT = 44;
/** A phone's card and the gap below it (orders-table.module.css). */
export const CARD_SLOT = 132;
/** Below Mantine's sm breakpoint the rows are cards; the same query as the stylesheet's. */
export const CARD_QUERY = '(max-width: 47.99em)';
const HEADER_HEIGHT = 40;
const VIEWPORT_HEIGHT = 520;
/** Ask for the next page while this many loaded rows are still below the window. */
const NEAR_END_ROWS = 40;

const COLUMNS = [
  { label: 'External id' },
  { label: 'Order id' },
  { label: 'Status' },
  { label: 'Current amount', numeric: true },
  { label: 'Initial amount', numeric: true },
  { label: 'Date settled' },
] as const;

/**
 * Rows kept beyond each edge: enough for a wheel step, and a scrollbar drag (all rows new each frame)
 * updates 20 rows instead of 28 (less style, layout and paint a frame).
 */
const OVERSCAN = 4;

interface Props {
  label: string;
  records: readonly OrderRowRecord[];
  /** Called when the user scrolls close to the last loaded row (infinite lists). */
  onNearEnd?: () => void;
}

/** A row's own key: its order's id (an order without one, by its place). */
function rowKey(record: OrderRowRecord | undefined, index: number): string | undefined {
  if (record === undefined) return undefined;
  return record.id === '' ? `#${index}` : record.id;
}

/** Thousands of orders stay smooth: only the rows in view (plus a few) are in the DOM. */
export function OrdersTable({ label, records, onNearEnd }: Props) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // Read at once, not after a first render: the page is never pre-rendered, and a first pass with
  // the wrong row height would lay out every row twice.
  const cards = useMediaQuery(CARD_QUERY, false, { getInitialValueInEffect: false });
  const rowHeight = cards ? CARD_SLOT : ROW_HEIGHT;
  // The cards' column headers are for screen readers only: they take no room.
  const headerHeight = cards ? 0 : HEADER_HEIGHT;

  // One handler for every row (rather than a router Link and a click handler per row). The link in
  // the first cell is the keyboard and screen-reader way in: a plain click on it stays in the app, a
  // modified one (new tab, new window) is left to the browser. A click anywhere else on a row is a
  // shortcut for the mouse, unless it landed on a control or the user is selecting text.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !(event.target instanceof Element) || followInAppLink(event, navigate)) return;
    if (event.target.closest('button') !== null) return;
    const href = event.target.closest('[role="row"]')?.querySelector('a[href]')?.getAttribute('href');
    if (href === null || href === undefined || (window.getSelection()?.toString() ?? '') !== '') return;
    void navigate(href);
  };
  // The viewport's height is fixed (VIEWPORT_HEIGHT, less when the rows take less).
  const rows = useRowWindow(viewportRef, VIEWPORT_HEIGHT, rowHeight, headerHeight, records.length, OVERSCAN);
  const lastVisible = rows.end - 1;

  // The row holding the focus stays rendered when it scrolls out of the window, so the focus stays on
  // that order (Enter opens the order the keyboard user chose) and comes back into view with it.
  const [focused, setFocused] = useState<string | null>(null);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest('[role="row"]');
    const index = Number(row?.getAttribute('aria-rowindex') ?? '0') - 2;
    setFocused(index >= 0 ? (rowKey(records[index], index) ?? null) : null);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };
  const shown: number[] = [];
  for (let index = rows.start; index < rows.end; index += 1) shown.push(index);
  const focusedIndex = focused === null ? -1 : records.findIndex((record, index) => rowKey(record, index) === focused);
  if (focusedIndex >= 0 && focusedIndex < rows.start) shown.unshift(focusedIndex);
  if (focusedIndex >= rows.end) shown.push(focusedIndex);
  // Rows coming into view take the elements of rows that left (assignSlots). The last assignment is
  // state, updated in this render when the rows changed (React renders this component again at once,
  // before its rows: no second pass over them).
  const keys = shown.map((index) => rowKey(records[index], index) ?? '');
  const [assigned, setAssigned] = useState<ReadonlyMap<string, number>>(() => assignSlots(new Map(), keys));
  const slots = assigned.size === keys.length && keys.every((key) => assigned.has(key)) ? assigned : assignSlots(assigned, keys);
  if (slots !== assigned) setAssigned(slots);

  useEffect(() => {
    if (onNearEnd !== undefined && records.length > 0 && lastVisible >= records.length - NEAR_END_ROWS) onNearEnd();
  }, [lastVisible, records.length, onNearEnd]);

  return (
    <div
      ref={viewportRef}
      className={classes.viewport}
      style={{ height: Math.min(VIEWPORT_HEIGHT, headerHeight + records.length * rowHeight + 2) }}
      role="table"
      aria-label={label}
      aria-rowcount={records.length + 1}
      tabIndex={-1}
      onClick={onClick}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div role="rowgroup" className={classes.header}>
        <div role="row" aria-rowindex={1} className={classes.grid} style={{ height: HEADER_HEIGHT }}>
          {COLUMNS.map((column) => (
            <div key={column.label} role="columnheader" className={'numeric' in column ? `${classes.cell} ${classes.end}` : classes.cell}>
              {column.label}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className={classes.body} style={{ height: records.length * rowHeight }}>
        {shown.map((index, position) => {
          const record = records[index];
          if (record === undefined) return null;
          return <OrderRow key={slots.get(keys[position] ?? '')} record={record} rowIndex={index + 2} top={index * rowHeight} />;
        })}
      </div>
    </div>
  );
}
