import type { BulkRunSender } from '../../contract/bulk-runs.ts';

// What a run's own read says of the console process sending it (contract/bulk-runs.ts,
// bulkRunSenderSchema), so the page can tell a person waiting on a killed process's hold when the
// run will be picked up instead of showing a progress that does not move.

export interface LeaseSettings {
  /** How long a process holds a run (bulk-runner-settings.ts); it renews the hold every third of it. */
  lengthMs: number;
  /** How often a process looks for runs nobody holds. */
  pollMs: number;
}

/** `endsInMs`: how long until the hold ends (negative: it ran out), null when no process holds the run. */
export function senderOf(endsInMs: number | null, lease: LeaseSettings): BulkRunSender | null {
  if (endsInMs === null) return null;
  const heard = Math.max(0, Math.round(lease.lengthMs - endsInMs));
  // A living holder renews every third of the hold; the margin is for a busy database.
  const stalled = heard > lease.lengthMs / 3 + Math.min(5_000, lease.lengthMs / 3);
  return { heard_ms_ago: heard, takeover_in_ms: Math.max(0, Math.round(endsInMs)) + lease.pollMs, stalled };
}
