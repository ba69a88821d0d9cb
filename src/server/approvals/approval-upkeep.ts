import { z } from 'zod';
import type { Approval } from '../../contract/approvals.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import { parseJson } from '../../contract/json-text.ts';
import type { SendDeps } from './approval-send.ts';
import { recoverStuck } from './approval-send.ts';
import { addEvent, expireDue } from './approval-store.ts';

// docs/decisions.md D17: what is due is done when someone looks, by whichever process is asked (no timer
// in a process, which may be one of several or may have been killed): pending requests past
// CONSOLE_APPROVAL_TTL become expired (nothing sent), and requests stuck in sending/unknown past
// their lease are resolved by reading the order.

export async function maintainApprovals(deps: SendDeps, recover: boolean): Promise<void> {
  for (const expired of await expireDue(deps.db)) {
    await addEvent(deps.db, expired.id, null, 'expired', 'expired', { expires_at: expired.expires_at });
    await deps.audit.record({
      user: null,
      role: null,
      environment: expired.environment,
      action: 'approval_expire',
      order_id: expired.order_id,
      body: { approval_id: expired.id, amount: expired.amount, requester: expired.requester },
      outcome: 'expired',
      address: null,
      user_agent: null,
    });
  }
  if (recover) await recoverStuck(deps);
}

export const freshOrderSchema = z.union([
  z.object({ status: z.string(), current_amount: z.string(), refund_amount: z.string(), initial_amount: z.string() }),
  z.object({ unavailable: z.string() }),
]);
export type FreshOrder = z.infer<typeof freshOrderSchema>;

const OPEN = new Set(['pending', 'sending', 'unknown']);
const PARALLEL = 6;

/** Each open request's order as the service answers now (state, and what its refunds add up to); null for ended ones. */
export async function freshOrders(deps: SendDeps, approvals: readonly Approval[]): Promise<(FreshOrder | null)[]> {
  const out: (FreshOrder | null)[] = approvals.map(() => null);
  const open = approvals.flatMap((approval, i) => (OPEN.has(approval.state) ? [{ approval, i }] : []));
  for (let start = 0; start < open.length; start += PARALLEL) {
    await Promise.all(
      open.slice(start, start + PARALLEL).map(async ({ approval, i }) => {
        const { status, text } = await deps.call(approval.environment, 'GET', orderServicePaths.orderRead(approval.order_id));
        const order = orderSchema.safeParse(parseJson(text));
        out[i] = order.success
          ? { status: order.data.status, current_amount: order.data.current_amount, refund_amount: order.data.refund_amount, initial_amount: order.data.initial_amount }
          : { unavailable: `The service answered HTTP ${status}; the order could not be read.` };
      }),
    );
  }
  return out;
}
