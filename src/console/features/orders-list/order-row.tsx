import { IconCheck, IconCopy } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import type { OrderRecord } from '../orders/order-record.ts';
import { displayAmount, displayDateTime, shortId } from './order-format.ts';
import classes from './orders-table.module.css';
import { StatusBadge } from '../../components/status-badge.tsx';

export type OrderRowRecord = Pick<OrderRecord, 'id' | 'external_id' | 'status' | 'current_amount' | 'initial_amount' | 'date_settled'>;

export function orderHref(id: string): string {
  return `/orders/${encodeURIComponent(id)}`;
}

/** What a row shows, worked out once per record (a record object never changes once received). */
interface RowText {
  href: string | null;
  linkText: string;
  shortId: string;
  currentAmount: string;
  initialAmount: string;
  dateSettled: string;
}

const rowTexts = new WeakMap<OrderRowRecord, RowText>();

export function rowText(record: OrderRowRecord): RowText {
  let text = rowTexts.get(record);
  if (text === undefined) {
    text = {
      href: record.id === '' ? null : orderHref(record.id),
      linkText: record.external_id === '' ? shortId(record.id) : record.external_id,
      shortId: shortId(record.id),
      currentAmount: displayAmount(record.current_amount),
      initialAmount: displayAmount(record.initial_amount),
      dateSettled: displayDateTime(record.date_settled),
    };
    rowTexts.set(record, text);
  }
  return text;
}

interface Props {
  record: OrderRowRecord;
  /** 1-based, counting the header row (aria-rowindex). */
  rowIndex: number;
  /** Offset from the top of the table body, in px. */
  top: number;
}

/**
 * Memoised and light: plain elements with the table's CSS classes, no Mantine component per cell,
 * no hook but the copy button's. Scrolling by the scrollbar replaces every row in view each frame,
 * so a row's cost is paid about 25 times a frame. Clicks (the link, the row) are handled once, by the
 * table (orders-table.tsx).
 */
export const OrderRow = memo(function OrderRow({ record, rowIndex, top }: Props) {
  const text = rowText(record);
  // The cells carry their area (a phone lays the row out as a card, orders-table.module.css); the
  // amounts also their label, which only the card shows.
  return (
    <div role="row" aria-rowindex={rowIndex} className={`${classes.grid} ${classes.row}`} style={{ transform: `translateY(${top}px)` }}>
      <div role="cell" className={`${classes.cell} ${classes.external}`}>
        {text.href === null ? (
          <span className={`${classes.clamp} ${classes.dimmed}`}>{record.external_id || '(no id)'}</span>
        ) : (
          // Long external ids wrap onto a second line, then end in an ellipsis; the whole id is the
          // link's text (its accessible name) and its tooltip.
          <a href={text.href} className={`mantine-focus-auto ${classes.link} ${classes.clamp}`} title={record.external_id}>
            {text.linkText}
          </a>
        )}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.orderId}`}>
        <span className={classes.idCell}>
          <span className={classes.mono} title={record.id}>
            {text.shortId}
          </span>
          {record.id !== '' && <CopyIdButton id={record.id} />}
        </span>
      </div>
      <div role="cell" className={`${classes.cell} ${classes.status}`}>
        <StatusBadge status={record.status} testId="order-row-status" />
      </div>
      <div role="cell" className={`${classes.cell} ${classes.number} ${classes.current}`} data-label="Current">
        {text.currentAmount}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.number} ${classes.initial}`} data-label="Initial">
        {text.initialAmount}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.date}`} title={record.date_settled}>
        {text.dateSettled}
      </div>
    </div>
  );
});

const COPIED_MS = 1500;
const copyIcon = <IconCopy size={14} aria-hidden />;
const copiedIcon = <IconCheck size={14} aria-hidden />;

/**
 * Mantine's subtle grey ActionIcon (teal once copied), as a plain button. It remembers which id it
 * copied, not just that it did: scrolled, its row's elements may show another order (orders-table.tsx
 * reuses them), which was not copied.
 */
function CopyIdButton({ id }: { id: string }) {
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const copied = copiedId === id;
  useEffect(() => {
    if (copiedId === null) return;
    const timer = window.setTimeout(() => setCopiedId(null), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copiedId]);
  return (
    <button
      type="button"
      className={`mantine-focus-auto mantine-active ${classes.copy}`}
      data-copied={copied || undefined}
      aria-label={`Copy order id ${id}`}
      title={copied ? 'Copied' : 'Copy order id'}
      onClick={() => {
        navigator.clipboard.writeText(id).then(
          () => setCopiedId(id),
          () => setCopiedId(null),
        );
      }}
    >
      {copied ? copiedIcon : copyIcon}
    </button>
  );
}
