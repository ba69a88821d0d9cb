import { describe, expect, test } from 'vitest';
import type { OrderSearch } from './order-search.ts';
import { emptySearch, MAX_QUERY_LENGTH, parseOrderSearch, searchesCustomerFields } from './order-search.ts';

// The order index's query language, one table of what a support agent types and what it means.

const ok = (query: string): OrderSearch => {
  const result = parseOrderSearch(query);
  if (!result.ok) throw new Error(`${query}: ${result.error}`);
  return result.search;
};
const error = (query: string): string => {
  const result = parseOrderSearch(query);
  if (result.ok) throw new Error(`${query} parsed`);
  return result.error;
};

describe('what parses', () => {
  test.each<[string, Partial<OrderSearch>]>([
    ['', {}],
    ['   ', {}],
    ['jan', { text: ['jan'] }],
    ['jan  novak', { text: ['jan', 'novak'] }],
    ['jan\tnovak\n', { text: ['jan', 'novak'] }],
    ['"jan novak"', { text: ['jan novak'] }],
    ['A:17', { text: ['A:17'] }],
    ['"status:new"', { text: ['status:new'] }],
    ['email:Jan@Example.com', { email: { value: 'jan@example.com', prefix: false } }],
    ['email:jan*', { email: { value: 'jan', prefix: true } }],
    ['EMAIL:jan@x.cz', { email: { value: 'jan@x.cz', prefix: false } }],
    ['ext:ORD-2026', { ext: 'ORD-2026' }],
    ['status:Activated', { status: 'activated' }],
    ['amount:>100', { amount: { min: { value: '100', inclusive: false }, max: null } }],
    ['amount:>=100.5', { amount: { min: { value: '100.5', inclusive: true }, max: null } }],
    ['amount:<20', { amount: { min: null, max: { value: '20', inclusive: false } } }],
    ['amount:<=20.00', { amount: { min: null, max: { value: '20.00', inclusive: true } } }],
    ['amount:=15', { amount: { min: { value: '15', inclusive: true }, max: { value: '15', inclusive: true } } }],
    ['amount:15', { amount: { min: { value: '15', inclusive: true }, max: { value: '15', inclusive: true } } }],
    ['amount:10..20', { amount: { min: { value: '10', inclusive: true }, max: { value: '20', inclusive: true } } }],
    ['amount:10.5..10.5', { amount: { min: { value: '10.5', inclusive: true }, max: { value: '10.5', inclusive: true } } }],
    ['amount:..20', { amount: { min: null, max: { value: '20', inclusive: true } } }],
    ['amount:10..', { amount: { min: { value: '10', inclusive: true }, max: null } }],
    ['created:2026-11-20', { created: { from: '2026-11-20', to: '2026-11-20' } }],
    ['created:2026-11-20..2026-11-25', { created: { from: '2026-11-20', to: '2026-11-25' } }],
    ['created:..2026-11-25', { created: { from: null, to: '2026-11-25' } }],
    ['created:2026-11-20..', { created: { from: '2026-11-20', to: null } }],
    ['env:prod', { env: 'prod' }],
    ['current:<50', { current: { min: null, max: { value: '50', inclusive: false } } }],
    ['refunded:>0', { refunded: { min: { value: '0', inclusive: false }, max: null } }],
    ['amount:120.50 Current:0..10', { amount: { min: { value: '120.50', inclusive: true }, max: { value: '120.50', inclusive: true } }, current: { min: { value: '0', inclusive: true }, max: { value: '10', inclusive: true } } }],
    ['status:refunded amount:>1 novak', { status: 'refunded', amount: { min: { value: '1', inclusive: false }, max: null }, text: ['novak'] }],
  ])('%j', (query, expected) => {
    expect(ok(query)).toEqual({ ...emptySearch(), ...expected });
  });
});

describe('what is refused, with a message that says how to write it', () => {
  test.each<[string, string]>([
    ['"jan', 'quote is not closed'],
    ['jan\u0000', 'control characters'],
    ['ext:a\u0007b', 'control characters'],
    ['email:', 'needs a value'],
    ['email:*', 'start of an e-mail'],
    ['status:paid', 'one of: new, data_completed'],
    ['amount:>', 'amount:>100'],
    ['amount:abc', 'amount:10..20'],
    ['amount:1.234', 'amount:10..20'],
    ['amount:123456789', 'amount:10..20'],
    ['amount:20..10', 'starts above where it ends'],
    ['amount:..', 'amount:10..20'],
    ['amount:>>5', 'amount:>100'],
    ['current:abc', 'current:10..20'],
    ['refunded:20..10', '"refunded:20..10": the range starts above'],
    ['refunded:1 refunded:2', 'given twice'],
    ['paid:12', 'current:, refunded:'],
    ['created:2026-02-30', 'YYYY-MM-DD'],
    ['created:20.11.2026', 'YYYY-MM-DD'],
    ['created:2026-11-25..2026-11-20', 'starts after it ends'],
    ['created:2026-11-20..2026-11-21..2026-11-22', 'YYYY-MM-DD'],
    ['env:Prod!', 'not an environment id'],
    ['status:new status:activated', 'given twice'],
    ['emial:jan@x.cz', '"emial:" is not a filter'],
    ['a b c d e f g h i', 'at most 8 words'],
    ['x'.repeat(MAX_QUERY_LENGTH + 1), `at most ${MAX_QUERY_LENGTH} characters`],
  ])('%j', (query, message) => {
    expect(error(query)).toContain(message);
  });
});

test('free text and e-mail look at personal data; ext, status, amount and dates do not', () => {
  expect(searchesCustomerFields(ok('jan'))).toBe(true);
  expect(searchesCustomerFields(ok('email:jan*'))).toBe(true);
  expect(searchesCustomerFields(ok('ext:A status:new amount:>1 created:2026-11-20 env:prod'))).toBe(false);
});
