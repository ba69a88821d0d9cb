import type { BulkRun } from '../../../contract/bulk-run-model.ts';

// Where a bulk run lives and who sends it: this tab (personal mode, use-bulk-run.ts) or the console
// server (team mode, use-team-bulk-run.ts). The page and the run panel see only this, so the review
// table, the run panel and each row's outcome are the same in both modes.

export type ResultCsv = { kind: 'download'; save: () => void } | { kind: 'link'; href: string; fileName: string };

export interface RunControls {
  run: BulkRun;
  /** Rows are being sent now. */
  running: boolean;
  /** The heading, when the run is in a state only the server knows (awaiting approval, paused, rejected…). */
  heading: string | null;
  /** Stop or pause sending; null when not running or not this person's to stop. */
  stop: { label: string; action: () => void } | null;
  /** Send the rest; null when there is nothing to resume or it is not this person's. */
  resume: (() => void) | null;
  /** Leave this run for a new file; null while it runs. */
  clear: { label: string; action: () => void } | null;
  result: ResultCsv;
}
