import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import { formatMoney, sumMoney } from '../../../contract/money.ts';
import { newPaymentIdentifier, newRefundExternalId } from '../../../contract/refund-ids.ts';

// Test support: a plan as the page makes one after the checks (src/bulk/plan.ts), from refunds
// chosen directly: every row pending with identifiers of its own, the total their sum.

export const ACCOUNT = 'CZ6508000000192000145399';

let plans = 0;

export function planOf(environmentId: string, refunds: readonly { orderId: string; amount: string }[]): BulkRun {
  plans += 1;
  const now = new Date();
  return {
    version: 1,
    id: `bulk-test-${now.getTime().toString(36)}-${plans}-${newPaymentIdentifier().slice(3, 9).toLowerCase()}`,
    environmentId,
    createdAt: now.toISOString(),
    total: formatMoney(sumMoney(refunds.map((r) => r.amount))),
    rows: refunds.map((refund, i) => ({
      plan: {
        key: `line-${i + 2}`,
        line: i + 2,
        order_id: refund.orderId,
        reason: 'Other: Event cancelled',
        body: { amount: refund.amount, destination_account_number: ACCOUNT, payment_identifier: newPaymentIdentifier(), external_id: newRefundExternalId(now) },
      },
      state: { kind: 'pending' },
    })),
    leftOut: [],
    finishedAt: null,
  };
}
