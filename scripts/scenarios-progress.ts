import { formatDuration } from '../src/scenarios/report-json.ts';
import type { ScenarioResult, Summary } from '../src/scenarios/report-schema.ts';
import { basisLabel } from '../src/scenarios/scenario.ts';

// What the command line prints on stderr: one line per scenario as it finishes, a progress bar
// redrawn in place when stderr is a terminal, a summary at the end.

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const MARK = { passed: '✓', failed: '✗', skipped: '-' } as const;
const BAR = 24;

export function scenarioLine(result: ScenarioResult): string {
  const head = `${MARK[result.outcome]} ${result.id} ${result.title} (${formatDuration(result.duration_ms)})`;
  // A failure says what it held the service to: the document, or one of our assumptions.
  if (result.outcome === 'failed') return `${head}\n    ${result.message ?? ''}${result.basis === undefined ? '' : `\n    (${basisLabel(result)})`}`;
  if (result.outcome === 'skipped') return `${head}: skipped, ${result.message ?? ''}`;
  return head;
}

export function summaryLine(summary: Summary, durationMs: number): string {
  return `${summary.total} scenarios: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${formatDuration(durationMs)}`;
}

export class Progress {
  private done = 0;
  private failed = 0;
  private current = '';
  private drawn = false;

  constructor(
    private readonly out: Output,
    private readonly total: number,
  ) {}

  /** Clears the bar, so a line printed next is not mixed with it. */
  clear(): void {
    if (this.drawn) this.out.write('\r\u001b[2K');
    this.drawn = false;
  }

  private draw(): void {
    if (this.out.isTTY !== true) return;
    const filled = this.total === 0 ? BAR : Math.round((this.done / this.total) * BAR);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${this.done}/${this.total}${this.failed > 0 ? `, ${this.failed} failed` : ''} ${this.current}`;
    const width = Math.max(20, (this.out.columns ?? 80) - 1);
    this.clear();
    this.out.write(line.length > width ? `${line.slice(0, width - 1)}…` : line);
    this.drawn = true;
  }

  started(id: string): void {
    this.current = id;
    this.draw();
  }

  finished(result: ScenarioResult): void {
    this.done += 1;
    if (result.outcome === 'failed') this.failed += 1;
    this.current = '';
    this.clear();
    this.out.write(`${scenarioLine(result)}\n`);
    this.draw();
  }
}
