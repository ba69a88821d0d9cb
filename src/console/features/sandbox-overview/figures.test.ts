import { describe, expect, test } from 'vitest';
import { groupedAmount, groupedCount } from './figures.ts';

describe('overview figures', () => {
  test.each([
    ['0', '0.00'],
    ['999.5', '999.50'],
    ['1000', '1,000.00'],
    ['12345678.99', '12,345,678.99'],
    ['300000000.27', '300,000,000.27'],
    ['-1234.5', '-1,234.50'],
    ['not money', 'not money'],
  ])('amount %s reads %s', (text, shown) => expect(groupedAmount(text)).toBe(shown));

  test('counts', () => {
    expect(groupedCount(7)).toBe('7');
    expect(groupedCount(100_000)).toBe('100,000');
  });
});
