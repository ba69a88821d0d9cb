// Small statistics for the bench: every figure is a median of several runs.

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it.
 * Missing samples (NaN: a run that measured nothing) are left out.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
