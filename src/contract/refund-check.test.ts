import { expect, test } from 'vitest';
import { lostAnswerVerdict } from './refund-check.ts';

// After a lost answer, the refunded amount read again decides (refund dialog and bulk runner).
test.each([
  ['0.00', '0.00', '10.00', 'not-applied'],
  ['0.00', '10.00', '10.00', 'applied'],
  ['5.50', '15.50', '10', 'applied'],
  ['0.00', '10.01', '10.00', 'changed'],
  ['0.00', '25.00', '10.00', 'changed'],
  ['20.00', '10.00', '10.00', 'changed'],
])('refunded %s before, %s now, refund of %s: %s', (before, now, amount, verdict) => {
  expect(lostAnswerVerdict(before, now, amount)).toBe(verdict);
});
