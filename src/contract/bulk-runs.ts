import { z } from 'zod';
import { bulkRunSchema } from './bulk-run-model.ts';
import { amount, optionalText } from './fields.ts';

// docs/decisions.md D16/D17: bulk refunds run by the console server in team mode.
// The browser checks the file and makes the plan (each row's payment_identifier and external_id
// fixed before anything is sent, as in personal mode); the server keeps the plan in the console's
// database before the first refund, sends at a bounded rate with the partner token it holds, and
// picks an unfinished run up again after a restart. Over the environment's approval threshold the
// whole batch waits for a second person (D17), as one refund would.
//
// Routes (behind the session, under /api):
//   POST /api/env/{env}/bulk-runs                 { plan, confirmation? } -> 201 TeamBulkRun
//   GET  /api/env/{env}/bulk-runs                 the environment's runs, newest first (summaries)
//   GET  /api/env/{env}/bulk-runs/{id}            one run with every row (progress is polled here)
//   POST /api/env/{env}/bulk-runs/{id}/pause      the requester or an admin: stops before the next row
//   POST /api/env/{env}/bulk-runs/{id}/resume     the requester or an admin
//   POST /api/env/{env}/bulk-runs/{id}/withdraw   the requester, while it awaits approval
//   GET  /api/env/{env}/bulk-runs/{id}/result.csv each row's outcome (no token, no personal data beyond the file's)
//   GET  /api/bulk-runs/awaiting-approval         approvers: batches waiting for a second person
//   POST /api/bulk-runs/{id}/approve|reject       approvers other than the requester, with a note
//
// States: awaiting_approval -> withdrawn | rejected | expired | running;  running <-> paused;
// running -> finished (every row refunded, refused or skipped). A row left `unknown` after its
// reads keeps the run open (paused, with the reason) until someone resumes it.

export const TEAM_BULK_RUN_STATES = ['awaiting_approval', 'withdrawn', 'rejected', 'expired', 'running', 'paused', 'finished'] as const;
export const teamBulkRunStateSchema = z.enum(TEAM_BULK_RUN_STATES);
export type TeamBulkRunState = z.infer<typeof teamBulkRunStateSchema>;

/** What the browser sends to start a run: the plan it made (every row pending) and, in production, the typed total. */
export const createTeamBulkRunSchema = z.object({
  plan: bulkRunSchema,
  /** The confirmed total typed again, required where the environment is production. */
  confirmation: amount('Typed total').optional(),
});
export type CreateTeamBulkRun = z.infer<typeof createTeamBulkRunSchema>;

export const bulkRunProgressSchema = z.object({
  total: z.int(),
  done: z.int(),
  refunded: z.int(),
  refused: z.int(),
  skipped: z.int(),
  unknown: z.int(),
});

export const bulkRunDecisionSchema = z.object({
  by: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});

/** A run as listed: no rows. */
export const teamBulkRunSummarySchema = z.object({
  id: z.string(),
  environment: z.string(),
  requester: z.string(),
  state: teamBulkRunStateSchema,
  /** Why it is paused or why it stopped, in words a person can act on. */
  state_reason: z.string().nullable(),
  total: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When an awaiting batch expires (CONSOLE_APPROVAL_TTL); null when no approval was needed. */
  expires_at: z.string().nullable(),
  needs_approval: z.boolean(),
  decision: bulkRunDecisionSchema.nullable(),
  progress: bulkRunProgressSchema,
});
export type TeamBulkRunSummary = z.infer<typeof teamBulkRunSummarySchema>;

/**
 * Who is sending a running run, on the run's own read (GET …/bulk-runs/{id}): the console process
 * holding it renews its hold every third of the hold's length while it lives. `stalled`: not heard
 * from for longer than that and a margin (killed, or restarting); another process then takes the run
 * over once the hold runs out, reading first the order of a row that was in flight: at the latest
 * in `takeover_in_ms` (the hold's end, then its next look for runs).
 */
export const bulkRunSenderSchema = z.object({
  heard_ms_ago: z.int().nonnegative(),
  takeover_in_ms: z.int().nonnegative(),
  stalled: z.boolean(),
});
export type BulkRunSender = z.infer<typeof bulkRunSenderSchema>;

/** One run with its plan and every row's state (bulk-run-model.ts); `sender` on its own read while a process holds it. */
export const teamBulkRunSchema = teamBulkRunSummarySchema.extend({ run: bulkRunSchema, sender: bulkRunSenderSchema.nullable().optional() });
export type TeamBulkRun = z.infer<typeof teamBulkRunSchema>;

export const teamBulkRunListSchema = z.object({ results: z.array(teamBulkRunSummarySchema) });

export const bulkDecisionNoteSchema = z.object({ note: optionalText(500) });
