import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import axe from 'axe-core';

// axe-core for the specs that check a page's accessibility: one run, its violations split into the
// serious or critical ones a test fails on and the rest.

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

// What a run costs (the order page, a quiet 2-core machine): AxeBuilder's analyze() 1.1-1.6 s, of
// which axe's own checks are about 0.1 s. The rest is AxeBuilder's way of covering cross-origin frames:
// axe-core's 1.3 MB evaluated again in the page on every run, then a new blank page opened to merge
// the frames' results and evaluate it once more there. The console's pages have no frame, so axe is
// evaluated once per document here and axe.run goes over the page as it stands: 0.1 s a run after the
// first (0.3 s with the evaluation), the same rules and options. A page with a frame still goes
// through AxeBuilder, which tests inside it. e2e/axe-helper.spec.ts holds the two to the same findings.
const INSTALLED = `typeof window.axe === 'object' && window.axe !== null && typeof window.axe.run === 'function'`;

async function violationsInPage(page: Page, include: string | undefined): Promise<AxeViolation[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    if (include !== undefined) builder.include(include);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate<boolean>(INSTALLED))) await page.evaluate(axe.source);
  // Only the violations in full (resultTypes): axe otherwise also describes every node that passed,
  // several hundred on the create form, which no test reads. The selector goes in as JSON.
  const context = include === undefined ? 'document' : JSON.stringify({ include: [include] });
  return page.evaluate<AxeViolation[]>(`window.axe.run(${context}, { resultTypes: ['violations'] }).then((results) => results.violations)`);
}

/** axe-core on the page as it stands, or on the part `include` selects. */
export async function axeViolations(page: Page, include?: string): Promise<{ blocking: AxeViolation[]; others: AxeViolation[] }> {
  const violations = await violationsInPage(page, include);
  return { blocking: violations.filter((v) => BLOCKING.has(v.impact ?? '')), others: violations.filter((v) => !BLOCKING.has(v.impact ?? '')) };
}

/** The serious and critical violations as lines, "rule: target, target" (at most `nodes` targets each). */
export async function seriousViolations(page: Page, options: { include?: string; nodes?: number } = {}): Promise<string[]> {
  const { blocking } = await axeViolations(page, options.include);
  return blocking.map((v) => `${v.id}: ${v.nodes.slice(0, options.nodes).map((n) => n.target.join(' ')).join(', ')}`);
}

/** Fails (softly) on a serious or critical finding; attaches the rest to the report. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { blocking, others } = await axeViolations(page);
  if (others.length > 0) {
    await test.info().attach(`axe: other findings on ${what}`, { body: JSON.stringify(others, null, 2), contentType: 'application/json' });
  }
  const summary = blocking.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? n.failureSummary ?? ''}`);
    return `${v.impact ?? '?'} ${v.id}, ${v.nodes.length} elements (${v.help}); ${nodes.join(' || ')}`;
  });
  // Soft: one page's findings must not hide the next page's.
  expect.soft(summary, `serious or critical axe violations on ${what}`).toEqual([]);
}
