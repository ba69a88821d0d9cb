import { z } from 'zod';
import type { Queryable } from '../../../db/store-db.ts';
import type { OutboxEntry } from './notify-messages.ts';
import { notifyMessageSchema } from './notify-messages.ts';

// The notifications waiting to be delivered (console_notify_outbox, ops-schema.ts). Made once
// per audit row and event (a row read twice adds nothing); taken for a delivery with a lease, so two
// processes never send one at once; retried with a growing pause until MAX_ATTEMPTS, then given up.

export const MAX_ATTEMPTS = 12;
const LEASE_MS = 60_000;

const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 15 * 60_000;

/** The pause after a failed attempt: doubling from the first, never longer than the longest, give or take a tenth (docs/operations.md has the figures). */
export const backoffMs = (attempts: number) => Math.round(Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempts - 1)) * (0.9 + Math.random() * 0.2));

// An unknown refund is said only if it still is, this much later.
const RECHECK_AFTER_MS = 30_000;

export async function enqueue(db: Queryable, entries: readonly OutboxEntry[]): Promise<number> {
  let added = 0;
  for (const entry of entries) {
    const { rows } = await db.query(
      `INSERT INTO console_notify_outbox (audit_seq, event, environment, message, recheck_approval, next_at)
       VALUES ($1::bigint, $2, $3, $4::jsonb, $5, now() + $6::bigint * interval '1 millisecond') ON CONFLICT (audit_seq, event) DO NOTHING RETURNING id`,
      [entry.auditSeq, entry.event, entry.environment, JSON.stringify(entry.message), entry.recheckApproval, entry.recheckApproval === null ? 0 : RECHECK_AFTER_MS],
    );
    added += rows.length;
  }
  return added;
}

const dueRow = z.object({
  id: z.string(),
  environment: z.string(),
  message: z.preprocess((value): unknown => (typeof value === 'string' ? JSON.parse(value) : value), notifyMessageSchema),
  recheck_approval: z.string().nullable(),
  attempts: z.number().int(),
});
export type Due = z.infer<typeof dueRow>;

/** Up to `limit` notifications due now, taken by this process for a minute. */
export async function takeDue(db: Queryable, limit: number): Promise<Due[]> {
  const { rows } = await db.query(
    `UPDATE console_notify_outbox SET attempts = attempts + 1, lease_until = now() + $2::bigint * interval '1 millisecond', updated_at = now()
     WHERE id IN (SELECT id FROM console_notify_outbox WHERE state = 'pending' AND next_at <= now() AND (lease_until IS NULL OR lease_until <= now())
                  ORDER BY id LIMIT $1::int FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, environment, message, recheck_approval, attempts`,
    [limit, LEASE_MS],
  );
  return rows.map((row) => dueRow.parse(row));
}

/** Whether an approval request is still unknown (or being resolved), for its "unknown" notification. */
export async function stillUnknown(db: Queryable, approvalId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT state FROM console_approvals WHERE id = $1', [approvalId]);
  const state = z.object({ state: z.string() }).safeParse(rows[0]).data?.state;
  return state === 'unknown' || state === 'sending';
}

export async function settle(db: Queryable, id: string, outcome: 'delivered' | 'skipped'): Promise<void> {
  await db.query(`UPDATE console_notify_outbox SET state = $2, lease_until = NULL, last_error = NULL, updated_at = now() WHERE id = $1::bigint`, [id, outcome]);
}

/** A failed attempt: tried again after a pause, or given up after the last one. */
export async function failed(db: Queryable, due: Due, error: string, pause: (attempts: number) => number = backoffMs): Promise<'failed' | 'gave_up'> {
  const gaveUp = due.attempts >= MAX_ATTEMPTS;
  await db.query(
    `UPDATE console_notify_outbox SET state = $2, last_error = $3, lease_until = NULL, next_at = now() + $4::bigint * interval '1 millisecond', updated_at = now() WHERE id = $1::bigint`,
    [due.id, gaveUp ? 'gave_up' : 'pending', error.slice(0, 500), pause(due.attempts)],
  );
  return gaveUp ? 'gave_up' : 'failed';
}

export async function waiting(db: Queryable): Promise<{ count: number; oldestSeconds: number }> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest FROM console_notify_outbox WHERE state = 'pending'`,
  );
  const row = z.object({ n: z.coerce.number(), oldest: z.coerce.number() }).parse(rows[0]);
  return { count: row.n, oldestSeconds: row.oldest };
}
