import { round } from './stats.ts';

// One row of the printed table and of bench/results.json.

export interface Figure {
  /** Section and name, e.g. "bundle / initial JS+CSS (gzip)". */
  name: string;
  value: number;
  unit: string;
  /** Human-readable budget, e.g. "<= 150 KB"; absent for figures shown for context only. */
  budget?: string;
  /** True/false when a budget applies, undefined otherwise. */
  pass?: boolean;
  /** How the figure was obtained, or why it looks the way it does. */
  note?: string;
}

export type Comparison = '<=' | '>=';

/** A figure with a numeric budget; pass is computed from value and limit. */
export function budgeted(name: string, value: number, unit: string, comparison: Comparison, limit: number, note?: string): Figure {
  const pass = comparison === '<=' ? value <= limit : value >= limit;
  return { name, value, unit, budget: `${comparison} ${limit} ${unit}`.trim(), pass, ...(note !== undefined && { note }) };
}

export function info(name: string, value: number, unit: string, note?: string): Figure {
  return { name, value, unit, ...(note !== undefined && { note }) };
}

function formatValue(figure: Figure): string {
  if (Number.isNaN(figure.value)) return 'n/a';
  const digits = Math.abs(figure.value) >= 100 ? 0 : Math.abs(figure.value) >= 10 ? 1 : 2;
  return `${round(figure.value, digits)} ${figure.unit}`.trim();
}

/** Columns padded to their widest cell, a rule under the header: plain text for a terminal and a CI log. */
export function formatColumns(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** figure | value | budget | pass/fail. */
export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [f.name, formatValue(f), f.budget ?? '', f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL']);
  return formatColumns(['figure', 'value', 'budget', 'result'], rows);
}

/**
 * The closing line: how many budgets were met and missed, naming each missed one with its
 * figure and budget, so a CI log's last lines say what failed without scrolling the table.
 */
export function budgetSummary(figures: readonly Figure[]): string {
  const judged = figures.filter((f) => f.pass !== undefined);
  const missed = judged.filter((f) => f.pass === false);
  const head = `${judged.length - missed.length} budgets met, ${missed.length} missed`;
  if (missed.length === 0) return `${head}.`;
  return `${head}: ${missed.map((f) => `${f.name} ${formatValue(f)} (budget ${f.budget ?? '?'})`).join('; ')}.`;
}
