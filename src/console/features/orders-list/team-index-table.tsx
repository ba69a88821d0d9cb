import type { MouseEvent } from 'react';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { compareMoney } from '../../../contract/money.ts';
import type { IndexedOrder, IndexSource } from '../../../contract/order-index.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatAge } from '../order-detail/order-format.ts';
import { displayAmount, displayDateTime } from './order-format.ts';
import { orderHref } from './order-row.tsx';
import classes from './orders-table.module.css';
import { followInAppLink } from '../../lib/link-clicks.ts';

// The team index comes server-rendered with its first 50 rows, and the browser's style and
// layout of those rows stood between the HTML and its first paint. So, as the sandbox list's rows
// (order-row.tsx): plain elements with this module's classes, no Mantine component per cell, one
// click handler for the whole table; each row its own grid, which lets the rows below the first
// screen skip their layout until scrolled to (orders-table.module.css).

// How the index last heard of the order (contract/order-index.ts): a person here, a machine through
// the gateway, the refresher, the sandbox itself, or a file.
export const SOURCE_WORDS: Record<IndexSource, string> = {
  create: 'created here',
  read: 'opened',
  refund: 'refunded here',
  list: 'in a sandbox list',
  service_create: 'created by the PSP’s system',
  service_read: 'read by the PSP’s system',
  service_refund: 'refunded by the PSP’s system',
  refresh: 'read again',
  sandbox: 'changed in the sandbox',
  import: 'from an imported file',
};

/** An amount the index may not know yet (an imported order before the service is read). */
const amountText = (amount: string | null) => (amount === null ? '—' : displayAmount(amount));

const COLUMNS = ['External ID', 'Status', 'Initial amount', 'Current amount', 'Customer', 'Created', 'Last seen'] as const;

function Customer({ order }: { order: IndexedOrder }) {
  if (!order.customer_visible) return <div className={`${classes.indexText} ${classes.dimmed}`}>Hidden for your role</div>;
  if (order.customer === null) return <div className={`${classes.indexText} ${classes.dimmed}`}>Not seen</div>;
  const name = [order.customer.first_name, order.customer.last_name].filter((part) => part !== null).join(' ');
  return (
    <>
      {name !== '' && <div className={classes.indexText}>{name}</div>}
      {order.customer.email !== null && <div className={`${classes.indexText} ${classes.dimmed}`}>{order.customer.email}</div>}
      {order.customer.phone_number !== null && <div className={`${classes.indexSmall} ${classes.dimmed}`}>{order.customer.phone_number}</div>}
    </>
  );
}

/** One order of the index. `now`: when the answer came, so ages do not move on a re-render. */
const TeamIndexRow = memo(function TeamIndexRow({ order, now }: { order: IndexedOrder; now: number }) {
  const cell = classes.indexCell;
  return (
    <div role="row" className={`${classes.indexGrid} ${classes.indexRow}`}>
      <div role="cell" className={cell}>
        <a href={orderHref(order.order_id)} className={`mantine-focus-auto ${classes.link} ${classes.indexLink}`}>
          {order.external_id}
        </a>
      </div>
      <div role="cell" className={cell}>
        {order.status === null ? <span className={classes.dimmed}>not known yet</span> : <StatusBadge status={order.status} testId="order-row-status" />}
      </div>
      {/* Both amounts, always: amount: filters on the initial one (what the customer paid), and a
          refunded order's list must not read as if it had been paid less. */}
      <div role="cell" className={cell}>
        {amountText(order.initial_amount)}
      </div>
      <div role="cell" className={cell}>
        {amountText(order.current_amount)}
        {order.refund_amount !== null && compareMoney(order.refund_amount, '0') > 0 && <div className={`${classes.indexSmall} ${classes.dimmed}`}>{displayAmount(order.refund_amount)} refunded</div>}
      </div>
      <div role="cell" className={cell}>
        <Customer order={order} />
      </div>
      <div role="cell" className={cell}>
        {order.created_at === null ? <span className={classes.dimmed}>not known yet</span> : displayDateTime(order.created_at)}
      </div>
      <div role="cell" className={cell} title={displayDateTime(order.last_seen_at)}>
        {formatAge(now - new Date(order.last_seen_at).getTime())}, {SOURCE_WORDS[order.source]}
        {order.not_found_at !== null && <div className={`${classes.indexSmall} ${classes.dimmed}`}>the service does not know this order</div>}
      </div>
    </div>
  );
});

/** The index's orders as a table (Mantine's striped table with hover, in plain elements). */
export function TeamIndexTable({ orders, now }: { orders: readonly IndexedOrder[]; now: number }) {
  const navigate = useNavigate();
  // The order's link is the way in (keyboard, screen reader, mouse); a plain click on it stays in the app.
  const onClick = (event: MouseEvent) => {
    if (!event.defaultPrevented) followInAppLink(event, navigate);
  };
  return (
    // Scrolls sideways when the columns do not fit (a phone), instead of the whole page.
    <div className={classes.indexScroll}>
      <div role="table" aria-label="Team order index" className={classes.indexTable} onClick={onClick}>
        <div role="rowgroup">
          <div role="row" className={`${classes.indexGrid} ${classes.indexHeader}`}>
            {COLUMNS.map((label) => (
              <div key={label} role="columnheader" className={classes.indexCell}>
                {label}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {orders.map((order) => (
            <TeamIndexRow key={`${order.environment} ${order.order_id}`} order={order} now={now} />
          ))}
        </div>
      </div>
    </div>
  );
}
