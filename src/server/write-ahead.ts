import { detailError } from '../http/errors.ts';
import type { AuditEntry, AuditSink } from './audit-sink.ts';

// docs/security.md, "Write-ahead audit": an action that leaves for the Order Service (an order made, a
// sandbox changed, a refund sent) is in the audit log before it leaves: its intent (who, what, the
// body) is committed first, with the outcome `intent`; the outcome follows in a row of its own once
// the service answered. When the intent cannot be written, nothing is sent: 503 with Retry-After.

export const INTENT = 'intent';
const RETRY_AFTER_SECONDS = '5';

export const auditUnavailable = () =>
  detailError(503, 'audit_unavailable', 'The audit log could not be written, so nothing was sent. Try again in a moment.', { 'Retry-After': RETRY_AFTER_SECONDS });

/** Commits the intent row; throws the 503 (nothing has happened yet) when it cannot. */
export async function recordIntent(audit: AuditSink, entry: Omit<AuditEntry, 'outcome'>, log: (line: string) => void): Promise<void> {
  try {
    await audit.record({ ...entry, outcome: INTENT });
  } catch (error) {
    log(`audit: the intent of ${entry.action} could not be written, nothing was sent: ${error instanceof Error ? error.message : String(error)}`);
    throw auditUnavailable();
  }
}

/**
 * The outcome row, after the action: it happened whatever the log says now, so a failure to write it
 * is said in the server's log and the person still gets the service's answer (their intent is there).
 */
export async function recordOutcome(audit: AuditSink, entry: AuditEntry, log: (line: string) => void): Promise<void> {
  try {
    await audit.record(entry);
  } catch (error) {
    log(`audit: the outcome of ${entry.action} (${entry.outcome}) could not be written after it happened: ${error instanceof Error ? error.message : String(error)}`);
  }
}
