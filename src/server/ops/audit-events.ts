import { z } from 'zod';
import { bulkRunProgressSchema } from '../../contract/bulk-runs.ts';
import type { AuditEntry } from '../audit-sink.ts';
import { INTENT } from '../write-ahead.ts';

// What an audit row means for the people running the console. Every action of consequence
// is in the audit log already, written where it happens (docs/decisions.md D16, D17), so the metrics
// (each row this process appends) and the notifications (every row committed, read back from the
// log) read it there rather than being called from each route a second time. One table of the
// actions and outcomes the approvals, bulk runs and sign-in write (src/server/approvals/,
// bulk-runs/, team-routes.ts).

export type RefundPath = 'direct' | 'approval' | 'bulk';
export type RefundOutcome = 'sent' | 'refused' | 'failed' | 'unknown' | 'retry_later';
export type ApprovalSubject = 'refund' | 'batch';
export type ApprovalState = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'expired' | 'sent' | 'failed' | 'unknown';
export type SignInFailure = 'wrong_password' | 'unknown_user' | 'disabled' | 'throttled' | 'locked' | 'other';
export type BulkRowOutcome = 'refunded' | 'refused' | 'skipped' | 'unknown';

export type AuditEvent =
  | { kind: 'refund'; environment: string; path: RefundPath; outcome: RefundOutcome }
  | { kind: 'approval'; environment: string; subject: ApprovalSubject; state: ApprovalState; id: string }
  | { kind: 'batch_end'; environment: string; id: string; outcome: 'failed' | 'unknown'; refused: number; unknown: number; total: number }
  | { kind: 'bulk_row'; environment: string; outcome: BulkRowOutcome }
  | { kind: 'sign_in' }
  | { kind: 'sign_in_failed'; reason: SignInFailure };

/** The fields of an audit row the events are read from (an entry being appended, or a row read back). */
export type AuditFacts = Pick<AuditEntry, 'action' | 'environment' | 'outcome' | 'body'>;

const approvalBody = z.object({ approval_id: z.string(), state: z.string().optional() });
const batchBody = z.object({ bulk_run_id: z.string(), progress: bulkRunProgressSchema.optional() });

const firstWord = (outcome: string) => outcome.split(' ')[0] ?? '';
const statusOf = (outcome: string) => {
  const status = Number(firstWord(outcome));
  return Number.isInteger(status) ? status : null;
};

/** A refund's outcome from the service's status as the audit says it (`200`, `424 service_unreachable`). */
function directOutcome(outcome: string): RefundOutcome {
  const status = statusOf(outcome);
  if (status === null) return 'failed';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 429 || status === 503) return 'retry_later';
  if (status === 424 || status >= 500) return 'unknown';
  return 'refused';
}

// A sent approval's state after the service answered: pending again means "the service did nothing, approve again".
const SETTLED: Readonly<Record<string, { refund: RefundOutcome; state: ApprovalState | null }>> = {
  sent: { refund: 'sent', state: 'sent' },
  failed: { refund: 'failed', state: 'failed' },
  unknown: { refund: 'unknown', state: 'unknown' },
  pending: { refund: 'retry_later', state: null },
};
const DECISIONS: Readonly<Record<string, [string, ApprovalState]>> = {
  approval_approve: ['sending', 'approved'],
  approval_reject: ['rejected', 'rejected'],
  approval_withdraw: ['withdrawn', 'withdrawn'],
  approval_expire: ['expired', 'expired'],
  approval_request: ['pending', 'pending'],
  bulk_run_create: ['awaiting_approval', 'pending'],
  bulk_run_approve: ['running', 'approved'],
  bulk_run_reject: ['rejected', 'rejected'],
  bulk_run_withdraw: ['withdrawn', 'withdrawn'],
  bulk_run_expire: ['expired', 'expired'],
};
const SIGN_IN_FAILURES: readonly SignInFailure[] = ['wrong_password', 'unknown_user', 'disabled', 'throttled', 'locked'];
const isSignInFailure = (text: string): text is SignInFailure => SIGN_IN_FAILURES.some((reason) => reason === text);

function bulkRow(environment: string, outcome: string): AuditEvent[] {
  const word = firstWord(outcome);
  const row: BulkRowOutcome | null = word === 'refunded' || word === 'refused' || word === 'skipped' || word === 'unknown' ? word : null;
  if (row === null) return [];
  const events: AuditEvent[] = [{ kind: 'bulk_row', environment, outcome: row }];
  const refund: RefundOutcome | null = row === 'refunded' ? 'sent' : row === 'skipped' ? null : row;
  if (refund !== null) events.push({ kind: 'refund', environment, path: 'bulk', outcome: refund });
  return events;
}

function batchEnd(environment: string, action: string, outcome: string, body: unknown): AuditEvent[] {
  const parsed = batchBody.safeParse(body);
  const progress = parsed.data?.progress;
  if (!parsed.success || progress === undefined) return [];
  const base = { kind: 'batch_end', environment, id: parsed.data.bulk_run_id, refused: progress.refused, unknown: progress.unknown, total: progress.total } as const;
  if (action === 'bulk_run_pause' && outcome === 'paused_unknown_rows') return [{ ...base, outcome: 'unknown' }];
  if (action === 'bulk_run_finish' && progress.refused > 0) return [{ ...base, outcome: 'failed' }];
  return [];
}

/** What one audit row says happened; most rows (reads, user changes) say nothing here. */
export function auditEvents(row: AuditFacts): AuditEvent[] {
  const { action, outcome, body } = row;
  const environment = row.environment ?? '';
  // An intent row is written ahead of its action (write-ahead.ts); what happened is the row that follows it.
  if (outcome === INTENT) return [];
  if (action === 'sign_in' && outcome === 'ok') return [{ kind: 'sign_in' }];
  if (action === 'sign_in_failed') return [{ kind: 'sign_in_failed', reason: isSignInFailure(outcome) ? outcome : 'other' }];
  if (action === 'refund_request') return [{ kind: 'refund', environment, path: 'direct', outcome: directOutcome(outcome) }];
  if (action === 'bulk_refund') return bulkRow(environment, outcome);
  if (action === 'bulk_run_pause' || action === 'bulk_run_finish') return batchEnd(environment, action, outcome, body);
  if (action === 'refund_sent' || action === 'approval_resolve') {
    const parsed = approvalBody.safeParse(body);
    const settled = SETTLED[parsed.data?.state ?? firstWord(outcome)];
    if (!parsed.success || settled === undefined) return [];
    const events: AuditEvent[] = [{ kind: 'refund', environment, path: 'approval', outcome: settled.refund }];
    if (settled.state !== null) events.push({ kind: 'approval', environment, subject: 'refund', state: settled.state, id: parsed.data.approval_id });
    return events;
  }
  const decision = DECISIONS[action];
  if (decision === undefined || decision[0] !== outcome) return [];
  const subject: ApprovalSubject = action.startsWith('bulk_run_') ? 'batch' : 'refund';
  const id = subject === 'batch' ? batchBody.safeParse(body).data?.bulk_run_id : approvalBody.safeParse(body).data?.approval_id;
  return id === undefined ? [] : [{ kind: 'approval', environment, subject, state: decision[1], id }];
}
