import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAmountString } from './fields.ts';
import { addMoney, compareMoney, formatMoney, multiplyMoney, parseMoney, subtractMoney, sumMoney } from './money.ts';
import { amountArbitrary, centsOf, formatCents } from './test-support.ts';

// The oracle is integer cents as a BigInt, worked out from the text of the amount (test-support.ts).
const sign = (value: bigint) => (value > 0n ? 1 : value < 0n ? -1 : 0);
const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

const TWO_DECIMALS = /^-?\d+\.\d{2}$/;

describe('the generator', () => {
  it('yields only strings the contract accepts', () => {
    fc.assert(fc.property(amountArbitrary, (a) => isAmountString(a)), { numRuns: 1000 });
  });
});

describe('parseMoney and formatMoney', () => {
  it.each([
    ['120', '120.00'],
    ['120.5', '120.50'],
    ['.5', '0.50'],
    ['-.5', '-0.50'],
    ['1.', '1.00'],
    ['007.10', '7.10'],
    ['0', '0.00'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    ['12345678', '12345678.00'],
    ['99999999.99', '99999999.99'],
    ['-99999999.99', '-99999999.99'],
  ])('%j reads as %j', (value, formatted) => {
    expect(formatMoney(value)).toBe(formatted);
    expect(formatMoney(parseMoney(value))).toBe(formatted);
  });

  it.each([
    ['1.005', '1.01'],
    ['-1.005', '-1.01'],
    ['0.004', '0.00'],
    ['-0.004', '0.00'],
    ['-0.005', '-0.01'],
  ])('rounds %j half away from zero to %j, never printing -0.00', (value, formatted) => {
    expect(formatMoney(value)).toBe(formatted);
  });

  it.each(['', 'abc', '١٢٣', '１２', '1,50', '-', '.'])('parseMoney refuses %j', (value) => {
    expect(() => parseMoney(value)).toThrow();
  });

  it('always gives exactly two decimals and never -0.00, even with more decimals in', () => {
    // Tiny negatives ("-0.004") are the ones that round to a signed zero.
    const longDecimal = fc
      .tuple(fc.boolean(), fc.oneof(fc.constant('0'), digits(1, 10)), fc.oneof(digits(0, 6), digits(1, 4).map((d) => `00${d}`)))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}.${fraction}`);
    fc.assert(
      fc.property(fc.oneof(amountArbitrary, longDecimal), (a) => {
        const formatted = formatMoney(a);
        expect(formatted).toMatch(TWO_DECIMALS);
        expect(formatted).not.toBe('-0.00');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('arithmetic is exact where floating point is not', () => {
  it.each([
    { a: '0.1', b: '0.2', sum: '0.30', float: 0.1 + 0.2, exact: 0.3 },
    { a: '1.1', b: '2.2', sum: '3.30', float: 1.1 + 2.2, exact: 3.3 },
    { a: '0.7', b: '0.1', sum: '0.80', float: 0.7 + 0.1, exact: 0.8 },
    { a: '0.3', b: '-0.1', sum: '0.20', float: 0.3 - 0.1, exact: 0.2 },
  ])('$a + $b = $sum', ({ a, b, sum, float, exact }) => {
    expect(float).not.toBe(exact); // the case is one floats get wrong
    expect(formatMoney(addMoney(a, b))).toBe(sum);
    expect(compareMoney(addMoney(a, b), sum)).toBe(0);
  });

  it('0.3 - 0.1 is 0.20 and ten times 0.1 is 1.00', () => {
    expect(formatMoney(subtractMoney('0.3', '0.1'))).toBe('0.20');
    expect(formatMoney(sumMoney(Array.from({ length: 10 }, () => '0.1')))).toBe('1.00');
    expect(formatMoney(multiplyMoney('0.1', 3))).toBe('0.30');
  });
});

describe('add, subtract, compare, sum, multiply on representative values', () => {
  it.each([
    ['120.50', '-20.50', '100.00', '141.00'],
    ['-.5', '1.', '0.50', '-1.50'],
    ['99999999.99', '99999999.99', '199999999.98', '0.00'],
    ['-99999999.99', '0.01', '-99999999.98', '-100000000.00'],
    ['0', '-0', '0.00', '0.00'],
  ])('%j and %j: sum %j, difference %j', (a, b, sum, difference) => {
    expect(formatMoney(addMoney(a, b))).toBe(sum);
    expect(formatMoney(subtractMoney(a, b))).toBe(difference);
  });

  it.each<[string, string, -1 | 0 | 1]>([
    ['10', '9.99', 1],
    ['1.', '1.00', 0],
    ['-0', '0', 0],
    ['.5', '0.49', 1],
    ['-1', '-0.99', -1],
    ['-99999999.99', '99999999.99', -1],
  ])('compareMoney(%j, %j) is %i', (a, b, expected) => {
    expect(compareMoney(a, b)).toBe(expected);
  });

  it.each([
    [[], '0.00'],
    [['60.25', '60.25', '-0.50'], '120.00'],
    [['.5', '1.', '-1.50'], '0.00'],
  ])('sumMoney(%j) is %j', (values, expected) => {
    expect(formatMoney(sumMoney(values))).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['60.25', 2, '120.50'],
    ['-0.50', 3, '-1.50'],
    ['99999999.99', 10, '999999999.90'],
    ['.5', 1, '0.50'],
    ['1.', 0, '0.00'],
  ])('multiplyMoney(%j, %i) is %j', (a, quantity, expected) => {
    expect(formatMoney(multiplyMoney(a, quantity))).toBe(expected);
  });

  it.each([1.5, 0.1, -2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53])(
    'multiplyMoney refuses the quantity %s',
    (quantity) => {
      expect(() => multiplyMoney('1.00', quantity)).toThrow(RangeError);
    },
  );
});

describe('properties against integer cents', () => {
  const runs = { numRuns: 1000 };

  it('add and subtract match the cents oracle', () => {
    fc.assert(
      fc.property(amountArbitrary, amountArbitrary, (a, b) => {
        expect(formatMoney(addMoney(a, b))).toBe(formatCents(centsOf(a) + centsOf(b)));
        expect(formatMoney(subtractMoney(a, b))).toBe(formatCents(centsOf(a) - centsOf(b)));
      }),
      runs,
    );
  });

  it('formatMoney(addMoney(a, b)) minus b gives a back exactly', () => {
    fc.assert(
      fc.property(amountArbitrary, amountArbitrary, (a, b) => {
        const back = subtractMoney(formatMoney(addMoney(a, b)), b);
        expect(compareMoney(back, a)).toBe(0);
        expect(formatMoney(back)).toBe(formatMoney(a));
      }),
      runs,
    );
  });

  it('compareMoney is antisymmetric, agrees with the sign of subtractMoney and with the oracle', () => {
    fc.assert(
      fc.property(amountArbitrary, amountArbitrary, (a, b) => {
        const c = compareMoney(a, b);
        expect(c + compareMoney(b, a)).toBe(0);
        const difference = formatMoney(subtractMoney(a, b));
        const differenceSign = difference === '0.00' ? 0 : difference.startsWith('-') ? -1 : 1;
        expect(c).toBe(differenceSign);
        expect(c).toBe(sign(centsOf(a) - centsOf(b)));
      }),
      runs,
    );
  });

  it('results always have two decimals and are never -0.00', () => {
    fc.assert(
      fc.property(amountArbitrary, amountArbitrary, (a, b) => {
        for (const result of [formatMoney(a), formatMoney(addMoney(a, b)), formatMoney(subtractMoney(a, b))]) {
          expect(result).toMatch(TWO_DECIMALS);
          expect(result).not.toBe('-0.00');
        }
      }),
      runs,
    );
  });

  it('sumMoney and multiplyMoney match the oracle, and n copies sum to a times n', () => {
    fc.assert(
      fc.property(
        fc.array(amountArbitrary, { maxLength: 30 }),
        amountArbitrary,
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        (values, a, n, big) => {
          expect(formatMoney(sumMoney(values))).toBe(formatCents(values.reduce((acc, v) => acc + centsOf(v), 0n)));
          expect(compareMoney(sumMoney(Array.from({ length: n }, () => a)), multiplyMoney(a, n))).toBe(0);
          expect(formatMoney(multiplyMoney(a, big))).toBe(formatCents(centsOf(a) * BigInt(big)));
        },
      ),
      runs,
    );
  });
});
