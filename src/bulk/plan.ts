import { formatMoney } from '../contract/money.ts';
import { newPaymentIdentifier, newRefundExternalId } from '../contract/refund-ids.ts';
import type { CheckedRow } from './checks.ts';
import { bulkTotals } from './checks.ts';
import type { BulkRun } from '../contract/bulk-run-model.ts';

/**
 * The run of the rows that passed every check, each with its own payment_identifier and
 * external_id generated now, before anything is sent: saved first, the run can stop anywhere and
 * resume without refunding anything twice.
 */
export function planRun(rows: readonly CheckedRow[], environmentId: string, now = new Date()): BulkRun {
  const ready = rows.filter((r) => r.problems.length === 0 && r.refund !== null);
  return {
    version: 1,
    id: `bulk-${now.getTime().toString(36)}-${newPaymentIdentifier().slice(3, 9).toLowerCase()}`,
    environmentId,
    createdAt: now.toISOString(),
    total: bulkTotals(rows).total,
    rows: ready.map((row) => ({
      plan: {
        key: row.key,
        line: row.line,
        order_id: row.order_id,
        reason: row.reasonAs ?? row.reason,
        body: {
          amount: formatMoney(row.refund ?? '0'),
          destination_account_number: row.account,
          payment_identifier: newPaymentIdentifier(),
          external_id: newRefundExternalId(now),
        },
      },
      state: { kind: 'pending' },
    })),
    leftOut: rows
      .filter((r) => r.problems.length > 0 || r.refund === null)
      .map((r) => ({ line: r.line, order_id: r.order_id, amount: r.amount, reason: r.reason, problems: r.problems })),
    finishedAt: null,
  };
}
