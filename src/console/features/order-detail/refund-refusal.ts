import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { isAmountString } from '../../../contract/fields.ts';
import { compareMoney, formatMoney, subtractMoney } from '../../../contract/money.ts';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { canRefund } from '../../../contract/rules.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { knownStatus } from '../orders/received-order.ts';
import type { RefundFormValues } from './refund-schema.ts';
import { isRefundField } from './refund-schema.ts';

/** The order as read again right after a refusal, so the dialog and the page show current amounts. */
export type Reread =
  | { kind: 'reading' }
  | { kind: 'read'; status: string; refunded: string; remaining: string; refundedSince: string | null }
  | { kind: 'failed'; message: string }
  /** The service has no read of one order (D9): the refusal is all that is known. */
  | { kind: 'cannot-ask' };

/** A refund the service answered with a 4xx (or anything else that says it was not made). */
export interface Refusal {
  status: number | undefined;
  /** 401/403: the token, not the refund, is the problem. */
  auth: boolean;
  /** What is not one input's problem: `detail`, `non_field_errors`, fields the form does not have. */
  messages: string[];
  /** The inputs the service named; each carries its message. */
  fields: FieldPath<RefundFormValues>[];
  /** The refunded amount shown when the refund was confirmed. */
  refundedBefore: string;
  reread: Reread;
}

/** Marks the fields the service named and returns what the dialog must say itself. */
export function refuse(error: unknown, before: OrderRecord, setError: UseFormSetError<RefundFormValues>): Refusal {
  if (!(error instanceof ApiError)) {
    return { status: undefined, auth: false, messages: [error instanceof Error ? error.message : String(error)], fields: [], refundedBefore: before.refund_amount, reread: { kind: 'reading' } };
  }
  // The alert's title carries the status already; a bare detail line would say "HTTP 409" again.
  const said = error.detail ?? error.rawText;
  const messages = applyServerErrors(error, setError, isRefundField).map((line) => (line === error.message && said !== undefined && said !== '' ? said : line));
  const fields = error.fieldErrors.map((e) => e.path).filter(isRefundField);
  return { status: error.status, auth: error.isAuth, messages, fields, refundedBefore: before.refund_amount, reread: { kind: 'reading' } };
}

export function rereadFrom(record: OrderRecord, refundedBefore: string): Reread {
  const { refund_amount: refunded, current_amount: remaining, status } = record;
  let refundedSince: string | null = null;
  if (isAmountString(refunded) && isAmountString(refundedBefore) && compareMoney(refunded, refundedBefore) !== 0) {
    refundedSince = formatMoney(subtractMoney(refunded, refundedBefore));
  }
  return { kind: 'read', status, refunded, remaining, refundedSince };
}

/**
 * The order, read again after the refusal, has nothing left to refund (a new status, or nothing remains):
 * the dialog then offers nothing to send, not "Full (0.00)" and a Review button the service would refuse.
 */
export function refusalEndsRefund(refusal: Refusal | null): boolean {
  if (refusal?.reread.kind !== 'read') return false;
  const status = knownStatus(refusal.reread);
  const { remaining } = refusal.reread;
  if (status !== null && !canRefund(status)) return true;
  return isAmountString(remaining) && compareMoney(remaining, '0') <= 0;
}
