import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Approval, ApprovalEvent, ApprovalState } from '../../contract/approvals.ts';
import { approvalEventSchema, approvalSchema, serviceAnswerSchema } from '../../contract/approvals.ts';
import type { Queryable } from '../../db/store-db.ts';
import { isUuid } from '../../contract/uuid.ts';

// docs/decisions.md D17: approval requests in the console's database. Every change of state is one
// UPDATE whose WHERE states what must still hold (state, requester, expiry, lease), so whichever of
// two approvers or two processes gets there first wins and the other changes nothing: the database
// decides, not a process.

const COLUMNS = `id, environment, order_id, amount, destination_account_number, payment_identifier, external_id, reason, reason_note,
  requester, state, created_at, expires_at, decided_by, decided_at, decision_note, answer, resolution, updated_at`;

// PGlite and node-postgres both give timestamptz as a Date; the API speaks ISO 8601 strings.
const time = z.union([z.date(), z.string()]).transform((value) => (typeof value === 'string' ? new Date(value) : value).toISOString());

const rowSchema = approvalSchema.extend({
  id: z.string(),
  created_at: time,
  expires_at: time,
  decided_at: time.nullable(),
  updated_at: time,
  answer: serviceAnswerSchema.nullable(),
});
const toApproval = (row: unknown): Approval => rowSchema.parse(row);

const eventRow = approvalEventSchema.extend({ id: z.union([z.number(), z.string()]).transform((v) => Number(v)), at: time });

export interface NewApproval {
  environment: string;
  orderId: string;
  amount: string;
  destinationAccountNumber: string;
  paymentIdentifier: string;
  externalId: string;
  reason: string;
  reasonNote: string | null;
  requester: string;
  ttlMs: number;
}

export async function addEvent(db: Queryable, approvalId: string, actor: string | null, kind: string, state: ApprovalState, detail: unknown = null): Promise<void> {
  await db.query('INSERT INTO console_approval_events (approval_id, actor, kind, state, detail) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    approvalId,
    actor,
    kind,
    state,
    detail === null ? null : JSON.stringify(detail),
  ]);
}

export async function createApproval(db: Queryable, input: NewApproval): Promise<Approval> {
  const { rows } = await db.query(
    `INSERT INTO console_approvals (id, environment, order_id, amount, destination_account_number, payment_identifier, external_id, reason, reason_note, requester, state, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', now() + $11::bigint * interval '1 millisecond')
     RETURNING ${COLUMNS}`,
    [randomUUID(), input.environment, input.orderId, input.amount, input.destinationAccountNumber, input.paymentIdentifier, input.externalId, input.reason, input.reasonNote, input.requester, input.ttlMs],
  );
  return toApproval(rows[0]);
}

export async function findApproval(db: Queryable, id: string): Promise<Approval | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_approvals WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toApproval(rows[0]);
}

export async function approvalsOfOrder(db: Queryable, environment: string, orderId: string): Promise<Approval[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_approvals WHERE environment = $1 AND order_id = $2 ORDER BY created_at DESC LIMIT 100`, [environment, orderId]);
  return rows.map(toApproval);
}

/** The queue of these environments: open requests first (oldest first), then those ended in the last day. */
export async function approvalQueue(db: Queryable, environments: readonly string[]): Promise<Approval[]> {
  if (environments.length === 0) return [];
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM console_approvals
     WHERE environment = ANY($1::text[]) AND (state IN ('pending', 'sending', 'unknown') OR updated_at > now() - interval '1 day')
     ORDER BY (state IN ('pending', 'sending', 'unknown')) DESC, CASE WHEN state IN ('pending', 'sending', 'unknown') THEN created_at END ASC, updated_at DESC
     LIMIT 200`,
    [environments],
  );
  return rows.map(toApproval);
}

/** Pending requests of these environments another person may decide on (the header's count). */
export async function countWaiting(db: Queryable, environments: readonly string[], user: string): Promise<number> {
  if (environments.length === 0) return 0;
  const { rows } = await db.query<{ n: unknown }>(
    `SELECT count(*)::int AS n FROM console_approvals WHERE environment = ANY($1::text[]) AND state = 'pending' AND expires_at > now() AND requester <> $2`,
    [environments, user],
  );
  return z.coerce.number().int().parse(rows[0]?.n ?? 0);
}

/** Pending requests past their time become expired (nothing was or will be sent); the ones it changed. */
export async function expireDue(db: Queryable): Promise<Approval[]> {
  const { rows } = await db.query(`UPDATE console_approvals SET state = 'expired', updated_at = now() WHERE state = 'pending' AND expires_at <= now() RETURNING ${COLUMNS}`);
  return rows.map(toApproval);
}

/**
 * The approval's claim: pending, not expired, and someone other than the requester. One statement,
 * so of two approvers (or two processes) exactly one gets the row back; only that one sends.
 */
export async function claimForSending(db: Queryable, id: string, approver: string, note: string | null, leaseMs: number): Promise<Approval | null> {
  const { rows } = await db.query(
    `UPDATE console_approvals
     SET state = 'sending', decided_by = $2, decided_at = now(), decision_note = $3, lease_until = now() + $4::bigint * interval '1 millisecond', updated_at = now()
     WHERE id = $1 AND state = 'pending' AND requester <> $2 AND expires_at > now()
     RETURNING ${COLUMNS}`,
    [id, approver, note, leaseMs],
  );
  return rows[0] === undefined ? null : toApproval(rows[0]);
}

export async function rejectPending(db: Queryable, id: string, approver: string, note: string | null): Promise<Approval | null> {
  const { rows } = await db.query(
    `UPDATE console_approvals SET state = 'rejected', decided_by = $2, decided_at = now(), decision_note = $3, updated_at = now()
     WHERE id = $1 AND state = 'pending' AND requester <> $2 AND expires_at > now() RETURNING ${COLUMNS}`,
    [id, approver, note],
  );
  return rows[0] === undefined ? null : toApproval(rows[0]);
}

export async function withdrawPending(db: Queryable, id: string, requester: string): Promise<Approval | null> {
  const { rows } = await db.query(
    `UPDATE console_approvals SET state = 'withdrawn', updated_at = now() WHERE id = $1 AND state = 'pending' AND requester = $2 AND expires_at > now() RETURNING ${COLUMNS}`,
    [id, requester],
  );
  return rows[0] === undefined ? null : toApproval(rows[0]);
}

export type SendOutcome =
  | { state: 'sent' | 'failed'; answer: z.infer<typeof serviceAnswerSchema> | null; resolution: string }
  | { state: 'unknown'; answer: z.infer<typeof serviceAnswerSchema> | null; resolution: string; leaseMs: number }
  | { state: 'pending'; answer: z.infer<typeof serviceAnswerSchema>; resolution: string };

/**
 * Records what a send or a resolution found. Only while the row is still `sending`/`unknown`: a
 * process whose lease ran out and was taken over finds nothing to change. Back to `pending` (429,
 * 503: the service did nothing) the decision is cleared, so another approval may send it again.
 */
export async function recordOutcome(db: Queryable, id: string, outcome: SendOutcome): Promise<Approval | null> {
  const lease = outcome.state === 'unknown' ? outcome.leaseMs : null;
  const { rows } = await db.query(
    `UPDATE console_approvals
     SET state = $2, answer = $3::jsonb, resolution = $4, updated_at = now(),
         lease_until = CASE WHEN $5::bigint IS NULL THEN NULL ELSE now() + $5::bigint * interval '1 millisecond' END,
         decided_by = CASE WHEN $2 = 'pending' THEN NULL ELSE decided_by END,
         decided_at = CASE WHEN $2 = 'pending' THEN NULL ELSE decided_at END
     WHERE id = $1 AND state IN ('sending', 'unknown')
     RETURNING ${COLUMNS}`,
    [id, outcome.state, outcome.answer === null ? null : JSON.stringify(outcome.answer), outcome.resolution, lease],
  );
  return rows[0] === undefined ? null : toApproval(rows[0]);
}

/**
 * Requests left in `sending` or `unknown` past their lease (the claimer was killed, or could not
 * find out what happened): taken over as `unknown` with a new lease, to be resolved by reading the order.
 */
export async function takeOverStuck(db: Queryable, leaseMs: number, limit = 20): Promise<Approval[]> {
  const { rows } = await db.query(
    `UPDATE console_approvals SET state = 'unknown', lease_until = now() + $1::bigint * interval '1 millisecond', updated_at = now()
     WHERE id IN (SELECT id FROM console_approvals WHERE state IN ('sending', 'unknown') AND lease_until <= now() ORDER BY lease_until LIMIT $2::int)
       AND state IN ('sending', 'unknown') AND lease_until <= now()
     RETURNING ${COLUMNS}`,
    [leaseMs, limit],
  );
  return rows.map(toApproval);
}

export async function eventsOf(db: Queryable, approvalId: string): Promise<ApprovalEvent[]> {
  const { rows } = await db.query('SELECT id, at, actor, kind, state, detail FROM console_approval_events WHERE approval_id = $1 ORDER BY id', [approvalId]);
  return rows.map((row) => eventRow.parse(row));
}

/** The request made with this payment identifier (the console's own, so one at most), or null. */
export async function approvalOfIdentifier(db: Queryable, environment: string, paymentIdentifier: string): Promise<Approval | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_approvals WHERE environment = $1 AND payment_identifier = $2 ORDER BY created_at DESC LIMIT 1`, [environment, paymentIdentifier]);
  return rows[0] === undefined ? null : toApproval(rows[0]);
}

/**
 * The order's refunded amount read just before the request's first send: what a later answer of
 * "this payment identifier is used already" is checked against (sent only when the order shows it).
 */
export async function keepRefundedBefore(db: Queryable, id: string, refunded: string): Promise<void> {
  await db.query('UPDATE console_approvals SET refunded_before = $2 WHERE id = $1 AND refunded_before IS NULL', [id, refunded]);
}

export async function refundedBeforeOf(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ refunded_before: string | null }>('SELECT refunded_before FROM console_approvals WHERE id = $1', [id]);
  return rows[0]?.refunded_before ?? null;
}
