import type { Queryable } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import { expireDueRuns } from './bulk-run-store.ts';

// D17 for batches: one waiting past CONSOLE_APPROVAL_TTL sends nothing and says so, in the audit
// once (whichever process or request gets there first expires it; the others find nothing to change).

export async function expireBatches(db: Queryable, audit: AuditSink): Promise<void> {
  for (const run of await expireDueRuns(db)) {
    await audit.record({
      user: null,
      role: null,
      environment: run.environment,
      action: 'bulk_run_expire',
      order_id: null,
      body: { bulk_run_id: run.id, total: run.total, requester: run.requester, rows: run.progress.total },
      outcome: 'expired',
      address: null,
      user_agent: null,
    });
  }
}
