import { faultEffectSchema } from '../contract/faults.ts';
import type { Database, Queryable, TransactionSession } from '../db/store-db.ts';
import type { RefundResult } from './store-changes.ts';
import type { ArmedRule, LockedOrder, RefundPlan, RefundRequest } from './store-refund-plan.ts';
import { planRefunds } from './store-refund-plan.ts';
import { decodeOrderRow, ORDER_COLUMNS } from './store-schema.ts';

// Group commit of refunds (store.ts explains why): the refunds that arrive while a group is being
// written go together into the next one, as one transaction of two statements:
// 1. lock: the group's orders FOR UPDATE (in id order, so two groups, in this process or another,
//    never wait on each other in a circle), their owners' armed refund rules FOR UPDATE (oldest
//    first), and which of the group's payment identifiers each order has used already;
// 2. write: what planRefunds decided from that (refund rows, the orders' final amounts and status,
//    every event in arrival order, the rules' uses counted down), sent with the COMMIT (PGlite: the
//    BEGIN goes with the lock, so a group is two calls into WebAssembly).
// Refunds on one order are thereby serialised twice over: in arrival order inside the group, and by
// the row lock against every other transaction (a move, or a group of another process). Each
// refund is answered only after the transaction has committed. If it fails, each refund of the
// group runs again on its own, so a problem with one answers only that one.

export interface PendingRefund extends RefundRequest {
  resolve: (result: RefundResult) => void;
  reject: (error: unknown) => void;
}

/** At most this many refunds in one group. */
export const MAX_REFUND_GROUP = 64;

const LOCK_SQL = `WITH locked AS (
    SELECT ${ORDER_COLUMNS}, owner FROM orders WHERE orders.id = ANY($1::uuid[]) ORDER BY orders.id FOR UPDATE),
  rules AS (
    SELECT f.id, f.seq, f.owner, f.order_id, f.effect, f.remaining FROM faults f
    WHERE f.owner = ANY($2::text[]) AND f.remaining > 0 AND f.operation IN ('refund', 'any') ORDER BY f.seq FOR UPDATE)
  SELECT l.*,
    array(SELECT r.payment_identifier FROM refunds r WHERE r.order_id = l.id::uuid AND r.payment_identifier = ANY($3::text[])) AS used_identifiers,
    (SELECT json_agg(json_build_object('id', id::text, 'owner', owner, 'order_id', order_id::text, 'effect', effect, 'remaining', remaining) ORDER BY seq)
     FROM rules) AS rules
  FROM locked l`;

const WRITE_SQL = `WITH refund_rows AS (
    INSERT INTO refunds (order_id, amount, destination_account_number, payment_identifier, external_id)
    SELECT r.order_id, r.amount, r.destination, r.pid, r.external_id
    FROM unnest($1::uuid[], $2::numeric[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS r(order_id, amount, destination, pid, external_id, n)
    ORDER BY r.n
    RETURNING 1),
  order_rows AS (
    UPDATE orders o SET current_amount = u.current_amount, refund_amount = u.refund_amount, status = u.status, updated_at = now()
    FROM unnest($6::uuid[], $7::numeric[], $8::numeric[], $9::text[]) AS u(id, current_amount, refund_amount, status)
    WHERE o.id = u.id
    RETURNING 1),
  event_rows AS (
    INSERT INTO order_events (order_id, type, data)
    SELECT e.order_id, e.type, e.data FROM unnest($10::uuid[], $11::text[], $12::text[]) WITH ORDINALITY AS e(order_id, type, data, n)
    ORDER BY e.n
    RETURNING 1),
  rule_rows AS (
    UPDATE faults f SET remaining = f.remaining - u.uses FROM unnest($13::uuid[], $14::int[]) AS u(id, uses)
    WHERE f.id = u.id
    RETURNING 1),
  written AS (
    SELECT (SELECT count(*) FROM refund_rows)::int AS refunds, (SELECT count(*) FROM order_rows)::int AS orders,
      (SELECT count(*) FROM event_rows)::int AS events, (SELECT count(*) FROM rule_rows)::int AS rules)
  -- Every row was locked by this transaction, so anything but the plan is a bug: the statement then
  -- fails (a text that is no integer) and its COMMIT, sent with it, rolls everything back.
  SELECT CASE WHEN (refunds, orders, events, rules) = ($15::int, $16::int, $17::int, $18::int) THEN refunds
    ELSE ('the refund group wrote ' || refunds || ' refunds, ' || orders || ' orders, ' || events || ' events and ' || rules || ' rule uses, not what it planned')::int
    END AS refunds
  FROM written`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeRules(value: unknown): ArmedRule[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw new Error('unexpected rules from the database');
  return value.map((rule: unknown) => {
    if (!isRecord(rule) || typeof rule['id'] !== 'string' || typeof rule['owner'] !== 'string' || typeof rule['remaining'] !== 'number') {
      throw new Error('unexpected rule from the database');
    }
    const orderId = rule['order_id'];
    if (orderId !== null && typeof orderId !== 'string') throw new Error('unexpected rule from the database');
    return { id: rule['id'], owner: rule['owner'], orderId, remaining: rule['remaining'], fault: { id: rule['id'], effect: faultEffectSchema.parse(rule['effect']) } };
  });
}

async function lockGroup(tx: Queryable, group: readonly RefundRequest[]): Promise<{ locked: Map<string, LockedOrder>; rules: ArmedRule[] }> {
  const ids = [...new Set(group.map((r) => r.id))];
  const owners = [...new Set(group.filter((r) => r.applied === null).map((r) => r.owner))];
  const identifiers = [...new Set(group.map((r) => r.refund.paymentIdentifier))];
  const { rows } = await tx.query<unknown>(LOCK_SQL, [ids, owners, identifiers]);
  const locked = new Map<string, LockedOrder>();
  let rules: ArmedRule[] = [];
  for (const row of rows) {
    if (!isRecord(row)) throw new Error('unexpected row from the refund lock');
    const { owner, used_identifiers: used, rules: ruleList, ...columns } = row;
    if (typeof owner !== 'string' || !Array.isArray(used) || !used.every((u): u is string => typeof u === 'string')) {
      throw new Error('unexpected row from the refund lock');
    }
    const order = decodeOrderRow(columns);
    locked.set(order.id, { owner, order, usedIdentifiers: used });
    rules = decodeRules(ruleList);
  }
  return { locked, rules };
}

/** Writes the plan as the transaction's last statement, committing with it. */
async function writePlan(tx: TransactionSession, plan: RefundPlan): Promise<void> {
  if (plan.refunds.length === 0 && plan.events.length === 0 && plan.ruleUses.size === 0) return;
  const orders = [...plan.orders.values()];
  const uses = [...plan.ruleUses];
  await tx.queryAndCommit(WRITE_SQL, [
    plan.refunds.map((r) => r.orderId),
    plan.refunds.map((r) => r.amount),
    plan.refunds.map((r) => r.destinationAccountNumber),
    plan.refunds.map((r) => r.paymentIdentifier),
    plan.refunds.map((r) => r.externalId),
    orders.map((o) => o.id),
    orders.map((o) => o.current_amount),
    orders.map((o) => o.refund_amount),
    orders.map((o) => o.status),
    plan.events.map((e) => e.orderId),
    plan.events.map((e) => e.event.type),
    plan.events.map((e) => JSON.stringify(e.event.data)),
    uses.map(([id]) => id),
    uses.map(([, n]) => n),
    plan.refunds.length,
    orders.length,
    plan.events.length,
    uses.length,
  ]);
}

/** Decides and writes one group in the caller's transaction; one result per request, in order. */
export async function refundGroupInTransaction(tx: TransactionSession, group: readonly RefundRequest[]): Promise<RefundResult[]> {
  const { locked, rules } = await lockGroup(tx, group);
  const plan = planRefunds(group, locked, rules);
  await writePlan(tx, plan);
  return plan.results;
}

/** Writes one group as one transaction and settles every refund in it; never throws. */
export async function writeRefundGroup(db: Database, group: readonly PendingRefund[]): Promise<void> {
  let results: RefundResult[];
  try {
    results = await db.transaction((tx) => refundGroupInTransaction(tx, group));
  } catch (error) {
    if (group.length === 1) {
      group[0]?.reject(error);
      return;
    }
    for (const pending of group) await writeRefundGroup(db, [pending]);
    return;
  }
  group.forEach((pending, index) => {
    const result = results[index];
    if (result === undefined) pending.reject(new Error('the refund group gave no result for a refund'));
    else pending.resolve(result);
  });
}
