import type { OrderStatus } from '../../contract/schemas.ts';
import classes from './status-badge.module.css';

export type StatusColor = 'gray' | 'blue' | 'cyan' | 'green' | 'violet' | 'orange' | 'red';

const STATUS_COLORS: Readonly<Record<OrderStatus, StatusColor>> = {
  new: 'gray',
  data_completed: 'blue',
  checking: 'blue',
  accepted: 'cyan',
  activated: 'green',
  refunded: 'violet',
  rejected: 'orange',
  canceled: 'orange',
  error: 'red',
};

// A lookup rather than a schema parse: the orders list asks for a colour per row it renders.
const isDocumentedStatus = (status: string): status is OrderStatus => Object.hasOwn(STATUS_COLORS, status);

export function statusColor(status: string): StatusColor {
  return isDocumentedStatus(status) ? STATUS_COLORS[status] : 'gray';
}

/**
 * The raw status text (D10) in a badge coloured by what it means. The dot variant keeps the text in
 * the body colour, so every status reads at full contrast in both schemes (coloured text on a tinted
 * background fell below 4.5:1 for green and teal). An undocumented status is shown as sent, in grey.
 * `data-testid="order-status"` is the order page's hook (D10); the orders list's rows pass
 * `order-row-status`, so a page never holds more than one `order-status`.
 *
 * Mantine's Badge look in plain elements and CSS (status-badge.module.css): the orders list renders
 * one per row, dozens per frame while scrolling, where Mantine's Badge cost a style resolution each.
 */
export function StatusBadge({ status, size = 'md', testId = 'order-status' }: { status: string; size?: 'md' | 'lg'; testId?: 'order-status' | 'order-row-status' }) {
  return (
    <span className={classes.badge} data-size={size} data-color={statusColor(status)} data-testid={testId}>
      <span className={classes.label}>{status === '' ? '—' : status}</span>
    </span>
  );
}
