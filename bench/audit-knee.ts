import { openDatabase } from '../src/db/store-open.ts';
import type { AuditKey } from '../src/server/audit/audit-key.ts';
import { consoleAuditSink } from '../src/server/audit-sink.ts';
import { openConsoleDb } from '../src/server/console-db.ts';
import { percentile } from './stats.ts';

// The audit log's chain serialises every writer: each append takes one advisory lock, reads the
// head, inserts the row chained to it and commits (src/server/audit/audit-log.ts). So its appends a
// second level off as writers are added, at the rate one lock holder can go through its
// transaction (a commit's flush to disk among it). Measured here against a PostgreSQL database of its
// own, with the server's own append code, at a growing number of concurrent writers, each appending
// as soon as its last append returned; the knee is the fewest writers that reach 90% of the best rate
// seen, beyond which more writers only wait longer.

export interface KneeStep {
  writers: number;
  appendsPerSecond: number;
  p50: number;
  p99: number;
}

export interface AuditKnee {
  steps: KneeStep[];
  /** The knee's step: the fewest writers at 90% or more of the best rate. */
  knee: KneeStep;
  best: number;
}

export const KNEE_WRITERS = [1, 2, 4, 8, 16, 32, 64] as const;

/** Appends at each writer count in turn, `stepMs` each, into the console database at `url` (a fresh one). */
export async function measureAuditKnee(url: string, key: AuditKey, stepMs: number): Promise<AuditKnee> {
  // The console's own schema and migrations, then a pool as wide as the most writers measured.
  await (await openConsoleDb(url)).close();
  const db = await openDatabase(url, { max: Math.max(...KNEE_WRITERS) });
  const steps: KneeStep[] = [];
  try {
    const audit = consoleAuditSink(db, () => [], key);
    let n = 0;
    const append = () =>
      audit.record({
        user: `bench-${n % 50}@example.com`,
        role: 'agent',
        environment: 'sandbox',
        action: 'refund_request',
        order_id: '00000000-0000-4000-8000-000000000000',
        body: { request: { amount: '0.01', destination_account_number: 'CZ6508000000192000145399', payment_identifier: `RF-${n++}` }, reason: 'Customer request' },
        outcome: '200',
        address: '127.0.0.1',
        user_agent: 'bench',
      });
    for (const writers of KNEE_WRITERS) {
      const latencies: number[] = [];
      const started = performance.now();
      const end = started + stepMs;
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (performance.now() < end) {
            const sent = performance.now();
            await append();
            latencies.push(performance.now() - sent);
          }
        }),
      );
      const elapsed = performance.now() - started;
      steps.push({ writers, appendsPerSecond: (latencies.length / elapsed) * 1000, p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
    }
  } finally {
    await db.close();
  }
  const best = Math.max(...steps.map((s) => s.appendsPerSecond));
  const knee = steps.find((s) => s.appendsPerSecond >= 0.9 * best) ?? steps[steps.length - 1];
  if (knee === undefined) throw new Error('no step was measured');
  return { steps, knee, best };
}
