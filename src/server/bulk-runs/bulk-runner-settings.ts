import type { EngineOptions } from '../../bulk/engine.ts';
import { DEFAULT_ENGINE_OPTIONS } from '../../bulk/engine.ts';

// The knobs of the server's bulk runner. The defaults are what a team gets; tests (and the
// bench) pass faster ones programmatically, through TeamConfig.bulkRuns — there is no variable for them.

export interface BulkRunnerSettings {
  /** The engine's pace and patience (ratePerSecond, Retry-After caps, backoff). */
  engine?: Partial<EngineOptions>;
  /** How long a process holds a run it is sending before another process may take it over. */
  leaseMs?: number;
  /** How often a process looks for runs nobody holds (a killed process's, a resumed one). */
  pollMs?: number;
  /** Runs one process sends at once (each one row at a time). */
  maxConcurrent?: number;
}

export interface ResolvedBulkRunnerSettings {
  engine: EngineOptions;
  leaseMs: number;
  pollMs: number;
  maxConcurrent: number;
}

/** Longer than any one call takes (15 s timeouts), renewed every third of it while a run is sent. */
export const DEFAULT_BULK_LEASE_MS = 60_000;
export const DEFAULT_BULK_POLL_MS = 15_000;

export function resolveBulkSettings(settings: BulkRunnerSettings | undefined): ResolvedBulkRunnerSettings {
  return {
    engine: { ...DEFAULT_ENGINE_OPTIONS, ...settings?.engine },
    leaseMs: settings?.leaseMs ?? DEFAULT_BULK_LEASE_MS,
    pollMs: settings?.pollMs ?? DEFAULT_BULK_POLL_MS,
    maxConcurrent: settings?.maxConcurrent ?? 4,
  };
}
