import { inertCell, toCsv } from './csv.ts';
import type { BulkRun, RowState } from '../contract/bulk-run-model.ts';

// The run's result as a file: one line per refund of the plan with its outcome, the identifiers it
// was sent with (to find it in the service's settlement) and what the service said.

export const RESULT_COLUMNS = ['line', 'order_id', 'amount', 'reason', 'outcome', 'detail', 'payment_identifier', 'external_id', 'refund_amount_after', 'current_amount_after'] as const;

export function outcomeOf(state: RowState): string {
  return state.kind === 'sending' ? 'unknown' : state.kind;
}

export function stateDetail(state: RowState): string {
  switch (state.kind) {
    case 'pending':
      return 'Not sent yet';
    case 'sending':
      return 'Stopped while the refund was on its way: resume to learn whether it was made';
    case 'refunded':
      return {
        answer: 'The service answered with the refunded order',
        check: 'The answer was lost; the order read again shows this refund',
        history: "The answer was lost; the order's history shows this refund",
        duplicate: 'Sent again; the service already had this payment identifier, and the order shows this refund',
      }[state.via];
    case 'refused':
      return state.status === null ? state.message : `HTTP ${state.status}: ${state.message}`;
    case 'skipped':
      return state.reason;
    case 'unknown':
      return state.message;
  }
}

export function resultCsv(run: BulkRun): string {
  // Every cell made inert (OWASP CSV injection), the identifiers too: a plan's identifiers once came
  // from the browser, and a spreadsheet runs "=…" in any column.
  const lines = run.rows.map(({ plan, state }) =>
    [
      String(plan.line),
      plan.order_id,
      plan.body.amount,
      plan.reason,
      outcomeOf(state),
      stateDetail(state),
      plan.body.payment_identifier,
      plan.body.external_id,
      state.kind === 'refunded' ? (state.refunded ?? '') : '',
      state.kind === 'refunded' ? (state.remaining ?? '') : '',
    ].map(inertCell),
  );
  // The file's rows that a check held back are in the result too, so it accounts for the whole file;
  // their cells are as the file had them, so anything a spreadsheet would run is made inert.
  const held = run.leftOut.map((row) => [String(row.line), inertCell(row.order_id), inertCell(row.amount), inertCell(row.reason), 'skipped', inertCell(`Not sent: ${row.problems.join('; ')}`), '', '', '', '']);
  const all = [...lines, ...held].sort((a, b) => Number.parseInt(a[0] ?? '0', 10) - Number.parseInt(b[0] ?? '0', 10));
  return toCsv([[...RESULT_COLUMNS], ...all]);
}
