import { z } from 'zod';
import { parseJson } from '../src/contract/json-text.ts';
import type { Queryable } from '../src/db/store-db.ts';
import type { Pools, Tally } from './team-load-agents.ts';
import type { PersonClient } from './team-load-client.ts';

// Before the team's run: orders made through the console (so the team index holds them) and moved
// to activated, the state refunds need. After it: the audit log read back against what was sent.

const SEED_CONCURRENCY = 4;
const ORDER_AMOUNT = '1000.00';
const createdSchema = z.object({ id: z.string() });

function orderBody(externalId: string, n: number): Record<string, unknown> {
  return {
    order_external_id: externalId,
    return_url: 'https://shop.example.com/return',
    order_data: { eshop_external_id: 'ESHOP-LOAD', amount: ORDER_AMOUNT },
    customer_data: { email: `buyer${n}@shop.example`, first_name: 'Jana', last_name: `Buyer${n}` },
    items: [{ name: 'Load test goods', quantity: 1, amount: ORDER_AMOUNT, type: 'goods' }],
  };
}

/** `count` activated orders through the seeder's session; a fifth of them kept for approvals. */
export async function seedOrders(seeder: PersonClient, count: number, progress: (done: number) => void): Promise<Pools> {
  const run = Date.now().toString(36).toUpperCase();
  const ids: string[] = new Array<string>(count);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      for (let n = next++; n < count; n = next++) {
        const created = await seeder.send(n % 2, 'seed', 'create', 'POST', '/env/sandbox/psp/v2/order/', { body: orderBody(`LOAD-${run}-${n}`, n) });
        const id = createdSchema.safeParse(parseJson(created.text)).data?.id;
        if (created.status !== 201 || id === undefined) throw new Error(`seeding order ${n} answered ${created.status}: ${created.text.slice(0, 200)}`);
        const moved = await seeder.send(n % 2, 'seed', 'activate', 'POST', `/env/sandbox/sandbox/orders/${id}/status`, { body: { status: 'activated' } });
        if (moved.status !== 200) throw new Error(`activating order ${n} answered ${moved.status}: ${moved.text.slice(0, 200)}`);
        ids[n] = id;
        if (++done % 100 === 0) progress(done);
      }
    }),
  );
  const approvals = Math.max(1, Math.floor(count / 5));
  const terms = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? `LOAD-${run}-${i * 3}` : `buyer${i * 7}@shop.example`));
  return { refund: ids.slice(approvals), approval: ids.slice(0, approvals), terms: [...terms, 'Buyer1', `LOAD-${run}`] };
}

const rowSchema = z.object({ action: z.string(), outcome: z.string(), order_id: z.string().nullable(), body: z.string() });
const refundBodySchema = z.object({ request: z.object({ amount: z.string() }) });
const sentBodySchema = z.object({ approval_id: z.string() });

export interface AuditCheck {
  problems: string[];
  /** Refunds sent, and how many of them had their intent written before they left (write-ahead). */
  intents: { refunds: number; with: number };
}

/**
 * Every refund the run sent is in the audit log exactly once with its outcome (whatever its answer),
 * and every approval that went through has exactly one row saying how its sending ended; no refund
 * row is there that the run did not send. Intent rows (written before a refund leaves) are counted
 * apart.
 */
export async function auditProblems(db: Queryable, tally: Tally): Promise<AuditCheck> {
  const { rows } = await db.query(`SELECT action, outcome, order_id, body::text AS body FROM audit_log WHERE action IN ('refund_request', 'refund_sent', 'approval_resolve')`);
  const outcomes = new Map<string, number>();
  const intents = new Map<string, number>();
  const sends = new Map<string, number>();
  for (const raw of rows) {
    const row = rowSchema.parse(raw);
    const body = parseJson(row.body);
    if (row.action === 'refund_request') {
      const amount = refundBodySchema.safeParse(body).data?.request.amount;
      if (amount === undefined) continue;
      const key = `${row.order_id ?? ''} ${amount}`;
      const into = row.outcome === 'intent' ? intents : outcomes;
      into.set(key, (into.get(key) ?? 0) + 1);
    } else if (row.outcome !== 'intent') {
      const id = sentBodySchema.safeParse(body).data?.approval_id;
      if (id !== undefined) sends.set(id, (sends.get(id) ?? 0) + 1);
    }
  }
  const problems: string[] = [];
  const sent = new Set<string>();
  let withIntent = 0;
  for (const refund of tally.refunds) {
    const key = `${refund.orderId} ${refund.amount}`;
    sent.add(key);
    const count = outcomes.get(key) ?? 0;
    if (count !== 1) problems.push(`refund ${refund.amount} of order ${refund.orderId} (answered ${refund.status}) is in the audit ${count} times`);
    if ((intents.get(key) ?? 0) > 1) problems.push(`refund ${refund.amount} of order ${refund.orderId} has ${intents.get(key)} intent rows`);
    if ((intents.get(key) ?? 0) === 1) withIntent += 1;
  }
  for (const key of outcomes.keys()) if (!sent.has(key)) problems.push(`the audit has a refund the run never sent: ${key}`);
  for (const id of tally.approved) {
    const count = sends.get(id) ?? 0;
    if (count !== 1) problems.push(`approved request ${id}: its sending is in the audit ${count} times`);
  }
  return { problems, intents: { refunds: tally.refunds.length, with: withIntent } };
}
