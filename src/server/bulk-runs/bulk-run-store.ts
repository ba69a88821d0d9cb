import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BulkRun } from '../../contract/bulk-run-model.ts';
import { runProgress } from '../../bulk/run-model.ts';
import { bulkRunSchema } from '../../contract/bulk-run-model.ts';
import type { TeamBulkRun, TeamBulkRunState, TeamBulkRunSummary } from '../../contract/bulk-runs.ts';
import { bulkRunProgressSchema, teamBulkRunStateSchema } from '../../contract/bulk-runs.ts';
import type { Queryable } from '../../db/store-db.ts';
import { isUuid } from '../../contract/uuid.ts';

// Team bulk runs in the console's database (bulk-run-schema.ts). As with D17's approvals,
// every change of state is one UPDATE whose WHERE states what must still hold (state, requester,
// expiry, lease owner), so of two people or two processes exactly one changes a run; the database
// decides, not a process. Rows are parsed on the way out: the database is a boundary too.

const SUMMARY_COLUMNS = ['id', 'environment', 'requester', 'state', 'state_reason', 'total', 'created_at', 'updated_at', 'expires_at', 'needs_approval', 'decided_by', 'decided_at', 'decision_note', 'progress'];
const SUMMARY = SUMMARY_COLUMNS.join(', ');
const FULL = [...SUMMARY_COLUMNS, 'run'].join(', ');
const FULL_OF_R = [...SUMMARY_COLUMNS, 'run'].map((c) => `r.${c}`).join(', ');

// PGlite and node-postgres both give timestamptz as a Date; the API speaks ISO 8601 strings.
const time = z.union([z.date(), z.string()]).transform((value) => (typeof value === 'string' ? new Date(value) : value).toISOString());
// jsonb comes back parsed from both drivers; a string is parsed again to be safe.
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value): unknown => {
    if (typeof value !== 'string') return value;
    const parsed: unknown = JSON.parse(value);
    return parsed;
  }, schema);

const summaryRow = z
  .object({
    id: z.string(),
    environment: z.string(),
    requester: z.string(),
    state: teamBulkRunStateSchema,
    state_reason: z.string().nullable(),
    total: z.string(),
    created_at: time,
    updated_at: time,
    expires_at: time.nullable(),
    needs_approval: z.boolean(),
    decided_by: z.string().nullable(),
    decided_at: time.nullable(),
    decision_note: z.string().nullable(),
    progress: json(bulkRunProgressSchema),
  })
  .transform(({ decided_by, decided_at, decision_note, ...rest }): TeamBulkRunSummary => ({
    ...rest,
    decision: decided_by === null || decided_at === null ? null : { by: decided_by, at: decided_at, note: decision_note },
  }));
const fullRow = z.intersection(summaryRow, z.object({ run: json(bulkRunSchema) })).transform((row): TeamBulkRun => row);

const toSummary = (row: unknown) => summaryRow.parse(row);
const toFull = (row: unknown) => fullRow.parse(row);
const ms = (value: number) => Math.max(0, Math.round(value));

export interface NewBulkRun {
  environment: string;
  requester: string;
  run: BulkRun;
  needsApproval: boolean;
  /** How long it waits for an approver (CONSOLE_APPROVAL_TTL), when it needs one. */
  ttlMs: number;
}

/** The new run, or null when this plan was posted before (the same plan id in the environment). */
export async function insertRun(db: Queryable, input: NewBulkRun): Promise<TeamBulkRun | null> {
  const { rows } = await db.query(
    `INSERT INTO console_bulk_runs (id, plan_id, environment, requester, state, total, needs_approval, expires_at, run, progress)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 THEN now() + $8::bigint * interval '1 millisecond' END, $9::jsonb, $10::jsonb)
     ON CONFLICT (environment, plan_id) DO NOTHING
     RETURNING ${FULL}`,
    [
      randomUUID(),
      input.run.id,
      input.environment,
      input.requester,
      input.needsApproval ? 'awaiting_approval' : 'running',
      input.run.total,
      input.needsApproval,
      ms(input.ttlMs),
      JSON.stringify(input.run),
      JSON.stringify(runProgress(input.run)),
    ],
  );
  return rows[0] === undefined ? null : toFull(rows[0]);
}

export async function findRun(db: Queryable, id: string): Promise<TeamBulkRun | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query(`SELECT ${FULL} FROM console_bulk_runs WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toFull(rows[0]);
}

/** The id of the run made from this plan, if any (a plan posted twice). */
export async function runOfPlan(db: Queryable, environment: string, planId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: unknown }>('SELECT id FROM console_bulk_runs WHERE environment = $1 AND plan_id = $2', [environment, planId]);
  return rows[0] === undefined ? null : z.string().parse(rows[0].id);
}

/** The environment's runs, newest first (the last 200). */
export async function listRuns(db: Queryable, environment: string): Promise<TeamBulkRunSummary[]> {
  const { rows } = await db.query(`SELECT ${SUMMARY} FROM console_bulk_runs WHERE environment = $1 ORDER BY created_at DESC, id LIMIT 200`, [environment]);
  return rows.map(toSummary);
}

/** Batches of these environments waiting for a second person, oldest first. */
export async function awaitingApproval(db: Queryable, environments: readonly string[]): Promise<TeamBulkRunSummary[]> {
  if (environments.length === 0) return [];
  const { rows } = await db.query(
    `SELECT ${SUMMARY} FROM console_bulk_runs WHERE environment = ANY($1::text[]) AND state = 'awaiting_approval' AND expires_at > now() ORDER BY created_at LIMIT 200`,
    [environments],
  );
  return rows.map(toSummary);
}

/** Batches another person may decide on (folded into the header's approvals count). */
export async function countWaitingBatches(db: Queryable, environments: readonly string[], user: string): Promise<number> {
  if (environments.length === 0) return 0;
  const { rows } = await db.query<{ n: unknown }>(
    `SELECT count(*)::int AS n FROM console_bulk_runs WHERE environment = ANY($1::text[]) AND state = 'awaiting_approval' AND expires_at > now() AND requester <> $2`,
    [environments, user],
  );
  return z.coerce.number().int().parse(rows[0]?.n ?? 0);
}

/** Batches past CONSOLE_APPROVAL_TTL become expired (nothing was or will be sent); the ones it changed. */
export async function expireDueRuns(db: Queryable): Promise<TeamBulkRunSummary[]> {
  const { rows } = await db.query(
    `UPDATE console_bulk_runs SET state = 'expired', state_reason = 'Nobody approved it in time; nothing was sent.', updated_at = now()
     WHERE state = 'awaiting_approval' AND expires_at <= now() RETURNING ${SUMMARY}`,
  );
  return rows.map(toSummary);
}

/** Approve (-> running) or reject: only while it waits, not expired, and never by its requester. */
export async function decideRun(db: Queryable, id: string, approver: string, note: string | null, to: 'running' | 'rejected'): Promise<TeamBulkRunSummary | null> {
  const { rows } = await db.query(
    `UPDATE console_bulk_runs SET state = $4, decided_by = $2, decided_at = now(), decision_note = $3, updated_at = now(),
       state_reason = CASE WHEN $4 = 'rejected' THEN 'Rejected by ' || $2 || '; nothing was sent.' END
     WHERE id = $1 AND state = 'awaiting_approval' AND requester <> $2 AND expires_at > now() RETURNING ${SUMMARY}`,
    [id, approver, note, to],
  );
  return rows[0] === undefined ? null : toSummary(rows[0]);
}

export async function withdrawRun(db: Queryable, id: string, requester: string): Promise<TeamBulkRunSummary | null> {
  const { rows } = await db.query(
    `UPDATE console_bulk_runs SET state = 'withdrawn', state_reason = 'Withdrawn by ' || $2 || '; nothing was sent.', updated_at = now()
     WHERE id = $1 AND state = 'awaiting_approval' AND requester = $2 AND expires_at > now() RETURNING ${SUMMARY}`,
    [id, requester],
  );
  return rows[0] === undefined ? null : toSummary(rows[0]);
}

/**
 * running <-> paused. The lease is left as it is: a process sending the run finds the new state at
 * its next save (before its next refund) and stops, or, resumed meanwhile, simply goes on.
 */
export async function setPaused(db: Queryable, id: string, paused: boolean, reason: string | null): Promise<TeamBulkRunSummary | null> {
  const [from, to] = paused ? ['running', 'paused'] : ['paused', 'running'];
  const { rows } = await db.query(`UPDATE console_bulk_runs SET state = $2, state_reason = $3, updated_at = now() WHERE id = $1 AND state = $4 RETURNING ${SUMMARY}`, [id, to, reason, from]);
  return rows[0] === undefined ? null : toSummary(rows[0]);
}

/**
 * Running runs nobody holds (never started, or their holder's lease ran out: a killed or stalled
 * process), taken by `owner` until its lease ends. One statement: of two processes one gets each run.
 */
export async function claimRuns(db: Queryable, owner: string, leaseMs: number, limit: number): Promise<{ run: TeamBulkRun; takenOver: boolean }[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query(
    `WITH free AS (
       SELECT id, lease_owner FROM console_bulk_runs
       WHERE state = 'running' AND (lease_until IS NULL OR lease_until <= now()) ORDER BY updated_at LIMIT $3::int
     )
     UPDATE console_bulk_runs r SET lease_owner = $1, lease_until = now() + $2::bigint * interval '1 millisecond'
     FROM free WHERE r.id = free.id AND r.state = 'running' AND (r.lease_until IS NULL OR r.lease_until <= now())
     RETURNING ${FULL_OF_R}, free.lease_owner AS previous_owner`,
    [owner, ms(leaseMs), limit],
  );
  return rows.map((row) => ({ run: toFull(row), takenOver: z.object({ previous_owner: z.string().nullable() }).parse(row).previous_owner !== null }));
}

/**
 * Writes the run's rows while `owner` holds it; the run's state afterwards, or null when the lease
 * is someone else's now. `runningOnly`: before a send, a run paused meanwhile is not written (and
 * nothing is sent); an outcome is written whatever the state, so nothing learned is lost.
 */
export async function saveRun(db: Queryable, id: string, owner: string, run: BulkRun, leaseMs: number, runningOnly: boolean): Promise<TeamBulkRunState | null> {
  const { rows } = await db.query<{ state: unknown }>(
    `UPDATE console_bulk_runs SET run = $3::jsonb, progress = $4::jsonb, lease_until = now() + $5::bigint * interval '1 millisecond', updated_at = now()
     WHERE id = $1 AND lease_owner = $2 AND (state = 'running' OR (NOT $6 AND state = 'paused')) RETURNING state`,
    [id, owner, JSON.stringify(run), JSON.stringify(runProgress(run)), ms(leaseMs), runningOnly],
  );
  if (rows[0] !== undefined) return teamBulkRunStateSchema.parse(rows[0].state);
  return runningOnly ? stateIfOwned(db, id, owner) : null;
}

async function stateIfOwned(db: Queryable, id: string, owner: string): Promise<TeamBulkRunState | null> {
  const { rows } = await db.query<{ state: unknown }>('SELECT state FROM console_bulk_runs WHERE id = $1 AND lease_owner = $2', [id, owner]);
  return rows[0] === undefined ? null : teamBulkRunStateSchema.parse(rows[0].state);
}

/** How long until the hold on a run ends (negative: it ran out), or null when no process holds it. */
export async function leaseEndsIn(db: Queryable, id: string): Promise<number | null> {
  const { rows } = await db.query<{ ends_in_ms: unknown }>(
    "SELECT (EXTRACT(EPOCH FROM (lease_until - now())) * 1000)::float8 AS ends_in_ms FROM console_bulk_runs WHERE id = $1 AND lease_owner IS NOT NULL",
    [id],
  );
  const value = rows[0]?.ends_in_ms;
  return typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
}

/** Keeps the lease while a run waits (a long Retry-After); the run's state, or null when the lease is lost. */
export async function renewLease(db: Queryable, id: string, owner: string, leaseMs: number): Promise<TeamBulkRunState | null> {
  const { rows } = await db.query<{ state: unknown }>(
    `UPDATE console_bulk_runs SET lease_until = now() + $3::bigint * interval '1 millisecond' WHERE id = $1 AND lease_owner = $2 RETURNING state`,
    [id, owner, ms(leaseMs)],
  );
  return rows[0] === undefined ? null : teamBulkRunStateSchema.parse(rows[0].state);
}

/** The end of a pass of the runner: finished, or paused with the reason (rows nobody could confirm); the lease let go. */
export async function endPass(db: Queryable, id: string, owner: string, to: 'finished' | 'paused', reason: string | null): Promise<TeamBulkRunSummary | null> {
  const { rows } = await db.query(
    `UPDATE console_bulk_runs SET state = $3, state_reason = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
     WHERE id = $1 AND lease_owner = $2 AND state IN ('running', 'paused') RETURNING ${SUMMARY}`,
    [id, owner, to, reason],
  );
  return rows[0] === undefined ? null : toSummary(rows[0]);
}

/** Lets the lease go (paused, or this process is closing), so another may take the run at once. */
export async function releaseLease(db: Queryable, id: string, owner: string): Promise<void> {
  await db.query('UPDATE console_bulk_runs SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2', [id, owner]);
}
