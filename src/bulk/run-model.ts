import type { BulkRun, RowState } from '../contract/bulk-run-model.ts';

// How far a run is, from its rows' states (the schemas: src/contract/bulk-run-model.ts).

export function isFinal(state: RowState): boolean {
  return state.kind === 'refunded' || state.kind === 'refused' || state.kind === 'skipped';
}

export interface RunProgress {
  total: number;
  done: number;
  refunded: number;
  refused: number;
  skipped: number;
  unknown: number;
}

export function runProgress(run: BulkRun): RunProgress {
  const count = (kind: RowState['kind']) => run.rows.filter((r) => r.state.kind === kind).length;
  const refunded = count('refunded');
  const refused = count('refused');
  const skipped = count('skipped');
  return { total: run.rows.length, done: refunded + refused + skipped, refunded, refused, skipped, unknown: count('unknown') };
}
