import { expect, test } from 'vitest';
import { rowWindow } from './row-window.ts';

test('the rows in view, and a few beyond each edge, never past the list', () => {
  // At the top: 520 px of 44 px rows (12 rows, the 12th partly) and 4 more.
  expect(rowWindow(0, 520, 44, 40, 1000, 4)).toEqual({ start: 0, end: 16 });
  // The header scrolled away: its 40 px do not count as rows.
  expect(rowWindow(40 + 100 * 44, 520, 44, 40, 1000, 4)).toEqual({ start: 96, end: 116 });
  // Half a row scrolled: that row is still in view.
  expect(rowWindow(40 + 100 * 44 + 22, 520, 44, 40, 1000, 4)).toEqual({ start: 96, end: 117 });
  expect(rowWindow(40 + 995 * 44, 520, 44, 40, 1000, 4)).toEqual({ start: 991, end: 1000 });
  expect(rowWindow(0, 520, 44, 40, 3, 4)).toEqual({ start: 0, end: 3 });
  expect(rowWindow(0, 520, 132, 0, 0, 4)).toEqual({ start: 0, end: 0 });
});
