import { AMOUNT_MESSAGE, charCount, isAmountString } from '../contract/fields.ts';
import { addMoney, compareMoney, formatMoney, sumMoney } from '../contract/money.ts';
import { refundStatusProblem } from '../contract/rules.ts';
import type { Order } from '../contract/schemas.ts';
import { readReasonText, reasonText, REFUND_REASONS } from '../contract/refund-reasons.ts';
import { isUuid } from '../contract/uuid.ts';
import type { BulkRowInput } from './bulk-file.ts';

// Every row checked against its order as the service has it now, before anything is sent. Each
// problem is a sentence for the person fixing the file. Pure: the browser and the console server
// (team mode) check the same way.

/** The order of a row, read fresh. */
export type OrderLookup =
  | { kind: 'found'; order: Order }
  | { kind: 'not-found' }
  /** The read failed (network, 5xx, an answer that is not an order): the row cannot be judged yet. */
  | { kind: 'failed'; message: string };

export const FULL = 'full';
export const MAX_REASON_CHARS = 255;
const MAX_ACCOUNT_CHARS = 34;

export interface CheckedRow extends BulkRowInput {
  /** What would be refunded (two decimals): the amount, or the order's current amount for `full`. */
  refund: string | null;
  /** The account the refund goes to: the row's own, else the batch's. */
  account: string;
  /**
   * The reason the refund carries, by the refund dialog's rule (contract/refund-reasons.ts): a listed
   * reason, or "Other: <the file's text>"; null when the row has none.
   */
  reasonAs: string | null;
  problems: string[];
}

export function isFull(amount: string): boolean {
  return amount.toLowerCase() === FULL;
}

/** The amount a row asks for, two decimals, or null when it is no positive amount (or an order is needed for `full`). */
function requestedAmount(row: BulkRowInput, order: Order | null): string | null {
  if (isFull(row.amount)) return order === null ? null : formatMoney(order.current_amount);
  if (!isAmountString(row.amount) || compareMoney(row.amount, '0') <= 0) return null;
  return formatMoney(row.amount);
}

/** A row as the checks between rows see it: its line, its order, what it would refund, and where its problems go. */
export interface RowRefund {
  line: number;
  order_id: string;
  refund: string | null;
  problems: string[];
}

/** The same order and amount twice is most often a line pasted twice: it must be dropped or changed on purpose. */
export function markDuplicateRows(rows: readonly RowRefund[]): void {
  const firstSeen = new Map<string, number>();
  for (const row of rows) {
    if (row.refund === null || !isUuid(row.order_id)) continue;
    const same = `${row.order_id.toLowerCase()} ${formatMoney(row.refund)}`;
    const earlier = firstSeen.get(same);
    if (earlier === undefined) firstSeen.set(same, row.line);
    else row.problems.push(`Duplicate of line ${earlier} (same order and amount)`);
  }
}

/**
 * Rows of one order together must not refund more than it has now (D4), counted over the rows that
 * would otherwise be sent; `orders` holds the orders read (an order not read is not judged here).
 */
export function markRowsOverCurrent(rows: readonly RowRefund[], orders: ReadonlyMap<string, OrderLookup>): void {
  const byOrder = new Map<string, RowRefund[]>();
  for (const row of rows) {
    if (row.refund === null) continue;
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  for (const [orderId, list] of byOrder) {
    const lookup = orders.get(orderId);
    if (lookup?.kind !== 'found' || !isAmountString(lookup.order.current_amount)) continue;
    const current = lookup.order.current_amount;
    const total = sumMoney(list.map((r) => r.refund ?? '0'));
    if (compareMoney(total, current) <= 0) continue;
    for (const row of list) {
      const others = list.filter((r) => r !== row);
      row.problems.push(
        others.length === 0
          ? `${row.refund ?? ''} is more than the order's current amount (${formatMoney(current)})`
          : `With line${others.length > 1 ? 's' : ''} ${others.map((r) => r.line).join(', ')} this order would be refunded ${formatMoney(total)}, more than its current amount (${formatMoney(current)})`,
      );
    }
  }
}

export function checkRows(rows: readonly BulkRowInput[], orders: ReadonlyMap<string, OrderLookup>, batchAccount: string): CheckedRow[] {
  const base = rows.map((row) => {
    const problems: string[] = [];
    const lookup = orders.get(row.order_id);
    const order = lookup?.kind === 'found' ? lookup.order : null;
    if (row.order_id === '') problems.push('order_id is missing');
    else if (!isUuid(row.order_id)) problems.push('order_id is not an order id (a UUID such as 3f2b…-…)');
    else if (lookup === undefined) problems.push('The order has not been read yet');
    else if (lookup.kind === 'not-found') problems.push('Unknown order: the service has no order with this id');
    else if (lookup.kind === 'failed') problems.push(`The order could not be read: ${lookup.message}`);
    else {
      const statusProblem = refundStatusProblem(lookup.order.status);
      if (statusProblem !== null) problems.push(statusProblem);
    }

    if (row.amount === '') problems.push(`amount is missing (an amount such as 12.50, or ${FULL})`);
    else if (!isFull(row.amount) && !isAmountString(row.amount)) problems.push(`amount: ${AMOUNT_MESSAGE}, or ${FULL}`);
    else if (!isFull(row.amount) && compareMoney(row.amount, '0') <= 0) problems.push('amount must be greater than 0');

    const reason = readReasonText(row.reason);
    if (row.reason === '') problems.push(`reason is missing (one of ${REFUND_REASONS.join(', ')}; any other text is sent as Other with it as its note)`);
    else if (reason === null) problems.push('reason "Other" needs its words: write "Other: why", or the reason itself');
    else if (charCount(reasonText(reason)) > MAX_REASON_CHARS) problems.push(`reason is longer than ${MAX_REASON_CHARS} characters`);

    const account = row.destination_account_number !== '' ? row.destination_account_number : batchAccount.trim();
    if (account === '') problems.push('No destination account: give the batch one, or the row a destination_account_number');
    else if (charCount(account) > MAX_ACCOUNT_CHARS) problems.push(`destination account is longer than ${MAX_ACCOUNT_CHARS} characters`);

    return { ...row, refund: requestedAmount(row, order), account, reasonAs: reason === null ? null : reasonText(reason), problems };
  });
  markDuplicateRows(base);
  markRowsOverCurrent(base, orders);
  return base;
}

export interface BulkTotals {
  rows: number;
  ready: number;
  withProblems: number;
  /** The sum of the rows that would be sent, two decimals. */
  total: string;
}

export function bulkTotals(rows: readonly CheckedRow[]): BulkTotals {
  const ready = rows.filter((r) => r.problems.length === 0 && r.refund !== null);
  return {
    rows: rows.length,
    ready: ready.length,
    withProblems: rows.length - ready.length,
    total: formatMoney(ready.reduce((sum, r) => addMoney(sum, r.refund ?? '0'), sumMoney([]))),
  };
}
