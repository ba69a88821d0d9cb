import { describe, expect, test } from 'vitest';
import type { TypingField, TypingResult } from './typing.ts';
import { bareInputFigures, typingFigures } from './typing.ts';

// The bare input beside the typing budget: its p95 in the same rounds, and each field's
// p95 over it, round by round, the worst shown.

const field = (name: string, nextPaint: number[]): TypingField => ({ field: name, touched: false, nextPaint, eventTiming: nextPaint.map(() => 0), cpu: [] });
const times = (ms: number): number[] => Array.from({ length: 20 }, () => ms);
const round = (amount: number[], bare: number[] | null): TypingResult => ({
  filledBy: 'draft',
  fillMs: 1000,
  fields: [field('items.100.amount', amount)],
  bare: bare === null ? null : field('bare', bare),
});

describe('bareInputFigures', () => {
  test("the bare input's worst p95, and each field's worst ratio to it in the same round", () => {
    const figures = bareInputFigures([round(times(18), times(6)), round(times(16), times(4))]);
    expect(figures.map((f) => [f.name, f.value, f.unit])).toEqual([
      ['typing: a bare <input> p95 (same rounds)', 6, 'ms'],
      ["typing: items.100.amount p95 / bare input's", 4, 'x'],
    ]);
    expect(figures[1]?.note).toBe('worst of 2 rounds: 3.00, 4.00');
    expect(figures.map((f) => f.pass)).toEqual([undefined, false]);
  });

  test('a round whose bare page failed is left out; none at all, no figures', () => {
    expect(bareInputFigures([round(times(18), times(6)), round(times(40), null)])[1]?.value).toBe(3);
    expect(bareInputFigures([round(times(18), null)])).toEqual([]);
  });

  test('the ratio is the budget; the 16 ms holds only over rounds whose bare input was under 8 ms', () => {
    const budgeted = (rounds: TypingResult[]) => typingFigures(rounds).filter((f) => f.budget !== undefined).map((f) => [f.name, f.value, f.pass]);
    expect(budgeted([round(times(18), times(10)), round(times(15), times(6))])).toEqual([
      ['typing: items.100.amount p95', 15, true],
      ["typing: items.100.amount p95 / bare input's", 2.5, false],
    ]);
    expect(budgeted([round(times(18), times(10))])).toEqual([["typing: items.100.amount p95 / bare input's", 1.8, true]]);
  });
});
