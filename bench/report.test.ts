import { describe, expect, it } from 'vitest';
import { budgeted, budgetSummary, formatTable, info } from './report.ts';

describe('the bench report', () => {
  it('shows a ratio budget beside its figure with pass or FAIL', () => {
    const table = formatTable([
      budgeted('team: /orders content / bare LCP', 1.32, 'x', '<=', 1.5),
      budgeted('content: 50 orders / hello LCP', 2.71, 'x', '<=', 2.5),
    ]);
    const [, , met, missed] = table.split('\n');
    expect(met).toMatch(/^team: \/orders content \/ bare LCP \| 1\.32 x +\| <= 1\.5 x \| pass$/);
    expect(missed).toMatch(/\| 2\.71 x +\| <= 2\.5 x \| FAIL$/);
  });

  it('counts met and missed budgets and names each missed one with its figure and budget', () => {
    const line = budgetSummary([
      budgeted('heap: JS heap', 3.1, 'MB', '<=', 4),
      budgeted('typing: item amount p95', 21, 'ms', '<=', 16),
      info('load: hello LCP', 104, 'ms'),
      budgeted('sandbox: create c16 / ceiling', 0.3, 'x', '>=', 0.35),
    ]);
    expect(line).toBe('1 budgets met, 2 missed: typing: item amount p95 21 ms (budget <= 16 ms); sandbox: create c16 / ceiling 0.3 x (budget >= 0.35 x).');
  });

  it('counts a budgeted figure that measured nothing as missed', () => {
    expect(budgetSummary([budgeted('content: cold /orders/{id} / hello LCP', Number.NaN, 'x', '<=', 2.5)])).toBe(
      '0 budgets met, 1 missed: content: cold /orders/{id} / hello LCP n/a (budget <= 2.5 x).',
    );
  });

  it('says so plainly when every budget is met', () => {
    expect(budgetSummary([budgeted('wire: /orders', 123, 'KB', '<=', 175)])).toBe('1 budgets met, 0 missed.');
  });
});
