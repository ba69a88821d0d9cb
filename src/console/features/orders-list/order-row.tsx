import { ActionIcon, Anchor, CopyButton, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { memo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderRecord } from '../orders/order-record.ts';
import { displayAmount, displayDateTime, shortId } from './order-format.ts';
import classes from './orders-table.module.css';
import { StatusBadge } from '../../components/status-badge.tsx';

export type OrderRowRecord = Pick<OrderRecord, 'id' | 'external_id' | 'status' | 'current_amount' | 'initial_amount' | 'date_settled'>;

export function orderHref(id: string): string {
  return `/orders/${encodeURIComponent(id)}`;
}

interface Props {
  record: OrderRowRecord;
  /** 1-based, counting the header row (aria-rowindex). */
  rowIndex: number;
  /** Offset from the top of the table body, in px. */
  top: number;
  height: number;
}

/**
 * Memoised, and kept light (plain elements where Mantine adds nothing): while the user scrolls,
 * rows already in view are not rendered again and each new one costs little.
 */
export const OrderRow = memo(function OrderRow({ record, rowIndex, top, height }: Props) {
  const navigate = useNavigate();
  const href = record.id === '' ? null : orderHref(record.id);

  // The link in the first cell is the keyboard and screen-reader way in; a click anywhere else on
  // the row is a shortcut for the mouse, unless it landed on a control or the user is selecting text.
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    if (href === null) return;
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    void navigate(href);
  };

  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={`${classes.grid} ${classes.row}`}
      style={{ height, transform: `translateY(${top}px)` }}
      onClick={onRowClick}
    >
      <div role="cell" className={classes.cell}>
        {href === null ? (
          <Text span size="sm" c="dimmed">
            {record.external_id || '(no id)'}
          </Text>
        ) : (
          <Anchor component={Link} to={href} size="sm" fw={500} title={record.external_id}>
            {record.external_id === '' ? shortId(record.id) : record.external_id}
          </Anchor>
        )}
      </div>
      <div role="cell" className={classes.cell}>
        <span className={classes.idCell}>
          <span className={classes.mono} title={record.id}>
            {shortId(record.id)}
          </span>
          {record.id !== '' && <CopyIdButton id={record.id} />}
        </span>
      </div>
      <div role="cell" className={classes.cell}>
        <StatusBadge status={record.status} />
      </div>
      <AmountCell text={record.current_amount} />
      <AmountCell text={record.initial_amount} />
      <div role="cell" className={classes.cell} title={record.date_settled}>
        {displayDateTime(record.date_settled)}
      </div>
    </div>
  );
});

function AmountCell({ text }: { text: string }) {
  return (
    <div role="cell" className={`${classes.cell} ${classes.number}`}>
      {displayAmount(text)}
    </div>
  );
}

function CopyIdButton({ id }: { id: string }) {
  return (
    <CopyButton value={id} timeout={1500}>
      {({ copied, copy }) => (
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          size="sm"
          onClick={copy}
          aria-label={`Copy order id ${id}`}
          title={copied ? 'Copied' : 'Copy order id'}
        >
          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
        </ActionIcon>
      )}
    </CopyButton>
  );
}
