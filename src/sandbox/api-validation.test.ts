import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flattenDrfErrors } from '../contract/drf-errors.ts';
import { orderServicePaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { createApp } from './app.ts';
import { ownerKey } from './auth.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';
import type { CallResult } from './testing/http.ts';
import { call, createOrder, moveOrder, orderBody, refundBody, uniqueExternalId } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// Validation (D3-D6) over HTTP, in both of DRF's array error shapes: two apps over one store.

const TOKEN = 'validation-token';
let store: Store;
let listServer: RunningServer;
let indexServer: RunningServer;

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  listServer = await serveApp(createApp({ store, tokens: [TOKEN], log: () => undefined }));
  indexServer = await serveApp(createApp({ store, tokens: [TOKEN], arrayErrors: 'index', log: () => undefined }));
}, 60_000);

afterAll(async () => {
  await listServer.close();
  await indexServer.close();
  await store.close();
});

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../contract/fixtures/${name}`, import.meta.url), 'utf8'));

/** The body's structure with every message list replaced by one marker: what must match DRF. */
function skeleton(value: unknown): unknown {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return 'messages';
  if (Array.isArray(value)) return value.map(skeleton);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, skeleton(v)]));
  return value;
}

/** Field path -> messages, read back the way the console reads them. */
function fieldErrors(result: CallResult): Record<string, string[]> {
  expect(result.status).toBe(400);
  const flat = flattenDrfErrors(result.json);
  if (flat === null) throw new Error(`not a DRF validation body: ${result.text}`);
  return Object.fromEntries(flat.fields.map((f) => [f.path, f.messages]));
}

const create = (server: RunningServer, body: unknown) => call(server.url, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, json: body });

const everyKindOfError = () =>
  orderBody({
    order_external_id: 'x'.repeat(37),
    return_url: 'not a url',
    order_data: { eshop_external_id: 'eshop-1', amount: '123456789.00' },
    transaction_history: [
      { date: '2026-02-30', transaction_id: 't1', eshop_external_id: 'e1', amount: '10.00', is_canceled: 'maybe', payment_type: 'cash' },
    ],
    customer_data: { email: 'e'.repeat(256) },
    items: [
      { name: 'Book', quantity: 1, amount: '10.00', type: 'goods' },
      { name: '', quantity: 0, amount: 'abc', type: 'gadget' },
    ],
  });

describe('DRF error shapes (compare with the captured examples)', () => {
  test('list shape: errors at every depth, {} for a valid row, like drf-3.14-create-400.json', async () => {
    const result = await create(listServer, everyKindOfError());
    expect(result.status).toBe(400);
    expect(skeleton(result.json)).toEqual(skeleton(fixture('drf-3.14-create-400.json')));
  });

  test('index shape: rows keyed by index, like drf-3.18-create-400-index-shape.json', async () => {
    const result = await create(indexServer, everyKindOfError());
    expect(result.status).toBe(400);
    expect(skeleton(result.json)).toEqual(skeleton(fixture('drf-3.18-create-400-index-shape.json')));
  });

  test.each([
    ['list', () => listServer],
    ['index', () => indexServer],
  ])('%s shape: an error about the array as a whole, like drf-3.14-items-not-a-list-400.json', async (_shape, server) => {
    const result = await create(server(), orderBody({ items: 'not a list' }));
    expect(result.status).toBe(400);
    expect(skeleton(result.json)).toEqual(skeleton(fixture('drf-3.14-items-not-a-list-400.json')));
  });

  test.each([
    ['list', () => listServer, { items: [{}, {}, { quantity: ['At least 1'] }] }],
    ['index', () => indexServer, { items: { '2': { quantity: ['At least 1'] } } }],
  ])('%s shape for a third row', async (_shape, server, expected) => {
    const row = { name: 'Pen', quantity: 1, amount: '1.00', type: 'goods' };
    const result = await create(server(), orderBody({ items: [row, row, { ...row, quantity: 0 }] }));
    expect(result.json).toEqual(expected);
  });

  test.each([
    ['list', () => listServer],
    ['index', () => indexServer],
  ])('%s shape: more than 10000 rows is one error about the list, answered without validating rows', async (_s, server) => {
    const result = await create(server(), orderBody({ items: Array.from({ length: 10_001 }, () => ({})) }));
    expect(result.json).toEqual({ items: { non_field_errors: ['At most 10000 rows'] } });
  });
});

const SERVER_RULES = [
  ['order amount 0', { order_data: { eshop_external_id: 'e', amount: '0' } }, 'order_data.amount', 'Must be greater than 0'],
  ['order amount 0.00', { order_data: { eshop_external_id: 'e', amount: '0.00' } }, 'order_data.amount', 'Must be greater than 0'],
  ['negative order amount', { order_data: { eshop_external_id: 'e', amount: '-5' } }, 'order_data.amount', 'Must be greater than 0'],
  ['a customer member over 255 characters', { customer_data: { city: 'c'.repeat(256) } }, 'customer_data.city', 'At most 255 characters'],
  ['255 emoji are 255 characters, not 510', { customer_data: { last_name: '😀'.repeat(256) } }, 'customer_data.last_name', 'At most 255 characters'],
] as const;

const CONTRACT_RULES: [string, Record<string, unknown>, string][] = [
  ['missing order_external_id', { order_external_id: undefined }, 'order_external_id'],
  ['order_external_id over 36', { order_external_id: 'x'.repeat(37) }, 'order_external_id'],
  ['order_external_id a number', { order_external_id: 123 }, 'order_external_id'],
  ['order_external_id blank', { order_external_id: '   ' }, 'order_external_id'],
  ['return_url not http(s)', { return_url: 'javascript:alert(1)' }, 'return_url'],
  ['return_url relative', { return_url: '/back' }, 'return_url'],
  ['missing return_url', { return_url: undefined }, 'return_url'],
  ['unknown service', { service: 'bitcoin' }, 'service'],
  ['payment_identifier over 140', { payment_identifier: 'p'.repeat(141) }, 'payment_identifier'],
  ['payment_identifier sent as ""', { payment_identifier: '' }, 'payment_identifier'],
  ['missing order_data', { order_data: undefined }, 'order_data'],
  ['order_data not an object', { order_data: 'x' }, 'order_data'],
  ['amount ""', { order_data: { eshop_external_id: 'e', amount: '' } }, 'order_data.amount'],
  ['amount "-"', { order_data: { eshop_external_id: 'e', amount: '-' } }, 'order_data.amount'],
  ['amount "."', { order_data: { eshop_external_id: 'e', amount: '.' } }, 'order_data.amount'],
  ['amount with 3 decimals', { order_data: { eshop_external_id: 'e', amount: '1.234' } }, 'order_data.amount'],
  ['amount with 9 digits', { order_data: { eshop_external_id: 'e', amount: '123456789' } }, 'order_data.amount'],
  ['amount as a number', { order_data: { eshop_external_id: 'e', amount: 12 } }, 'order_data.amount'],
  ['eshop_external_id over 36', { order_data: { eshop_external_id: 'e'.repeat(37), amount: '1' } }, 'order_data.eshop_external_id'],
  ['missing customer_data', { customer_data: undefined }, 'customer_data'],
  ['customer_data a list', { customer_data: [] }, 'customer_data'],
  ['customer member a number', { customer_data: { phone_number: 420123 } }, 'customer_data.phone_number'],
  ['item quantity 0', { items: [{ name: 'a', quantity: 0, amount: '1', type: 'goods' }] }, 'items.0.quantity'],
  ['item quantity 1.5', { items: [{ name: 'a', quantity: 1.5, amount: '1', type: 'goods' }] }, 'items.0.quantity'],
  ['item quantity "1"', { items: [{ name: 'a', quantity: '1', amount: '1', type: 'goods' }] }, 'items.0.quantity'],
  ['item without a name', { items: [{ quantity: 1, amount: '1', type: 'goods' }] }, 'items.0.name'],
  ['item name over 255', { items: [{ name: 'n'.repeat(256), quantity: 1, amount: '1', type: 'goods' }] }, 'items.0.name'],
  ['item vat 123', { items: [{ name: 'a', quantity: 1, amount: '1', vat: '123', type: 'goods' }] }, 'items.0.vat'],
  ['item type unknown', { items: [{ name: 'a', quantity: 1, amount: '1', type: 'gadget' }] }, 'items.0.type'],
  ['history date 2026-02-30', { transaction_history: [historyRow({ date: '2026-02-30' })] }, 'transaction_history.0.date'],
  ['history mcc 1.5', { transaction_history: [historyRow({ mcc: 1.5 })] }, 'transaction_history.0.mcc'],
  ['history is_canceled "true"', { transaction_history: [historyRow({ is_canceled: 'true' })] }, 'transaction_history.0.is_canceled'],
  ['history payment_type cash', { transaction_history: [historyRow({ payment_type: 'cash' })] }, 'transaction_history.0.payment_type'],
];

function historyRow(overrides: Record<string, unknown>) {
  return { date: '2026-01-15', transaction_id: 't', eshop_external_id: 'e', amount: '5.00', is_canceled: false, payment_type: 'card', ...overrides };
}

describe.each([
  ['list', () => listServer],
  ['index', () => indexServer],
])('order creation field errors (%s shape)', (_shape, server) => {
  test.each(SERVER_RULES)('%s: the sandbox rule', async (_name, overrides, path, message) => {
    expect(fieldErrors(await create(server(), orderBody(overrides)))).toEqual({ [path]: [message] });
  });

  test.each(CONTRACT_RULES)('%s: a contract rule, on its field only', async (_name, overrides, path) => {
    const errors = fieldErrors(await create(server(), orderBody(overrides)));
    expect(Object.keys(errors)).toEqual([path]);
    expect(errors[path]?.[0]).toMatch(/\S/);
  });
});

describe('what passes', () => {
  test.each([
    ['unknown fields', { color: 'red', order_data: { eshop_external_id: 'e', amount: '1', extra: true } }],
    ['customer members of exactly 255 characters', { customer_data: { city: 'c'.repeat(255), last_name: '😀'.repeat(255) } }],
    ['a negative item amount (discount)', { items: [{ name: 'Coupon', quantity: 1, amount: '-5.00', type: 'discount' }] }],
    ['empty lists', { items: [], transaction_history: [] }],
    ['36 emoji as order_external_id', { order_external_id: '🙂'.repeat(36) }],
    ['the largest amount', { order_data: { eshop_external_id: 'e', amount: '99999999.99' } }],
  ])('%s', async (_name, overrides) => {
    const result = await create(listServer, orderBody(overrides));
    expect(result.status).toBe(201);
  });
});

describe('creation semantics (D6)', () => {
  test('201 with the documented order record', async () => {
    const before = Date.now();
    const body = orderBody({ order_data: { eshop_external_id: 'e', amount: '1.5' } });
    const result = await create(listServer, body);
    expect(result.status).toBe(201);
    const order = orderSchema.parse(result.json);
    expect(order.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(order).toMatchObject({
      external_id: body['order_external_id'],
      status: 'new',
      service: 'provider-pay',
      initial_amount: '1.50',
      current_amount: '1.50',
      refund_amount: '0.00',
      redirect_url: `${listServer.url}/sandbox/checkout/${order.id}`,
    });
    expect(order.date_settled).toMatch(/Z$/);
    expect(Date.parse(order.date_settled)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(order.date_settled)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test.each([
    ['1.', '1.00'],
    ['.5', '0.50'],
    ['0012.3', '12.30'],
  ])('amount %s is answered as %s', async (amount, expected) => {
    const result = await create(listServer, orderBody({ order_data: { eshop_external_id: 'e', amount } }));
    expect(result.json).toMatchObject({ initial_amount: expected, current_amount: expected });
  });

  test('service and payment_identifier are kept when sent, generated when not', async () => {
    const given = orderSchema.parse((await create(listServer, orderBody({ service: 'pay-in-three', payment_identifier: 'PAY-1' }))).json);
    expect(given.service).toBe('pay-in-three');
    expect((await store.getOrder(ownerKey(TOKEN), given.id))?.payment_identifier).toBe('PAY-1');
    const generated = orderSchema.parse((await create(listServer, orderBody())).json);
    const stored = (await store.getOrder(ownerKey(TOKEN), generated.id))?.payment_identifier ?? '';
    expect(stored).toMatch(/^PI-[0-9A-F]{24}$/);
    const another = orderSchema.parse((await create(listServer, orderBody())).json);
    expect((await store.getOrder(ownerKey(TOKEN), another.id))?.payment_identifier).not.toBe(stored);
  });

  test('a second order with the same order_external_id is a 400 on that field', async () => {
    const body = orderBody({ order_external_id: uniqueExternalId('dup') });
    expect((await create(listServer, body)).status).toBe(201);
    const again = await create(indexServer, { ...body, order_data: { eshop_external_id: 'other', amount: '5' } });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ order_external_id: ['An order with this external ID already exists.'] });
  });
});

describe('refund field errors', () => {
  test.each([
    ['nothing sent', {}, ['amount', 'destination_account_number', 'payment_identifier', 'external_id']],
    ['amount not an amount', { amount: 'abc' }, ['amount']],
    ['amount as a number', { amount: 10 }, ['amount']],
    ['destination over 34', { destination_account_number: 'D'.repeat(35) }, ['destination_account_number']],
    ['payment_identifier over 140', { payment_identifier: 'P'.repeat(141) }, ['payment_identifier']],
    ['external_id over 255', { external_id: 'E'.repeat(256) }, ['external_id']],
    ['blank external_id', { external_id: ' ' }, ['external_id']],
  ])('%s', async (name, overrides, paths) => {
    const order = await createOrder(listServer.url, TOKEN);
    await moveOrder(listServer.url, TOKEN, order.id, 'activated');
    const body = name === 'nothing sent' ? {} : refundBody(overrides);
    for (const server of [listServer, indexServer]) {
      const result = await call(server.url, 'POST', orderServicePaths.orderRefund(order.id), { token: TOKEN, json: body });
      expect(Object.keys(fieldErrors(result)).sort()).toEqual([...paths].sort());
    }
  });
});
