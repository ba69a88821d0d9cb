import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { OrderEvent } from '../contract/history.ts';
import { orderEventsResponseSchema } from '../contract/history.ts';
import { compareMoney, formatMoney, sumMoney } from '../contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, createOrder, moveOrder, orderBody, parseOrder, readOrder, refundBody } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// docs/decisions.md D12 over HTTP: every event type, in order, written with its change; the create
// request as received; owner only.

const TOKEN = 'history-token';
const OTHER = 'history-other-token';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: await testStoreLocation(), tokens: [TOKEN, OTHER], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

async function events(id: string, token = TOKEN): Promise<OrderEvent[]> {
  const result = await call(base, 'GET', sandboxPaths.orderEvents(id), { token });
  expect(result.status).toBe(200);
  return orderEventsResponseSchema.parse(result.json).results;
}

/** The events without their id and time, which the tests cannot know. */
const shapes = (list: OrderEvent[]) => list.map(({ id: _id, at: _at, ...rest }) => rest);

const refund = (id: string, overrides: Record<string, unknown> = {}) =>
  call(base, 'POST', orderServicePaths.orderRefund(id), { token: TOKEN, json: refundBody(overrides) });

describe('created and the request as received', () => {
  test('a new order has one created event at its date_settled, and its request is the exact text sent', async () => {
    const body = orderBody({ order_data: { amount: '120.5', eshop_external_id: 'e-1' } });
    // Odd spacing, key order and an escape: only the raw text keeps them.
    const text = `{ "order_data": {"amount":"120.5","eshop_external_id":"e-1"},\n  "order_external_id" : ${JSON.stringify(body['order_external_id'])},` +
      `"return_url":"https://shop.example/return","customer_data":{"first_name":"J\\u00e1na"}}`;
    const created = await call(base, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, body: text, headers: { 'Content-Type': 'application/json' } });
    expect(created.status).toBe(201);
    const order = parseOrder(created);

    const list = await events(order.id);
    expect(shapes(list)).toEqual([{ type: 'created', external_id: order.external_id, initial_amount: '120.50', status: 'new' }]);
    expect(list[0]?.at).toBe(order.date_settled);

    const request = await call(base, 'GET', sandboxPaths.orderRequest(order.id), { token: TOKEN });
    expect(request.status).toBe(200);
    expect(request.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(request.text).toBe(text);
  });

  test('another token, an unknown order and a non-UUID get 404; no token gets 401', async () => {
    const order = await createOrder(base, TOKEN);
    for (const path of [sandboxPaths.orderEvents(order.id), sandboxPaths.orderRequest(order.id)]) {
      expect((await call(base, 'GET', path, { token: OTHER })).json).toEqual({ detail: 'Not found.', code: 'not_found' });
      expect((await call(base, 'GET', path, { token: null })).status).toBe(401);
    }
    expect((await call(base, 'GET', sandboxPaths.orderEvents('3b241101-e2bb-4255-8caf-4136c566a962'), { token: TOKEN })).status).toBe(404);
    expect((await call(base, 'GET', sandboxPaths.orderRequest('not-a-uuid'), { token: TOKEN })).status).toBe(404);
    expect((await call(base, 'POST', sandboxPaths.orderEvents(order.id), { token: TOKEN, json: {} })).status).toBe(405);
  });
});

describe('status changes', () => {
  test('the control API: one status_changed per step of the path, source control; a move to the same status adds none', async () => {
    const order = await createOrder(base, TOKEN);
    await moveOrder(base, TOKEN, order.id, 'accepted');
    await moveOrder(base, TOKEN, order.id, 'accepted');
    expect(shapes(await events(order.id)).slice(1)).toEqual([
      { type: 'status_changed', from: 'new', to: 'data_completed', source: 'control' },
      { type: 'status_changed', from: 'data_completed', to: 'checking', source: 'control' },
      { type: 'status_changed', from: 'checking', to: 'accepted', source: 'control' },
    ]);
  });

  test('the checkout page: Approve walks to activated, source checkout', async () => {
    const order = await createOrder(base, TOKEN);
    const approved = await call(base, 'POST', `${sandboxPaths.checkout(order.id)}/approve`, { token: null });
    expect(approved.status).toBe(303);
    expect(shapes(await events(order.id)).slice(1).map((e) => ('to' in e && 'source' in e ? `${e.to}/${e.source}` : e.type))).toEqual([
      'data_completed/checkout',
      'checking/checkout',
      'accepted/checkout',
      'activated/checkout',
    ]);
  });

  test('the control API moving an activated order to refunded records the full refund it makes', async () => {
    const order = await moveOrder(base, TOKEN, (await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '50.00' } })).id, 'activated');
    expect((await refund(order.id, { amount: '20.00' })).status).toBe(200);
    const refunded = await moveOrder(base, TOKEN, order.id, 'refunded');
    const tail = (await events(order.id)).slice(-3);
    expect(tail[0]).toMatchObject({ type: 'refunded', amount: '20.00', source: 'refund' });
    expect(tail[1]).toMatchObject({
      type: 'refunded', amount: '30.00', external_id: 'SIMULATED', destination_account_number: 'SIMULATED',
      current_amount: '0.00', refund_amount: '50.00', source: 'control',
    });
    expect(tail[2]).toMatchObject({ type: 'status_changed', from: 'activated', to: 'refunded', source: 'control' });
    expect(refunded).toMatchObject({ refund_amount: '50.00', current_amount: '0.00' });
  });
});

describe('refunds', () => {
  test('accepted refunds with their amounts after each; the last one also moves the order', async () => {
    const order = await moveOrder(base, TOKEN, (await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '100.00' } })).id, 'activated');
    const first = refundBody({ amount: '30', payment_identifier: 'RF-1', external_id: 'r-1', destination_account_number: 'CZ650800' });
    expect((await call(base, 'POST', orderServicePaths.orderRefund(order.id), { token: TOKEN, json: first })).status).toBe(200);
    expect((await refund(order.id, { amount: '70.00', payment_identifier: 'RF-2' })).status).toBe(200);
    const tail = shapes(await events(order.id)).slice(-3);
    expect(tail[0]).toEqual({
      type: 'refunded', amount: '30.00', payment_identifier: 'RF-1', external_id: 'r-1', destination_account_number: 'CZ650800',
      current_amount: '70.00', refund_amount: '30.00', source: 'refund',
    });
    expect(tail[1]).toMatchObject({ type: 'refunded', amount: '70.00', payment_identifier: 'RF-2', current_amount: '0.00', refund_amount: '100.00' });
    expect(tail[2]).toEqual({ type: 'status_changed', from: 'activated', to: 'refunded', source: 'refund' });
  });

  test('every refused refund and why, with the status it had and the body as received; the order is unchanged', async () => {
    const fresh = await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '40.00' } });
    const statusBody = refundBody({ amount: '1.00' });
    expect((await call(base, 'POST', orderServicePaths.orderRefund(fresh.id), { token: TOKEN, json: statusBody })).status).toBe(409);
    await moveOrder(base, TOKEN, fresh.id, 'activated');
    expect((await refund(fresh.id, { amount: '10.00', payment_identifier: 'DUP' })).status).toBe(200);
    const before = await readOrder(base, TOKEN, fresh.id);
    expect((await refund(fresh.id, { amount: '30.01' })).status).toBe(400);
    expect((await refund(fresh.id, { amount: '1.00', payment_identifier: 'DUP' })).status).toBe(400);
    const invalid = await call(base, 'POST', orderServicePaths.orderRefund(fresh.id), { token: TOKEN, json: { amount: 'ten', external_id: 'x' } });
    expect(invalid.status).toBe(400);
    const malformed = await call(base, 'POST', orderServicePaths.orderRefund(fresh.id), { token: TOKEN, body: '{"amount": ', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(await readOrder(base, TOKEN, fresh.id)).toEqual(before);

    const refused = (await events(fresh.id)).filter((e) => e.type === 'refund_refused');
    expect(refused.map((e) => [e.code, e.http_status, e.status])).toEqual([
      ['invalid_status', 409, 'new'],
      ['invalid_amount', 400, 'activated'],
      ['duplicate_payment_identifier', 400, 'activated'],
      ['invalid_body', 400, 'activated'],
      ['invalid_body', 400, 'activated'],
    ]);
    expect(refused[0]).toMatchObject({ reason: 'Order is new; refunds are possible only for activated orders.', request: statusBody });
    expect(refused[1]).toMatchObject({ reason: "amount: Must not exceed the order's current amount (30.00)" });
    expect(refused[2]).toMatchObject({ reason: 'payment_identifier: A refund with this payment identifier already exists for this order.' });
    // The DRF body's messages, each after its field.
    const drf = z.record(z.string(), z.array(z.string())).parse(invalid.json);
    expect(Object.keys(drf).length).toBeGreaterThan(1);
    for (const [field, messages] of Object.entries(drf)) {
      for (const message of messages) expect(refused[3]?.reason).toContain(`${field}: ${message}`);
    }
    expect(refused[3]).toMatchObject({ request: { amount: 'ten', external_id: 'x' } });
    expect(refused[4]).toMatchObject({ request: null });
    expect(refused[4]?.reason).toMatch(/^JSON parse error - /);
  });

  test('50 concurrent refunds: one refunded event per 200, adding up to refund_amount', async () => {
    const order = await moveOrder(base, TOKEN, (await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '500.00' } })).id, 'activated');
    const amounts = Array.from({ length: 50 }, (_, i) => `${10 + ((i * 7) % 20)}.25`);
    const results = await Promise.all(amounts.map((amount) => refund(order.id, { amount })));
    const accepted = amounts.filter((_, i) => results[i]?.status === 200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThan(50);

    const list = await events(order.id);
    const refunded = list.filter((e) => e.type === 'refunded');
    const refusedCount = list.filter((e) => e.type === 'refund_refused').length;
    const final = await readOrder(base, TOKEN, order.id);
    expect(refunded).toHaveLength(accepted.length);
    expect(refusedCount).toBe(50 - accepted.length);
    expect(formatMoney(sumMoney(refunded.map((e) => e.amount)))).toBe(final.refund_amount);
    // The amounts after each refund step down exactly, in the order of the events.
    let total = '0.00';
    for (const event of refunded) {
      total = formatMoney(sumMoney([total, event.amount]));
      expect(event.refund_amount).toBe(total);
    }
    expect(refunded.at(-1)?.current_amount).toBe(final.current_amount);
    expect(compareMoney(final.refund_amount, '500.00')).toBeLessThanOrEqual(0);
    // Event ids grow: the history is in the order things happened.
    const ids = list.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe('a bounded history, read in pages', () => {
  test('a large refused body is kept cut to the refund fields, with its size; a small one whole', async () => {
    const order = await moveOrder(base, TOKEN, (await createOrder(base, TOKEN)).id, 'activated');
    const large = refundBody({ amount: 'ten', payment_identifier: 'P'.repeat(1000), note: 'x'.repeat(200_000) });
    expect((await refund(order.id, large)).status).toBe(400);
    expect((await refund(order.id, { amount: 'ten' })).status).toBe(400);
    const refused = (await events(order.id)).filter((e) => e.type === 'refund_refused');
    const bytes = Buffer.byteLength(JSON.stringify(large));
    expect(refused[0]).toMatchObject({
      request_bytes: bytes,
      request: { amount: 'ten', payment_identifier: `${'P'.repeat(256)}…`, external_id: large['external_id'], destination_account_number: large['destination_account_number'] },
    });
    expect(refused[0]?.request).not.toHaveProperty('note');
    expect(refused[1]).not.toHaveProperty('request_bytes');
    expect(refused[1]?.request).toMatchObject({ amount: 'ten' });
  });

  test('?limit= pages oldest first; next_cursor leads through every event once; the last page has none', async () => {
    const order = await createOrder(base, TOKEN);
    for (const status of ['data_completed', 'checking', 'activated'] as const) await moveOrder(base, TOKEN, order.id, status);
    for (let i = 0; i < 4; i += 1) await refund(order.id, { amount: 'bad' });
    const all = await events(order.id);
    expect(all.length).toBeGreaterThan(6);

    const seen: OrderEvent[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const query: string = cursor === null ? '?limit=3' : `?limit=3&cursor=${cursor}`;
      const result = await call(base, 'GET', `${sandboxPaths.orderEvents(order.id)}${query}`, { token: TOKEN });
      const parsed = orderEventsResponseSchema.parse(result.json);
      expect(parsed.results.length).toBeLessThanOrEqual(3);
      seen.push(...parsed.results);
      cursor = parsed.next_cursor ?? null;
      if (cursor === null) break;
    }
    expect(seen).toEqual(all);
    expect(orderEventsResponseSchema.parse((await call(base, 'GET', sandboxPaths.orderEvents(order.id), { token: TOKEN })).json).next_cursor).toBeNull();
  });

  test.each([['limit=0'], ['limit=501'], ['limit=x'], ['cursor=abc'], ['cursor=-1'], ['cursor=0']])('?%s -> 400 naming the parameter', async (query) => {
    const order = await createOrder(base, TOKEN);
    const result = await call(base, 'GET', `${sandboxPaths.orderEvents(order.id)}?${query}`, { token: TOKEN });
    expect(result.status).toBe(400);
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(result.json))).toEqual([query.split('=')[0]]);
  });
});
