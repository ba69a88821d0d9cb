import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND_STATUS_RULE, canRefund, orderAmountProblem, refundAmountProblem, refundStatusProblem } from './rules.ts';
import { ORDER_STATUSES } from './schemas.ts';
import { amountArbitrary, centsOf } from './test-support.ts';

const MORE_THAN_ZERO = 'Must be greater than 0';

describe('orderAmountProblem: order_data.amount must be greater than 0 (D4)', () => {
  it.each(['0', '0.00', '-0', '.0', '-1', '-0.01', '-99999999.99'])('rejects %j', (value) => {
    expect(orderAmountProblem(value)).toBe(MORE_THAN_ZERO);
  });
  it.each(['0.01', '.01', '1', '1.', '120.50', '99999999.99'])('accepts %j', (value) => {
    expect(orderAmountProblem(value)).toBeNull();
  });
  it('accepts exactly the positive amounts', () => {
    fc.assert(
      fc.property(amountArbitrary, (a) => {
        expect(orderAmountProblem(a) === null).toBe(centsOf(a) > 0n);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('refundAmountProblem: 0 < amount <= current_amount (D4)', () => {
  it.each([
    ['0', '100.00', MORE_THAN_ZERO],
    ['0.00', '100.00', MORE_THAN_ZERO],
    ['-5', '100.00', MORE_THAN_ZERO],
    ['-0.01', '100.00', MORE_THAN_ZERO],
    ['100.01', '100.00', "Must not exceed the order's current amount (100.00)"],
    ['100.01', '100', "Must not exceed the order's current amount (100.00)"],
    ['0.51', '.5', "Must not exceed the order's current amount (0.50)"],
    ['1', '0.00', "Must not exceed the order's current amount (0.00)"],
    ['99999999.99', '12345678.9', "Must not exceed the order's current amount (12345678.90)"],
  ])('refuses %j against current %j', (value, current, message) => {
    expect(refundAmountProblem(value, current)).toBe(message);
  });

  it.each([
    ['100.00', '100.00'],
    ['100', '100.00'],
    ['1.', '1.00'],
    ['0.01', '100.00'],
    ['.5', '100.00'],
    ['99.99', '100.00'],
  ])('accepts %j against current %j', (value, current) => {
    expect(refundAmountProblem(value, current)).toBeNull();
  });

  it('accepts exactly 0 < amount <= current for any pair of amounts', () => {
    fc.assert(
      fc.property(amountArbitrary, amountArbitrary, (a, current) => {
        expect(refundAmountProblem(a, current) === null).toBe(centsOf(a) > 0n && centsOf(a) <= centsOf(current));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('refunds need an activated order (the document\'s one state rule)', () => {
  it.each(ORDER_STATUSES.map((status) => [status, status === 'activated'] as const))(
    'canRefund(%j) is %j',
    (status, expected) => {
      expect(canRefund(status)).toBe(expected);
    },
  );

  it.each(ORDER_STATUSES.filter((s) => s !== 'activated'))('refundStatusProblem names the status %j', (status) => {
    expect(refundStatusProblem(status)).toBe(`${REFUND_STATUS_RULE}; this order is ${status}`);
  });

  it('refundStatusProblem has nothing to say about an activated order', () => {
    expect(refundStatusProblem('activated')).toBeNull();
  });
});
