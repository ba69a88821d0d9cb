import { isAmountString } from '../../../../contract/fields.ts';
import { compareMoney, formatMoney, sumMoney } from '../../../../contract/money.ts';
import type { RefundRow } from './history-model.ts';

export type RefundTotals =
  /** The refunds add up to the order's refunded amount. */
  | { kind: 'match'; sum: string }
  /** They do not: some refunds are missing from this history (or the record moved since). */
  | { kind: 'mismatch'; sum: string; recorded: string }
  /** An amount that is not a decimal (a service that differs, D9): nothing can be added. */
  | { kind: 'unreadable'; recorded: string };

/** The refunds' sum, exact, against the order's `refund_amount`. */
export function refundTotals(refunds: readonly RefundRow[], recorded: string): RefundTotals {
  const amounts = refunds.map((r) => r.amount);
  if (!amounts.every(isAmountString) || !isAmountString(recorded)) return { kind: 'unreadable', recorded };
  const sum = formatMoney(sumMoney(amounts));
  return compareMoney(sum, recorded) === 0 ? { kind: 'match', sum } : { kind: 'mismatch', sum, recorded };
}
