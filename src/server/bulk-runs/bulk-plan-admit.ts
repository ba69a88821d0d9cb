import type { OrderLookup, RowRefund } from '../../bulk/checks.ts';
import { markDuplicateRows, markRowsOverCurrent } from '../../bulk/checks.ts';
import type { BulkRun } from '../../contract/bulk-run-model.ts';
import type { TeamBulkRun } from '../../contract/bulk-runs.ts';
import { compareMoney, formatMoney, sumMoney } from '../../contract/money.ts';
import { newPaymentIdentifier, newRefundExternalId } from '../../contract/refund-ids.ts';
import type { Database } from '../../db/store-db.ts';
import type { RefundLimits } from '../approvals/refund-decision.ts';
import { approvalReasons } from '../approvals/refund-decision.ts';
import { lockRefundDecision, orderWindowTotal, personDayTotal } from '../approvals/refund-ledger.ts';
import type { ServiceCall } from '../forward.ts';
import type { TeamEnvironment } from '../team-config.ts';
import { insertRun } from './bulk-run-store.ts';
import { serviceTransport } from './service-transport.ts';

// docs/security.md: what the console server does with a plan before it keeps it, not taking the
// browser's word for any of it.
// - Every refund gets identifiers the server made (contract/refund-ids.ts, the one generator): the
//   browser's are replaced, so none can be one a pending request already holds.
// - The checks between rows the browser ran (src/bulk/checks.ts): the same order and amount twice,
//   and rows of one order that together would refund more than its current amount (read now).
// - Whether the batch waits for a second person: its total over the threshold, as one refund of that
//   sum would; any order whose refunds within the window would with its rows come over the threshold;
//   or the person's refunds without approval within 24 hours, with the batch, over the daily limit.
//   Decided and kept in one transaction under the person's and the orders' locks, like a single
//   refund (refund-ledger.ts), so a refund decided at the same moment counts the batch's rows.

const MAX_LISTED = 20;
const PARALLEL_READS = 6;

/** The plan with identifiers the server made in place of whatever the browser sent. */
export function withServerIds(plan: BulkRun): BulkRun {
  return { ...plan, rows: plan.rows.map((row) => ({ ...row, plan: { ...row.plan, body: { ...row.plan.body, payment_identifier: newPaymentIdentifier(), external_id: newRefundExternalId() } } })) };
}

/** The checks between rows, with the orders of several rows read now; one sentence per problem, by line. */
export async function rowProblems(plan: BulkRun, environment: TeamEnvironment, call: ServiceCall): Promise<string[]> {
  const rows: RowRefund[] = plan.rows.map(({ plan: row }) => ({ line: row.line, order_id: row.order_id, refund: row.body.amount, problems: [] }));
  markDuplicateRows(rows);
  // Only rows of one order can add up past it; a single row over the order's amount is skipped when its turn comes.
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.order_id, (counts.get(row.order_id) ?? 0) + 1);
  const shared = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
  const { readOrder } = serviceTransport(call, environment.id, environment.target.kind === 'sandbox');
  const orders = new Map<string, OrderLookup>();
  for (let start = 0; start < shared.length; start += PARALLEL_READS) {
    await Promise.all(shared.slice(start, start + PARALLEL_READS).map(async (id) => orders.set(id, await readOrder(id, new AbortController().signal))));
  }
  markRowsOverCurrent(rows, orders);
  const problems = rows.flatMap((row) => row.problems.map((problem) => `Line ${row.line}: ${problem}.`));
  return problems.length > MAX_LISTED ? [...problems.slice(0, MAX_LISTED), `…and ${problems.length - MAX_LISTED} more like these.`] : problems;
}

export interface AdmitDeps {
  db: Database;
  limits: RefundLimits;
  ttlMs: number;
}

/** Decides whether the batch waits, and keeps the run (null: this plan was kept already), in one locked transaction. */
export async function admitRun(deps: AdmitDeps, environment: TeamEnvironment, requester: string, plan: BulkRun): Promise<{ run: TeamBulkRun | null; reasons: string[] }> {
  const byOrder = new Map<string, string[]>();
  for (const { plan: row } of plan.rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row.body.amount]);
  return deps.db.transaction(async (tx) => {
    await lockRefundDecision(tx, environment.id, requester, [...byOrder.keys()]);
    // The batch's total as one refund would be, then each order's own rows over what it had within the window.
    const reasons = approvalReasons({ ...environment, approvalDailyLimit: null }, deps.limits, plan.total, { orderTotal: '0.00', personTotal: '0.00' }, 'this batch').map((r) => `The batch's total: ${r}`);
    if (environment.approvalThreshold !== null) {
      for (const [orderId, amounts] of byOrder) {
        const orderTotal = await orderWindowTotal(tx, environment.id, orderId, deps.limits.windowMs);
        const rows = formatMoney(sumMoney(amounts));
        const over = approvalReasons({ ...environment, approvalDailyLimit: null }, deps.limits, rows, { orderTotal, personTotal: '0.00' }, `this batch's ${amounts.length === 1 ? 'row' : `${amounts.length} rows`}`);
        // One refund's amount alone over the threshold is the batch total's reason already.
        if (over.length > 0 && (amounts.length > 1 || compareMoney(orderTotal, '0') !== 0)) reasons.push(`Order ${orderId}: ${over.join(' ')}`);
      }
    }
    if ((environment.approvalDailyLimit ?? null) !== null) {
      const personTotal = await personDayTotal(tx, environment.id, requester);
      reasons.push(...approvalReasons({ ...environment, approvalThreshold: null }, deps.limits, plan.total, { orderTotal: '0.00', personTotal }, 'this batch'));
    }
    const listed = reasons.length > MAX_LISTED ? [...reasons.slice(0, MAX_LISTED), `…and ${reasons.length - MAX_LISTED} more orders like these.`] : reasons;
    const run = await insertRun(tx, { environment: environment.id, requester, run: plan, needsApproval: reasons.length > 0, ttlMs: deps.ttlMs });
    return { run, reasons: listed };
  });
}
