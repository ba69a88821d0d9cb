import { describe, expect, test } from 'vitest';
import { displayAmount, formatAge, formatDateTime, refundedPercent } from './order-format.ts';
import { newPaymentIdentifier, refundBody, refundFormSchema } from './refund-schema.ts';

describe('refundedPercent', () => {
  test.each([
    ['0.00', '120.00', '0.0'],
    ['10.00', '120.00', '8.3'],
    ['60.00', '120.00', '50.0'],
    ['120.00', '120.00', '100.0'],
    ['0.01', '99999999.99', '0.1'],
    ['99999999.98', '99999999.99', '99.9'],
    ['119.99', '120.00', '99.9'],
    ['130.00', '120.00', '100.0'],
    ['-5.00', '120.00', '0.0'],
  ])('%s of %s is %s %%', (refunded, initial, percent) => {
    expect(refundedPercent(refunded, initial)).toBe(percent);
  });

  test.each([
    ['1.00', '0.00'],
    ['1.00', '-1.00'],
    ['ten', '120.00'],
    ['1.00', ''],
  ])('nothing to show for %j of %j', (refunded, initial) => {
    expect(refundedPercent(refunded, initial)).toBeNull();
  });
});

describe('display helpers', () => {
  test('amounts get two decimals; text that is not an amount is shown as sent', () => {
    expect(displayAmount('120.5')).toBe('120.50');
    expect(displayAmount('99999999.99')).toBe('99999999.99');
    expect(displayAmount('120')).toBe('120.00');
    expect(displayAmount('1,20')).toBe('1,20');
  });

  test('a date that is not one is reported as such', () => {
    expect(formatDateTime('yesterday')).toBeNull();
    expect(formatDateTime('2026-03-01T10:00:00Z')).toMatch(/2026/);
  });

  test('ages read like a person would say them', () => {
    expect(formatAge(0)).toBe('now');
    expect(formatAge(12_500)).toBe('12 seconds ago');
    expect(formatAge(5 * 60_000 + 59_000)).toBe('5 minutes ago');
    expect(formatAge(3 * 3_600_000)).toBe('3 hours ago');
    expect(formatAge(2 * 86_400_000)).toBe('2 days ago');
  });

  test('ages say what Intl.RelativeTimeFormat says in English, at every unit’s edges', () => {
    const english = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [['second', 1_000], ['minute', 60_000], ['hour', 3_600_000], ['day', 86_400_000]];
    const cases: [number, string][] = [[-5_000, english.format(0, 'second')], [0, english.format(0, 'second')], [999, english.format(0, 'second')]];
    for (const [unit, size] of units) {
      const next = units[units.findIndex(([u]) => u === unit) + 1]?.[1] ?? Number.POSITIVE_INFINITY;
      for (const count of [1, 2, 11, 21, 59, 1_234, 12_345_678]) {
        if (count * size < next) cases.push([count * size, english.format(-count, unit)], [count * size + size - 1, english.format(-count, unit)]);
      }
    }
    expect(cases.length).toBeGreaterThan(40);
    for (const [milliseconds, said] of cases) expect(formatAge(milliseconds), String(milliseconds)).toBe(said);
  });
});

describe('refund form rules', () => {
  const valid = { amount: '10', destination_account_number: 'ACC', payment_identifier: 'RF-1', external_id: 'R' };

  test('the amount may be the whole current amount, not a cent more', () => {
    expect(refundFormSchema('120.00').safeParse({ ...valid, amount: '120' }).success).toBe(true);
    const over = refundFormSchema('120.00').safeParse({ ...valid, amount: '120.01' });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', "Must not exceed the order's current amount (120.00)"],
    ]);
  });

  test('the amount problem is reported even while other fields are empty', () => {
    const result = refundFormSchema('120.00').safeParse({ ...valid, amount: '0', destination_account_number: '' });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['amount', 'destination_account_number']);
  });

  test('the body sent carries the amount with two decimals, exactly', () => {
    expect(refundBody({ ...valid, amount: '.5' }).amount).toBe('0.50');
    expect(refundBody({ ...valid, amount: '99999999.99' }).amount).toBe('99999999.99');
  });

  test('payment identifiers are RF- and 20 uppercase letters or digits, and do not repeat', () => {
    const made = Array.from({ length: 500 }, () => newPaymentIdentifier());
    for (const id of made) expect(id).toMatch(/^RF-[A-Z0-9]{20}$/);
    expect(new Set(made).size).toBe(made.length);
  });
});
