import { createHash, randomUUID } from 'node:crypto';
import type { FaultEffect, FaultOperation, FaultRule, FaultRuleRequest } from '../contract/faults.ts';
import { faultEffectSchema, faultRuleSchema, MAX_ARMED_FAULTS } from '../contract/faults.ts';
import type { Queryable } from '../db/store-db.ts';

// docs/decisions.md D13: armed fault rules live in the database, not in the process, so every sandbox
// process sharing one database (D15) sees the same rules and a rule fires exactly as often as it
// says: its use is an UPDATE of `remaining` on a row locked FOR UPDATE, in the statement (or the
// transaction) of the operation it hits, so two requests can never both take its last use.
//
// Precedence: one rule per request, the oldest armed rule that matches (the order of GET
// /sandbox/faults). A rule matches a request of its owner for its operation (or `any`), and, when
// it names an order, only requests for that order. A create never matches a rule naming an order.

/** A rule as a request took it: which one and what it does. */
export interface AppliedFault {
  id: string;
  effect: FaultEffect;
}

/** The operations a request can be; `any` is only a rule's. */
export type RequestOperation = Exclude<FaultOperation, 'any'>;

export type ArmResult = { kind: 'armed'; rule: FaultRule } | { kind: 'too_many' } | { kind: 'unknown_order' };

const RULE_COLUMNS = `id::text AS id, operation, order_id::text AS order_id, effect, times, remaining, created_at`;

function decodeRule(row: unknown): FaultRule {
  if (typeof row !== 'object' || row === null || !('created_at' in row) || !(row.created_at instanceof Date)) {
    throw new Error('unexpected fault row from the database');
  }
  return faultRuleSchema.parse({ ...row, created_at: row.created_at.toISOString() });
}

/** The effect column of a rule a statement took, checked. */
export function decodeAppliedFault(id: unknown, effect: unknown): AppliedFault | null {
  if (id === null || id === undefined) return null;
  if (typeof id !== 'string') throw new Error('unexpected fault id from the database');
  return { id, effect: faultEffectSchema.parse(effect) };
}

// Arming is serialised per owner with a transaction-scoped advisory lock, so the 100-rule limit
// holds for concurrent arms across processes too. The key is (class, a 32-bit hash of the owner).
const ARM_LOCK_CLASS = 1313;
const armLockKey = (owner: string) => createHash('sha256').update(owner, 'utf8').digest().readInt32BE(0);

export async function armFault(tx: Queryable, owner: string, rule: FaultRuleRequest): Promise<ArmResult> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ARM_LOCK_CLASS, armLockKey(owner)]);
  // Rules used up stay as rows until the owner arms again: cleared here, never listed.
  await tx.query('DELETE FROM faults WHERE id IN (SELECT id FROM faults WHERE owner = $1 AND remaining = 0 ORDER BY seq FOR UPDATE)', [owner]);
  const { rows } = await tx.query<{ armed: number; order_known: boolean }>(
    `SELECT (SELECT count(*)::int FROM faults WHERE owner = $1 AND remaining > 0) AS armed,
       ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM orders WHERE id = $2::uuid AND owner = $1)) AS order_known`,
    [owner, rule.order_id ?? null],
  );
  const check = rows[0];
  if (check === undefined) throw new Error('the arm check returned no row');
  if (check.armed >= MAX_ARMED_FAULTS) return { kind: 'too_many' };
  if (!check.order_known) return { kind: 'unknown_order' };
  const times = rule.times ?? 1;
  const inserted = await tx.query<unknown>(
    `INSERT INTO faults (id, owner, operation, order_id, effect, times, remaining, created_at)
     VALUES ($1::uuid, $2, $3, $4::uuid, $5::jsonb, $6::int, $6::int, clock_timestamp()) RETURNING ${RULE_COLUMNS}`,
    [randomUUID(), owner, rule.operation, rule.order_id ?? null, JSON.stringify(rule.effect), times],
  );
  return { kind: 'armed', rule: decodeRule(inserted.rows[0]) };
}

export async function listFaults(db: Queryable, owner: string): Promise<FaultRule[]> {
  const { rows } = await db.query<unknown>(`SELECT ${RULE_COLUMNS} FROM faults WHERE owner = $1 AND remaining > 0 ORDER BY seq`, [owner]);
  return rows.map(decodeRule);
}

// Deletes lock their rows oldest first, the order every statement taking rules locks them in, so a
// disarm and a group of creates or refunds (of another process, D15) never wait on each other in a circle.
export async function disarmAll(db: Queryable, owner: string): Promise<void> {
  await db.query('DELETE FROM faults WHERE id IN (SELECT id FROM faults WHERE owner = $1 ORDER BY seq FOR UPDATE)', [owner]);
}

/** false when the owner has no armed rule with that id. */
export async function disarmFault(db: Queryable, owner: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM faults WHERE owner = $1 AND id = $2::uuid AND remaining > 0 RETURNING id', [owner, id]);
  return rows.length > 0;
}

/**
 * SQL for the CTEs `picked` (the oldest armed rule of owner $2 matching operation $3 on order $1,
 * locked; none when $3 is null or the owner has no such order) and `used` (its use, counted down).
 */
export const TAKE_FAULT_CTES = `picked AS (
    SELECT f.id FROM faults f
    WHERE $3::text IS NOT NULL AND f.owner = $2 AND f.remaining > 0 AND f.operation IN ($3::text, 'any')
      AND (f.order_id IS NULL OR f.order_id = $1::uuid)
      AND EXISTS (SELECT 1 FROM orders WHERE id = $1::uuid AND owner = $2)
    ORDER BY f.seq LIMIT 1 FOR UPDATE),
  used AS (
    UPDATE faults f SET remaining = f.remaining - 1 FROM picked WHERE f.id = picked.id
    RETURNING f.id, f.effect)`;

/** The fault_applied event's data for a rule taken in TAKE_FAULT_CTES (request operation $3). */
export const USED_FAULT_EVENT_DATA = `jsonb_build_object('fault_id', used.id::text, 'operation', $3::text, 'effect', used.effect)::text`;

/** The fault_applied event's data for a rule a request took. */
export function faultEventData(fault: AppliedFault, operation: RequestOperation): Record<string, unknown> {
  return { fault_id: fault.id, operation, effect: fault.effect };
}
