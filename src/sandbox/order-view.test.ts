import { expect, test } from 'vitest';
import { generatePaymentIdentifier } from './order-view.ts';

test('generated payment identifiers: PI- and 24 hex digits, none repeated across refills of the random pool', () => {
  const ids = Array.from({ length: 5000 }, generatePaymentIdentifier);
  for (const id of ids) expect(id).toMatch(/^PI-[0-9A-F]{24}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
