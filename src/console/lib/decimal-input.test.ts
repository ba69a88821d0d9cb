import { describe, expect, test } from 'vitest';
import { isAmountString } from '../../contract/fields.ts';
import { normalizeDecimalInput } from './decimal-input.ts';

describe('normalizeDecimalInput (D11)', () => {
  test.each([
    ['1,50', '1.50'],
    [' 1,5 ', '1.5'],
    [',5', '.5'],
    ['-3,', '-3.'],
    ['120.50', '120.50'],
    ['\t120 ', '120'],
    ['', ''],
    ['1.000,50', '1.000,50'],
    ['1,000,50', '1,000,50'],
    ['abc', 'abc'],
    ['1 000', '1 000'],
  ])('%j -> %j', (typed, shown) => {
    expect(normalizeDecimalInput(typed)).toBe(shown);
  });

  test('a comma amount becomes one the contract accepts', () => {
    expect(isAmountString('12345678,99')).toBe(false);
    expect(isAmountString(normalizeDecimalInput('12345678,99'))).toBe(true);
  });
});
