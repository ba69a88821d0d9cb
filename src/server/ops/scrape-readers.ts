import { z } from 'zod';
import type { Database } from '../../db/store-db.ts';
import type { ConsoleMetrics } from './metrics.ts';

// The gauges read from the console's database when /metrics is scraped (not kept in a
// process: several processes share the database, and each would count the same rows). Each is one
// small aggregate query; a scrape that finds the database down keeps the last values.

const countRow = z.object({ n: z.coerce.number().int() });
const groupRow = z.object({ environment: z.string(), state: z.string(), n: z.coerce.number().int() });

const OPEN_APPROVALS = `SELECT environment, state, count(*)::int AS n FROM console_approvals WHERE state IN ('pending', 'sending', 'unknown') GROUP BY environment, state`;
const WAITING_BATCHES = `SELECT environment, 'pending' AS state, count(*)::int AS n FROM console_bulk_runs WHERE state = 'awaiting_approval' AND expires_at > now() GROUP BY environment`;

export function readConsoleGauges(db: Database, metrics: ConsoleMetrics, options: { idleMs: number }): void {
  // The pool first: read after the queries below were issued, it would count them as callers waiting.
  metrics.onScrape(() => {
    const stats = db.poolStats?.();
    if (stats !== undefined) {
      for (const state of ['total', 'idle', 'waiting'] as const) metrics.poolConnections.set({ database: 'console', state }, stats[state]);
      metrics.poolMax.set({ database: 'console' }, stats.max);
    }
    return Promise.resolve();
  });
  metrics.onScrape(async () => {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM console_sessions WHERE expires_at > now() AND last_seen_at > now() - $1::bigint * interval \'1 millisecond\'', [options.idleMs]);
    metrics.sessions.set(countRow.parse(rows[0]).n);
  });
  metrics.onScrape(async () => {
    const [refunds, batches] = await Promise.all([db.query(OPEN_APPROVALS), db.query(WAITING_BATCHES)]);
    metrics.approvalsOpen.reset();
    for (const row of refunds.rows.map((r) => groupRow.parse(r))) metrics.approvalsOpen.set({ environment: row.environment, kind: 'refund', state: row.state }, row.n);
    for (const row of batches.rows.map((r) => groupRow.parse(r))) metrics.approvalsOpen.set({ environment: row.environment, kind: 'batch', state: row.state }, row.n);
  });
}
