import { describe, expect, test } from 'vitest';
import { orderCreateRequestSchema } from '../../../contract/schemas.ts';
import { validCreateBody } from '../../../contract/test-support.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { emptyFormValues, emptyItem, emptyTransaction, formFieldGuard, parseFormValues, toRequestBody } from './form-values.ts';
import { importRequestBody } from './import-body.ts';
import { lineTotal, summariseItems } from './item-totals.ts';
import { sampleFormValues } from './sample-data.ts';

function filled(): CreateOrderFormValues {
  return {
    service: 'pay-in-three',
    order_external_id: 'ORD-1',
    payment_identifier: '',
    return_url: 'https://shop.example.com/return',
    order_data: { eshop_external_id: 'E-1', amount: '10.00' },
    customer_data: { ...emptyFormValues().customer_data, email: 'a@example.com', city: '  ' },
    items: [{ name: 'Mug', product_id: '', quantity: '2', amount: '5.00', vat: '', type: 'goods' }],
    transaction_history: [{ date: '2026-01-15', transaction_id: 'T-1', eshop_external_id: 'E-1', amount: '3.50', mcc: '', is_canceled: true, payment_type: 'card' }],
  };
}

describe('toRequestBody', () => {
  test('leaves empty optional fields out instead of sending ""', () => {
    const body = toRequestBody(filled());
    expect(body).toEqual({
      service: 'pay-in-three',
      order_external_id: 'ORD-1',
      return_url: 'https://shop.example.com/return',
      order_data: { eshop_external_id: 'E-1', amount: '10.00' },
      transaction_history: [{ date: '2026-01-15', transaction_id: 'T-1', eshop_external_id: 'E-1', amount: '3.50', is_canceled: true, payment_type: 'card' }],
      customer_data: { email: 'a@example.com' },
      items: [{ name: 'Mug', quantity: 2, amount: '5.00', type: 'goods' }],
    });
    expect(JSON.stringify(body)).not.toContain('""');
  });

  test('an empty service is left out, so the service applies its default', () => {
    expect(toRequestBody({ ...filled(), service: '' })).not.toHaveProperty('service');
  });

  test('empty item and transaction lists are left out', () => {
    const body = toRequestBody({ ...filled(), items: [], transaction_history: [] });
    expect(body).not.toHaveProperty('items');
    expect(body).not.toHaveProperty('transaction_history');
    expect(orderCreateRequestSchema.safeParse(body).success).toBe(true);
  });

  test('keys follow the order of the interface document', () => {
    expect(Object.keys(toRequestBody({ ...filled(), payment_identifier: 'P-1' }))).toEqual([
      'service',
      'order_external_id',
      'payment_identifier',
      'return_url',
      'order_data',
      'transaction_history',
      'customer_data',
      'items',
    ]);
  });

  test.each([
    ['3', 3],
    [' 12 ', 12],
    ['0', 0],
    ['-1', -1],
    ['1.5', '1.5'],
    ['2e3', '2e3'],
    ['two', 'two'],
  ])('quantity %j is sent as %j', (text, sent) => {
    const body = toRequestBody({ ...filled(), items: [{ ...emptyItem(), name: 'x', amount: '1', quantity: text }] });
    expect(body.items?.[0]?.quantity).toEqual(sent);
  });

  test('mcc becomes a number when whole, and is left out when empty', () => {
    const row = { ...emptyTransaction(), mcc: '5411' };
    expect(toRequestBody({ ...filled(), transaction_history: [row] }).transaction_history?.[0]?.mcc).toBe(5411);
    expect(toRequestBody({ ...filled(), transaction_history: [{ ...row, mcc: '' }] }).transaction_history?.[0]).not.toHaveProperty('mcc');
  });

  test('required text is kept even when empty, so the service rule "may not be blank" applies', () => {
    const body = toRequestBody(emptyFormValues());
    expect(body).toEqual({ order_external_id: '', return_url: '', order_data: { eshop_external_id: '', amount: '' }, customer_data: {} });
  });

  test('an unchosen type, payment type or date is left out (reads "required")', () => {
    const body = toRequestBody({ ...filled(), items: [{ ...emptyItem(), type: '' }], transaction_history: [emptyTransaction()] });
    expect(body.items?.[0]).not.toHaveProperty('type');
    expect(body.transaction_history?.[0]).not.toHaveProperty('date');
    expect(body.transaction_history?.[0]).not.toHaveProperty('payment_type');
  });

  test('does not change the values it is given', () => {
    const values = filled();
    const copy = structuredClone(values);
    toRequestBody(values);
    expect(values).toEqual(copy);
  });
});

describe('sample data', () => {
  test('is a body the contract accepts, with items that add up to the order amount', () => {
    const values = sampleFormValues();
    const result = orderCreateRequestSchema.safeParse(toRequestBody(values));
    expect(result.success).toBe(true);
    expect(values.items.length).toBeGreaterThanOrEqual(2);
    expect(values.items.length).toBeLessThanOrEqual(3);
    expect(values.transaction_history).toHaveLength(1);
    expect(values.return_url).toBe(`${window.location.origin}/sandbox/return`);
    expect(summariseItems(values.items, values.order_data.amount).mismatchWith).toBeNull();
  });

  test('gets a new external id every time, within the 36-character limit', () => {
    const ids = new Set(Array.from({ length: 50 }, () => sampleFormValues().order_external_id));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^ORD-[0-9]{8}-[A-Z0-9]{6}$/);
  });
});

describe('summariseItems', () => {
  const item = (quantity: string, amount: string) => ({ quantity, amount });

  test('sums quantity x price exactly', () => {
    const summary = summariseItems([item('3', '0.10'), item('1', '0.20')], '0.50');
    expect(summary).toEqual({ total: '0.50', uncounted: 0, rows: 2, mismatchWith: null });
  });

  test('reports a difference from the order amount', () => {
    expect(summariseItems([item('2', '12.90'), item('1', '-1.00')], '25.00').mismatchWith).toBe('25.00');
    expect(summariseItems([item('2', '12.90'), item('1', '-1.00')], '24.8').mismatchWith).toBeNull();
  });

  test('reads amounts as they will be sent: a decimal comma is a dot, outer spaces do not count (D11)', () => {
    expect(summariseItems([item('2', '1,25'), item('1', ' 0.50 ')], '3,00')).toEqual({ total: '3.00', uncounted: 0, rows: 2, mismatchWith: null });
    expect(summariseItems([item('2', '1,25')], '2,4').mismatchWith).toBe('2.40');
  });

  test('does not warn while a line or the order amount is incomplete', () => {
    expect(summariseItems([item('1.5', '10.00')], '99.00')).toMatchObject({ uncounted: 1, mismatchWith: null });
    expect(summariseItems([item('1', '10.00')], '')).toMatchObject({ total: '10.00', mismatchWith: null });
    expect(summariseItems([], '10.00').mismatchWith).toBeNull();
  });

  test('lines remembered from earlier calls give the same sums as lines computed afresh', () => {
    // The same (quantity, amount) texts again and again, as while typing in a 200-row form, and
    // beyond the cache's size, compared with the products worked out here.
    const texts = ['1', '2', '10', '', '1.5', 'x', ' 3', '007'];
    const amounts = ['10.00', '0.10', '-1.00', '', '1.234', '99999999.99', '.5', '1.'];
    for (let round = 0; round < 40; round++) {
      const items = Array.from({ length: 200 }, (_, i) => item(texts[(i + round) % texts.length]!, amounts[(i * 3 + round) % amounts.length]! + (round > 30 ? String(i % 7) : '')));
      let cents = 0n;
      let uncounted = 0;
      for (const { quantity, amount } of items) {
        const line = lineTotal(quantity, amount);
        if (line === null) uncounted += 1;
        else cents += BigInt(line.times('100').toFixed(0));
      }
      const sign = cents < 0n ? '-' : '';
      const abs = cents < 0n ? -cents : cents;
      const total = `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
      expect(summariseItems(items, '')).toEqual({ total, uncounted, rows: 200, mismatchWith: null });
    }
  });
});

describe('formFieldGuard', () => {
  const isField = formFieldGuard(() => ({ items: 2, transaction_history: 1 }));

  test.each([
    ['order_external_id', true],
    ['order_data.amount', true],
    ['customer_data.city', true],
    ['items.1.name', true],
    ['transaction_history.0.is_canceled', true],
    ['items.2.name', false],
    ['transaction_history.1.date', false],
    ['items.0.colour', false],
    ['customer_data.nickname', false],
    ['items', false],
    ['non_field_errors', false],
  ])('%s -> %s', (path, expected) => {
    expect(isField(path)).toBe(expected);
  });
});

describe('parseFormValues (drafts)', () => {
  test('round-trips form values', () => {
    const values = sampleFormValues();
    expect(parseFormValues(JSON.parse(JSON.stringify(values)))).toEqual(values);
  });

  test('repairs what it can and rejects what is not a draft', () => {
    expect(parseFormValues({ order_external_id: 7, items: 'x' })).toEqual({ ...emptyFormValues() });
    expect(parseFormValues('nope')).toBeNull();
  });
});

describe('importRequestBody', () => {
  test('a valid body comes back as the same request', () => {
    const body = validCreateBody();
    const result = importRequestBody(JSON.stringify(body));
    if (!result.ok) throw new Error(result.message);
    expect(result.notes).toEqual([]);
    expect(toRequestBody(result.values)).toEqual(body);
    expect(result.values.items[0]?.quantity).toBe('2');
    expect(result.values.transaction_history[0]?.mcc).toBe('5411');
  });

  test('lists unknown fields and converted values', () => {
    const result = importRequestBody(
      JSON.stringify({ order_external_id: 'X', colour: 'red', order_data: { amount: 12.5 }, items: [{ name: 'A', extra: 1 }, 'oops'], transaction_history: [{}] }),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.values.order_data.amount).toBe('12.5');
    expect(result.values.items).toHaveLength(2);
    expect(result.notes).toEqual([
      'colour: not a field of the request, ignored',
      'items.0.extra: not a field of the request, ignored',
      'items.1: not an object, imported as an empty row',
      'order_data.amount: was number 12.5, imported as text',
      'transaction_history.0.is_canceled: missing, left unticked',
    ]);
  });

  test.each([
    ['{"order_external_id": ', /not valid JSON/],
    ['[1, 2]', /Expected a JSON object/],
    ['"text"', /Expected a JSON object/],
  ])('%j is refused with a message', (text, message) => {
    const result = importRequestBody(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
