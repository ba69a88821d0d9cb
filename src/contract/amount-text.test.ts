import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twoDecimals } from './amount-text.ts';
import { formatMoney } from './money.ts';
import { amountArbitrary } from './test-support.ts';

// twoDecimals writes the list's amounts without big.js; formatMoney (big.js) is the reference.

describe('twoDecimals', () => {
  it('writes what formatMoney writes for every amount the contract accepts', () => {
    fc.assert(
      fc.property(amountArbitrary, (amount) => twoDecimals(amount) === formatMoney(amount)),
      { numRuns: 5000 },
    );
  });

  it('pads, drops leading zeros and never shows -0.00, as the service would write the amount', () => {
    const cases: [string, string][] = [
      ['62.29', '62.29'],
      ['7.5', '7.50'],
      ['7', '7.00'],
      ['1.', '1.00'],
      ['.5', '0.50'],
      ['-.5', '-0.50'],
      ['007.05', '7.05'],
      ['00000000', '0.00'],
      ['-0', '0.00'],
      ['-0.00', '0.00'],
      ['-12.3', '-12.30'],
      ['99999999.99', '99999999.99'],
    ];
    for (const [text, shown] of cases) {
      expect(twoDecimals(text)).toBe(shown);
      expect(formatMoney(text)).toBe(shown);
    }
  });

  it('gives back anything the contract does not accept exactly as it came (D9)', () => {
    for (const text of ['', '-', '.', '1.234', '123456789', '1,50', ' 1.50', '1e3', 'NaN', '١٢']) expect(twoDecimals(text)).toBe(text);
  });
});
