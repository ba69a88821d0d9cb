import type { AuditSink } from '../audit-sink.ts';
import type { AuditEvent } from './audit-events.ts';
import { auditEvents } from './audit-events.ts';
import type { ConsoleMetrics } from './metrics.ts';

// The audit sink the server records through, counting as it goes: each append and its
// time, and what the appended row says happened (audit-events.ts). A row that could not be written
// counts as an error and nothing else: what it described is refused (write-ahead) or retried.

function count(metrics: ConsoleMetrics, event: AuditEvent): void {
  switch (event.kind) {
    case 'refund':
      metrics.refunds.inc({ environment: event.environment, path: event.path, outcome: event.outcome });
      return;
    case 'approval':
      metrics.approvalTransitions.inc({ environment: event.environment, kind: event.subject, state: event.state });
      return;
    case 'bulk_row':
      metrics.bulkRows.inc({ environment: event.environment, outcome: event.outcome });
      return;
    case 'sign_in':
      metrics.signIns.inc();
      return;
    case 'sign_in_failed':
      metrics.signInFailures.inc({ reason: event.reason });
      return;
    case 'batch_end':
      return;
  }
}

/** `appended`: told after each row is committed (the audit's readers look at it at once). */
export function countedAuditSink(inner: AuditSink, metrics: ConsoleMetrics, appended: () => void = () => undefined): AuditSink {
  return {
    async record(entry) {
      const end = metrics.auditAppendDuration.startTimer();
      try {
        await inner.record(entry);
      } catch (error) {
        metrics.auditAppends.inc({ outcome: 'error' });
        throw error;
      } finally {
        end();
      }
      metrics.auditAppends.inc({ outcome: 'ok' });
      for (const event of auditEvents(entry)) count(metrics, event);
      appended();
    },
  };
}
