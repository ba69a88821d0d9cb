import { expect, test } from 'vitest';
import { armedCountOf, FaultListShapeError } from './armed-count.ts';

// The header's count of armed rules, read without the contract's schemas.

test('the count is the number of rules in the answer, whatever each rule holds', () => {
  expect(armedCountOf({ results: [] })).toBe(0);
  expect(armedCountOf({ results: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] })).toBe(3);
});

test.each([null, 'text', 3, [], [{ id: 'a' }], {}, { results: 'none' }, { results: { length: 2 } }])('an answer that is no list of rules (%j) is an error, not a count', (data) => {
  expect(() => armedCountOf(data)).toThrow(FaultListShapeError);
});
