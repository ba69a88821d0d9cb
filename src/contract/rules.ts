import { compareMoney, formatMoney } from './money.ts';
import type { OrderStatus } from './schemas.ts';

// docs/decisions.md D4 and the document's one state rule. Each returns a message for a person, or null
// when the value is fine. Inputs are decimal strings the schemas have already accepted.

export const REFUND_STATUS_RULE = 'Refunds are possible only for activated orders';

export function orderAmountProblem(amount: string): string | null {
  return compareMoney(amount, '0') > 0 ? null : 'Must be greater than 0';
}

export function refundAmountProblem(amount: string, currentAmount: string): string | null {
  if (compareMoney(amount, '0') <= 0) return 'Must be greater than 0';
  if (compareMoney(amount, currentAmount) > 0) {
    return `Must not exceed the order's current amount (${formatMoney(currentAmount)})`;
  }
  return null;
}

export function canRefund(status: OrderStatus): boolean {
  return status === 'activated';
}

export function refundStatusProblem(status: OrderStatus): string | null {
  return canRefund(status) ? null : `${REFUND_STATUS_RULE}; this order is ${status}`;
}
