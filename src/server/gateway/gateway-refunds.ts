import { z } from 'zod';
import { formatMoney } from '../../contract/money.ts';
import { parseJson } from '../../contract/json-text.ts';
import type { Database } from '../../db/store-db.ts';
import { approvalReasons, countedBefore } from '../approvals/refund-decision.ts';
import type { RefundLimits } from '../approvals/refund-decision.ts';
import { countRefund, ledgerRowOf, lockRefundDecision, settleRefund } from '../approvals/refund-ledger.ts';
import type { TeamEnvironment } from '../team-config.ts';

// A service account's refund counts like a person's (docs/security.md, "Approval over a window"): it is
// decided under the same locks and written to the same ledger, so what machines and people refund on an
// order adds up to the same threshold, and a machine that splits a refund in parts meets the approval
// rule as a person would. With service_refunds `approval` a refund that would wait is refused (a machine
// cannot wait for a second person); with `direct` it is sent and still counted, so a person's later
// refund on that order counts it. The machine makes its own identifiers (it is the PSP's system); one
// the console's ledger already holds for someone else's refund is refused, so no machine can spend
// the identifier of a pending approval.

const refundBodySchema = z.object({ amount: z.string(), payment_identifier: z.string().min(1), external_id: z.string().min(1) });

export type ServiceRefundDecision =
  | { kind: 'send'; counted: string | null }
  | { kind: 'wait'; reasons: string[] }
  | { kind: 'taken' };

/** Decides a service account's refund of `orderId`; `counted`: the payment identifier now in the ledger as sending. */
export async function decideServiceRefund(
  db: Database,
  environment: TeamEnvironment,
  limits: RefundLimits,
  requester: string,
  orderId: string,
  body: Uint8Array | undefined,
): Promise<ServiceRefundDecision> {
  const parsed = refundBodySchema.safeParse(body === undefined ? undefined : parseJson(new TextDecoder().decode(body)));
  // A body the service will refuse (400) moves no money: nothing to count.
  if (!parsed.success) return { kind: 'send', counted: null };
  let amount: string;
  try {
    amount = formatMoney(parsed.data.amount.trim());
  } catch {
    return { kind: 'send', counted: null };
  }
  const { payment_identifier: paymentIdentifier, external_id: externalId } = parsed.data;
  return db.transaction(async (tx): Promise<ServiceRefundDecision> => {
    await lockRefundDecision(tx, environment.id, requester, [orderId]);
    const row = await ledgerRowOf(tx, environment.id, paymentIdentifier);
    if (row !== null && (row.requester !== requester || row.order_id !== orderId)) return { kind: 'taken' };
    const reasons = approvalReasons(environment, limits, amount, await countedBefore(tx, environment, limits, requester, orderId, paymentIdentifier));
    if (reasons.length > 0 && (environment.serviceRefunds ?? 'approval') === 'approval') return { kind: 'wait', reasons };
    await countRefund(tx, { environment: environment.id, orderId, paymentIdentifier, externalId, requester, source: 'single', amount, approvedBy: null });
    return { kind: 'send', counted: paymentIdentifier };
  });
}

/** What became of a counted refund, from the service's answer (null: none came). */
export async function settleServiceRefund(db: Database, environment: string, paymentIdentifier: string, status: number | null): Promise<void> {
  const state = status !== null && status >= 200 && status < 300 ? 'sent' : status === null || (status >= 500 && status !== 503) ? 'unknown' : 'failed';
  await settleRefund(db, environment, paymentIdentifier, state);
}
