import { describe, expect, it, test } from 'vitest';
import type { z } from 'zod';
import { isOrderStatus, ORDER_FIELDS, ORDER_STATUSES } from './order-shape.ts';
import { orderCreateRequestSchema, orderSchema, orderStatusSchema, refundRequestSchema } from './schemas.ts';
import { MISSING, errorsOf, validCreateBody, validOrder, validRefundBody, valueAt, withValue } from './test-support.ts';

// Every documented constraint of docs/interface.md (and docs/decisions.md D4/D5 where the document
// leaves a gap), checked at the path where a caller meets it, with the path and message of the error.

const create = { schema: orderCreateRequestSchema, base: validCreateBody() };
const refund = { schema: refundRequestSchema, base: validRefundBody() };
const order = { schema: orderSchema, base: validOrder() };

interface Location {
  label: string;
  schema: z.ZodType;
  base: unknown;
  path: string;
}
const at = (target: { schema: z.ZodType; base: unknown }, path: string, label = path): Location => ({ ...target, path, label });

const BLANK = /^This field may not be blank\.$/;
const TEXT = /^Must be text$/;
const REQUIRED = /is required$/;

function expectAccepted({ schema, base, path }: Location, value: unknown) {
  expect(errorsOf(schema, withValue(base, path, value))).toEqual([]);
}

function expectOnlyError({ schema, base, path }: Location, value: unknown, message: RegExp) {
  const errors = errorsOf(schema, withValue(base, path, value));
  expect(errors.map((e) => e.path)).toEqual([path]);
  expect(errors[0]?.message).toMatch(message);
}

describe('the valid fixtures', () => {
  it.each([
    ['create body', create],
    ['refund body', refund],
    ['order', order],
  ] as const)('%s parses unchanged', (_label, { schema, base }) => {
    expect(schema.parse(base)).toEqual(base);
  });
});

describe('decimal amounts: pattern ^-?\\d{0,8}(?:\\.\\d{0,2})?$ with at least one digit (D4)', () => {
  const AMOUNT_LIMIT = /up to 8 digits before the decimal point and 2 after/;
  const ok = ['0', '0.00', '1', '-1', '1.', '.5', '-.5', '0.01', '12345678', '12345678.99', '-12345678.99', '1.2'];
  const bad: Array<[unknown, RegExp]> = [
    ['', BLANK],
    ['   ', BLANK],
    ['\t', BLANK],
    ['123456789', AMOUNT_LIMIT],
    ['123456789.00', AMOUNT_LIMIT],
    ['-123456789', AMOUNT_LIMIT],
    ['1.234', AMOUNT_LIMIT],
    ['١٢٣', AMOUNT_LIMIT],
    ['１２', AMOUNT_LIMIT],
    ['1e3', AMOUNT_LIMIT],
    ['1E3', AMOUNT_LIMIT],
    ['+1', AMOUNT_LIMIT],
    ['--1', AMOUNT_LIMIT],
    ['-', AMOUNT_LIMIT],
    ['.', AMOUNT_LIMIT],
    ['-.', AMOUNT_LIMIT],
    ['1,50', AMOUNT_LIMIT],
    ['1 000', AMOUNT_LIMIT],
    ['1..5', AMOUNT_LIMIT],
    ['NaN', AMOUNT_LIMIT],
    ['Infinity', AMOUNT_LIMIT],
    [12.5, TEXT],
    [null, TEXT],
  ];
  const requests = [
    at(create, 'order_data.amount'),
    at(create, 'items.0.amount'),
    at(create, 'transaction_history.0.amount'),
    at(refund, 'amount', 'refund amount'),
  ];
  const answers = [
    at(order, 'initial_amount', 'order initial_amount'),
    at(order, 'current_amount', 'order current_amount'),
    at(order, 'refund_amount', 'order refund_amount'),
  ];
  describe.each([...requests, ...answers])('$label', (location) => {
    it.each(ok)('accepts %j', (value) => expectAccepted(location, value));
    it.each(bad)('rejects %j', (value, message) => expectOnlyError(location, value, message));
    it('is required', () => expectOnlyError(location, MISSING, REQUIRED));
  });
  // D11: a request's decimal input is stripped before it is validated, as DRF's DecimalField does.
  describe.each(requests)('$label (request, D11)', (location) => {
    it.each([
      [' 1', '1'],
      ['1 ', '1'],
      ['\t120.50\n', '120.50'],
      ['\u00a0-.5\u3000', '-.5'],
    ])('strips %j to %j before the pattern', (value, stripped) => {
      expect(valueAt(location.schema.parse(withValue(location.base, location.path, value)), location.path)).toBe(stripped);
    });
    it('does not strip what Python keeps (a byte order mark)', () => expectOnlyError(location, '\ufeff1', AMOUNT_LIMIT));
  });
  // An answer is read as sent: spaces around an amount are a difference from the document (D9).
  describe.each(answers)('$label (answer)', (location) => {
    it.each([' 1', '1 '])('rejects %j', (value) => expectOnlyError(location, value, AMOUNT_LIMIT));
  });
});

describe('items[].vat: its own pattern ^-?\\d{0,2}(?:\\.\\d{0,2})?$', () => {
  const VAT_LIMIT = /up to 2 digits before the decimal point and 2 after/;
  const location = at(create, 'items.0.vat');
  it.each(['0', '21', '21.5', '21.50', '99.99', '-99.99', '1.', '.5', '-.5'])('accepts %j', (value) =>
    expectAccepted(location, value),
  );
  it.each<[unknown, RegExp]>([
    ['', BLANK],
    ['  ', BLANK],
    ['100', VAT_LIMIT],
    ['-100', VAT_LIMIT],
    ['99.999', VAT_LIMIT],
    ['٢١', VAT_LIMIT],
    ['２１', VAT_LIMIT],
    ['2e1', VAT_LIMIT],
    ['2E1', VAT_LIMIT],
    ['+21', VAT_LIMIT],
    ['--1', VAT_LIMIT],
    ['-', VAT_LIMIT],
    ['.', VAT_LIMIT],
    ['-.', VAT_LIMIT],
    ['21,5', VAT_LIMIT],
    [21, TEXT],
  ])('rejects %j', (value, message) => expectOnlyError(location, value, message));
  it.each([
    [' 21', '21'],
    ['21.5 ', '21.5'],
  ])('strips %j to %j (D11)', (value, stripped) => {
    expect(valueAt(location.schema.parse(withValue(location.base, location.path, value)), location.path)).toBe(stripped);
  });
  it('is optional', () => expectAccepted(location, MISSING));
});

describe.each([
  { ...at(create, 'order_external_id'), max: 36, required: true },
  { ...at(create, 'order_data.eshop_external_id'), max: 36, required: true },
  { ...at(create, 'transaction_history.0.eshop_external_id'), max: 36, required: true },
  { ...at(create, 'payment_identifier', 'create payment_identifier'), max: 140, required: false },
  { ...at(create, 'items.0.name'), max: 255, required: true },
  { ...at(create, 'items.0.product_id'), max: 255, required: false },
  { ...at(refund, 'payment_identifier', 'refund payment_identifier'), max: 140, required: true },
  { ...at(refund, 'external_id', 'refund external_id'), max: 255, required: true },
  { ...at(refund, 'destination_account_number'), max: 34, required: true },
])('$label: at most $max characters, counted in code points', (location) => {
  const { max } = location;
  const tooLong = new RegExp(`\\b${max}\\b`);
  it.each([
    ['ASCII', 'a'],
    ['astral emoji (two UTF-16 units each)', '😀'],
    ['CJK', '中'],
  ])('%s: the limit is accepted, one more is rejected naming the limit', (_label, char) => {
    expectAccepted(location, char.repeat(max));
    expectOnlyError(location, char.repeat(max + 1), tooLong);
  });
  it('strips outer whitespace first, so it does not count toward the limit (D11); inner spaces do', () => {
    expectAccepted(location, ` \t${'a'.repeat(max)}\u00a0 `);
    expect(valueAt(location.schema.parse(withValue(location.base, location.path, `  ${'a'.repeat(max)} `)), location.path)).toBe('a'.repeat(max));
    expectAccepted(location, `a${' '.repeat(max - 2)}a`);
    expectOnlyError(location, `a${' '.repeat(max - 1)}a`, tooLong);
  });
  it.each(['', ' ', '\t\n'])('%j is blank', (value) => expectOnlyError(location, value, BLANK));
  it.each([[7], [null], [true], [['a']]])('%j is not text', (value) => expectOnlyError(location, value, TEXT));
  it(location.required ? 'is required' : 'may be left out', () => {
    if (location.required) expectOnlyError(location, MISSING, REQUIRED);
    else expectAccepted(location, MISSING);
  });
});

describe('Order.external_id (response): at most 255 code points', () => {
  const location = at(order, 'external_id');
  it('takes 255 emoji and refuses 256', () => {
    expectAccepted(location, '😀'.repeat(255));
    expectOnlyError(location, '😀'.repeat(256), /\b255\b/);
  });
});

describe.each([
  { ...at(create, 'service'), values: ['provider-pay', 'pay-in-three'], wrong: ['Provider-Pay', 'PAY-IN-THREE', 'provider_pay'] },
  { ...at(order, 'service', 'order service'), values: ['provider-pay', 'pay-in-three'], wrong: ['Provider-pay'] },
  {
    ...at(create, 'items.0.type'),
    values: ['goods', 'shipment', 'payment', 'discount', 'round'],
    wrong: ['Goods', 'GOODS', 'gadget', ' goods'],
  },
  {
    ...at(create, 'transaction_history.0.payment_type'),
    values: ['wire_transfer', 'card', 'cod', 'other'],
    wrong: ['Card', 'wire-transfer', 'cash'],
  },
  {
    ...at(order, 'status'),
    values: ['new', 'data_completed', 'checking', 'rejected', 'accepted', 'canceled', 'activated', 'refunded', 'error'],
    wrong: ['NEW', 'Activated', 'cancelled', 'active'],
  },
])('$label: one of the documented values', (location) => {
  it.each(location.values)('accepts %j', (value) => expectAccepted(location, value));
  it.each([...location.wrong, '', 5, null])('rejects %j and lists the choices', (value) =>
    expectOnlyError(location, value, new RegExp(`is not a valid choice \\(one of: ${location.values.join(', ')}\\)`)),
  );
});

describe('whole numbers: quantity >= 1, mcc', () => {
  const quantity = at(create, 'items.0.quantity');
  it.each([1, 2, 1000, Number.MAX_SAFE_INTEGER])('quantity accepts %j', (value) => expectAccepted(quantity, value));
  it.each<[unknown, RegExp]>([
    [0, /^At least 1$/],
    [-1, /^At least 1$/],
    [1.5, /whole number/],
    ['1', /whole number/],
    [null, /whole number/],
    [true, /whole number/],
    [2 ** 53, /whole number/],
    [MISSING, REQUIRED],
  ])('quantity rejects %j', (value, message) => expectOnlyError(quantity, value, message));

  const mcc = at(create, 'transaction_history.0.mcc');
  it.each([0, 5411, 9999])('mcc accepts %j', (value) => expectAccepted(mcc, value));
  it('mcc may be left out', () => expectAccepted(mcc, MISSING));
  it.each([1.5, '5411', null])('mcc rejects %j', (value) => expectOnlyError(mcc, value, /whole number/));
});

describe('transaction_history[].is_canceled: a JSON boolean', () => {
  const location = at(create, 'transaction_history.0.is_canceled');
  it.each([true, false])('accepts %j', (value) => expectAccepted(location, value));
  it.each(['true', 'false', 1, 0, null])('rejects %j', (value) => expectOnlyError(location, value, /true or false/));
  it('is required', () => expectOnlyError(location, MISSING, REQUIRED));
});

describe('transaction_history[].date: a real calendar date YYYY-MM-DD (D5)', () => {
  const location = at(create, 'transaction_history.0.date');
  it.each(['2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01', '0001-01-01'])('accepts %j', (value) =>
    expectAccepted(location, value),
  );
  it.each(['2023-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01'])(
    'rejects %j as not a real date',
    (value) => expectOnlyError(location, value, /^Not a real calendar date$/),
  );
  it.each(['2026-1-1', '2026-02-28T00:00', '2026/01/01', ' 2026-01-01', '٢٠٢٦-٠١-٠١', '', '20260101'])(
    'rejects %j as the wrong format',
    (value) => expectOnlyError(location, value, /YYYY-MM-DD/),
  );
  it('rejects a number', () => expectOnlyError(location, 20260101, TEXT));
});

describe('return_url: an absolute http or https URL (D5)', () => {
  const location = at(create, 'return_url');
  it.each(['http://shop.example/return', 'https://shop.example/r?a=1#x', 'http://127.0.0.1:5173/', 'HTTPS://SHOP.EXAMPLE'])(
    'accepts %j',
    (value) => expectAccepted(location, value),
  );
  it.each(['javascript:alert(1)', 'ftp://x', '//x.com', '/relative', 'http:foo', 'https://', 'http//x.com', 'shop.example'])(
    'rejects %j',
    (value) => expectOnlyError(location, value, /absolute URL starting with http:\/\/ or https:\/\//),
  );
  it.each(['', ' '])('%j is blank', (value) => expectOnlyError(location, value, BLANK));
  it('is required', () => expectOnlyError(location, MISSING, REQUIRED));
  it('is at most 2048 characters', () => {
    const url = (length: number) => `https://shop.example/r?${'a'.repeat(length - 'https://shop.example/r?'.length)}`;
    expectAccepted(location, url(2048));
    expectOnlyError(location, url(2049), /At most 2048 characters/);
    expectOnlyError(location, url(1024 * 1024), /At most 2048 characters/);
  });
});

describe('Order response: id is a UUID, date_settled an ISO 8601 date-time with offset', () => {
  const id = at(order, 'id');
  it.each(['6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e', '6F1C1C8E-8A7C-4A54-9F7E-0B6C1F9A2D3E'])('id accepts %j', (value) =>
    expectAccepted(id, value),
  );
  it.each(['6f1c1c8e8a7c4a549f7e0b6c1f9a2d3e', 'not-a-uuid', '', '6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3', 42])(
    'id rejects %j',
    (value) => expectOnlyError(id, value, /UUID/),
  );
  const settled = at(order, 'date_settled');
  it.each(['2026-01-15T10:20:30Z', '2026-01-15T10:20:30.123456Z', '2026-01-15T10:20:30+01:00'])('date_settled accepts %j', (value) =>
    expectAccepted(settled, value),
  );
  it.each(['2026-01-15T10:20:30', '2026-01-15', '2026-02-30T10:20:30Z', '2026-01-15 10:20:30Z', ''])(
    'date_settled rejects %j',
    (value) => expectOnlyError(settled, value, /ISO 8601/),
  );
});

describe('required and optional fields (D5)', () => {
  it.each([
    at(create, 'order_external_id'),
    at(create, 'return_url'),
    at(create, 'order_data'),
    at(create, 'customer_data'),
    at(create, 'order_data.eshop_external_id'),
    at(create, 'transaction_history.0.date'),
    at(create, 'transaction_history.0.transaction_id'),
    at(create, 'transaction_history.0.payment_type'),
    at(create, 'items.0.name'),
    at(create, 'items.0.type'),
  ])('$label missing says it is required, on that path', (location) => expectOnlyError(location, MISSING, /required/));
  it.each(Object.keys(validOrder()).map((f) => at(order, f, `order ${f}`)))(
    '$label missing from a response is an error on that path',
    (location) => expectOnlyError(location, MISSING, /./),
  );
  it.each([
    at(create, 'service'),
    at(create, 'payment_identifier'),
    at(create, 'transaction_history'),
    at(create, 'items'),
    at(create, 'items.0.product_id'),
    at(create, 'items.0.vat'),
    at(create, 'transaction_history.0.mcc'),
    ...Object.keys(validCreateBody().customer_data).map((f) => at(create, `customer_data.${f}`)),
  ])('$label may be left out', (location) => expectAccepted(location, MISSING));
  it.each([at(create, 'items'), at(create, 'transaction_history')])('$label may be empty', (location) =>
    expectAccepted(location, []),
  );
  it('customer_data may be an empty object', () => expectAccepted(at(create, 'customer_data'), {}));
  it.each([
    at(create, 'payment_identifier'),
    at(create, 'items.0.product_id'),
    at(create, 'items.0.vat'),
    ...Object.keys(validCreateBody().customer_data).map((f) => at(create, `customer_data.${f}`)),
  ])('$label sent as "" is blank, not absent', (location) => expectOnlyError(location, '', BLANK));
});

describe('types are strict, never coerced (D5)', () => {
  it.each<Location & { value: unknown; message: RegExp }>([
    { ...at(create, 'order_external_id'), value: 123, message: TEXT },
    { ...at(create, 'order_data.amount'), value: 120.5, message: TEXT },
    { ...at(create, 'customer_data.zipcode'), value: 11000, message: TEXT },
    { ...at(refund, 'destination_account_number'), value: 1234, message: TEXT },
    { ...at(create, 'items.0.quantity'), value: '2', message: /whole number/ },
    { ...at(create, 'transaction_history.0.mcc'), value: '5411', message: /whole number/ },
    { ...at(create, 'transaction_history.0.is_canceled'), value: 'false', message: /true or false/ },
    { ...at(create, 'order_data'), value: 'x', message: /object/ },
    { ...at(create, 'customer_data'), value: [], message: /object/ },
    { ...at(create, 'items'), value: 'x', message: /list/ },
    { ...at(create, 'items'), value: { 0: validCreateBody().items?.[0] }, message: /list/ },
    { ...at(create, 'transaction_history'), value: {}, message: /list/ },
  ])('$label: $value is an error', (location) => expectOnlyError(location, location.value, location.message));
});

describe('unknown fields are stripped', () => {
  it.each<[{ schema: z.ZodType; base: unknown }, string]>([
    [create, 'extra'],
    [create, 'order_data.extra'],
    [create, 'customer_data.extra'],
    [create, 'items.0.extra'],
    [create, 'transaction_history.0.extra'],
    [refund, 'extra'],
    [order, 'extra'],
  ])('%#: %s', (target, path) => {
    expect(target.schema.parse(withValue(target.base, path, 'surplus'))).toEqual(target.base);
  });
});

test('the Order schema has exactly the fields order-shape.ts lists, which the list shows without zod', () => {
  expect(orderSchema.keyof().options).toEqual([...ORDER_FIELDS]);
  expect(orderStatusSchema.options).toEqual([...ORDER_STATUSES]);
  expect(ORDER_STATUSES.every((status) => isOrderStatus(status))).toBe(true);
  expect(isOrderStatus('settled')).toBe(false);
  expect(isOrderStatus('toString')).toBe(false);
});
