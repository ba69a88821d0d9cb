import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// axe-core for the specs that check a page's accessibility: one run, its violations split into the
// serious or critical ones a test fails on and the rest.

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core on the page as it stands, or on the part `include` selects. Only the violations come back
 * in full (resultTypes): axe otherwise also describes every node that passed, several hundred on the
 * create form, which no test reads and which made each run 10-25% slower (a 2 s run on the order list).
 */
export async function axeViolations(page: Page, include?: string): Promise<{ blocking: AxeViolation[]; others: AxeViolation[] }> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  return { blocking: violations.filter((v) => BLOCKING.has(v.impact ?? '')), others: violations.filter((v) => !BLOCKING.has(v.impact ?? '')) };
}

/** The serious and critical violations as lines, "rule: target, target" (at most `nodes` targets each). */
export async function seriousViolations(page: Page, options: { include?: string; nodes?: number } = {}): Promise<string[]> {
  const { blocking } = await axeViolations(page, options.include);
  return blocking.map((v) => `${v.id}: ${v.nodes.slice(0, options.nodes).map((n) => n.target.join(' ')).join(', ')}`);
}
