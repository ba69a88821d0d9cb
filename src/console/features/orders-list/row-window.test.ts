import { expect, test } from 'vitest';
import { assignSlots, rowWindow } from './row-window.ts';

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

test('slots: a row keeps its slot while rendered; a row coming in takes the lowest one no rendered row holds', () => {
  const first = assignSlots(new Map(), ['a', 'b', 'c']);
  expect([...first]).toEqual([['a', 0], ['b', 1], ['c', 2]]);
  // Scrolled by one: a left, d came in and takes its slot; b and c keep theirs.
  expect([...assignSlots(first, ['b', 'c', 'd'])]).toEqual([['b', 1], ['c', 2], ['d', 0]]);
  // A whole window on: every slot is reused, none is added.
  expect([...assignSlots(first, ['x', 'y', 'z'])]).toEqual([['x', 0], ['y', 1], ['z', 2]]);
  // One on top: everyone keeps theirs, the new row gets the next free slot.
  expect([...assignSlots(first, ['n', 'a', 'b', 'c'])]).toEqual([['a', 0], ['b', 1], ['c', 2], ['n', 3]]);
  expect(assignSlots(first, [])).toEqual(new Map());
});
