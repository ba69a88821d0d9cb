import type { StressContext } from './context.ts';

// What every scenario reports, and how the run prints it ("per scenario, the load held,
// faults injected and what was lost").

export interface ScenarioResult {
  name: string;
  /** The load the server held: requests, concurrency, duration. */
  load: string[];
  /** Faults injected on purpose (none is a valid answer). */
  faults: string[];
  /** Anything acknowledged and then missing, applied twice or half applied. Must stay empty. */
  lost: string[];
  /** Answers with a 5xx status: always a bug (D3). */
  serverErrors: number;
  /** Measured figures: latency percentiles, memory, timings. */
  figures: string[];
}

export interface Scenario {
  name: string;
  /** The scenario is stopped and reported as failed after this long. */
  budgetMs: number;
  run: (context: StressContext) => Promise<ScenarioResult>;
}

export function emptyResult(name: string): ScenarioResult {
  return { name, load: [], faults: [], lost: [], serverErrors: 0, figures: [] };
}

export const passed = (result: ScenarioResult) => result.lost.length === 0 && result.serverErrors === 0;

export function printResult(result: ScenarioResult, elapsedMs: number): void {
  const verdict = passed(result) ? 'PASS' : 'FAIL';
  console.info(`\n=== ${result.name}: ${verdict} (${(elapsedMs / 1000).toFixed(1)} s)`);
  const section = (title: string, lines: string[], empty: string) => {
    console.info(`  ${title}:`);
    for (const line of lines.length > 0 ? lines : [empty]) console.info(`    - ${line}`);
  };
  section('load held', result.load, 'none');
  section('faults injected', result.faults, 'none');
  section('figures', result.figures, 'none');
  console.info(`  5xx answers: ${result.serverErrors}`);
  const shown = result.lost.slice(0, 20);
  section('lost', shown, 'nothing');
  if (result.lost.length > shown.length) console.info(`    ... and ${result.lost.length - shown.length} more`);
}
