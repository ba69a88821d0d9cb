import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compareMoney, formatMoney, subtractMoney, sumMoney } from '../contract/money.ts';
import { orderServicePaths } from '../contract/paths.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, createOrder, moveOrder, parseOrder, readOrder, refundBody } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// Refund semantics (D6) and the one documented state rule: refunds only for activated orders.

const TOKEN = 'refunds-token';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: await testStoreLocation(), tokens: [TOKEN], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

const refund = (id: string, overrides: Record<string, unknown> = {}) =>
  call(base, 'POST', orderServicePaths.orderRefund(id), { token: TOKEN, json: refundBody(overrides) });

async function activatedOrder(amount = '120.50') {
  const order = await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount } });
  return moveOrder(base, TOKEN, order.id, 'activated');
}

describe('refunds only for activated orders (409 invalid_status)', () => {
  const notActivated: OrderStatus[] = ['new', 'data_completed', 'checking', 'rejected', 'accepted', 'canceled', 'refunded', 'error'];

  test.each(notActivated)('an order that is %s', async (status) => {
    const order = await createOrder(base, TOKEN);
    if (status !== 'new') await moveOrder(base, TOKEN, order.id, status);
    const before = await readOrder(base, TOKEN, order.id);
    const result = await refund(order.id, { amount: '1.00' });
    expect(result.status).toBe(409);
    expect(result.json).toEqual({
      detail: `Order is ${status}; refunds are possible only for activated orders.`,
      code: 'invalid_status',
    });
    expect(await readOrder(base, TOKEN, order.id)).toEqual(before);
  });

  test('the status is checked before the amount: too much on a new order is still a 409', async () => {
    const order = await createOrder(base, TOKEN);
    const result = await refund(order.id, { amount: '99999999.99' });
    expect(result.status).toBe(409);
  });
});

describe('amounts', () => {
  test('a partial refund, then the rest: exact amounts, then refunded', async () => {
    const order = await activatedOrder('120.50');
    const first = await refund(order.id, { amount: '20.25' });
    expect(first.status).toBe(200);
    expect(parseOrder(first)).toMatchObject({ status: 'activated', current_amount: '100.25', refund_amount: '20.25', initial_amount: '120.50' });

    const second = await refund(order.id, { amount: '100.25' });
    expect(second.status).toBe(200);
    expect(parseOrder(second)).toMatchObject({ status: 'refunded', current_amount: '0.00', refund_amount: '120.50', initial_amount: '120.50' });
    expect(await readOrder(base, TOKEN, order.id)).toEqual(parseOrder(second));

    const third = await refund(order.id, { amount: '0.01' });
    expect(third.status).toBe(409);
    expect(third.json).toMatchObject({ code: 'invalid_status' });
  });

  test('amounts that float arithmetic gets wrong stay exact', async () => {
    const order = await activatedOrder('0.30');
    expect(parseOrder(await refund(order.id, { amount: '0.1' }))).toMatchObject({ current_amount: '0.20', refund_amount: '0.10' });
    expect(parseOrder(await refund(order.id, { amount: '0.2' }))).toMatchObject({ current_amount: '0.00', status: 'refunded' });
  });

  test('more than the current amount -> 400 on amount, order unchanged', async () => {
    const order = await activatedOrder('50.00');
    await refund(order.id, { amount: '30.00' });
    const before = await readOrder(base, TOKEN, order.id);
    const result = await refund(order.id, { amount: '20.01' });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ amount: ["Must not exceed the order's current amount (20.00)"] });
    expect(await readOrder(base, TOKEN, order.id)).toEqual(before);
  });

  test.each(['0', '0.00', '-1.00'])('amount %s -> 400 on amount', async (amount) => {
    const order = await activatedOrder();
    const result = await refund(order.id, { amount });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ amount: ['Must be greater than 0'] });
  });

  test('a payment_identifier already used on the order -> 400, order unchanged; another order may reuse it', async () => {
    const order = await activatedOrder('80.00');
    const used = await refund(order.id, { amount: '10.00', payment_identifier: 'PAY-DUP-1' });
    expect(used.status).toBe(200);
    const before = await readOrder(base, TOKEN, order.id);
    const again = await refund(order.id, { amount: '5.00', payment_identifier: 'PAY-DUP-1' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ payment_identifier: ['A refund with this payment identifier already exists for this order.'] });
    expect(await readOrder(base, TOKEN, order.id)).toEqual(before);

    const other = await activatedOrder('80.00');
    expect((await refund(other.id, { amount: '5.00', payment_identifier: 'PAY-DUP-1' })).status).toBe(200);
  });

  test('an invalid body on an unknown order is a 404, not a 400', async () => {
    const result = await call(base, 'POST', orderServicePaths.orderRefund('3b241101-e2bb-4255-8caf-4136c566a962'), { token: TOKEN, json: {} });
    expect(result.status).toBe(404);
  });
});

describe('concurrent refunds on one order are serialised', () => {
  test('50 refunds of random amounts at once never exceed the initial amount', async () => {
    const initial = '500.00';
    const order = await activatedOrder(initial);
    // Random whole cents from 10.01 to 30.00, written as decimal strings: 50 of them add up to more than
    // 500.00 whatever the draw, so some must be refused.
    const amounts = Array.from({ length: 50 }, () => {
      const cents = 1001 + Math.floor(Math.random() * 2000);
      return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    });
    const results = await Promise.all(amounts.map((amount) => refund(order.id, { amount })));

    expect(results.every((r) => r.status < 500)).toBe(true);
    const accepted = amounts.filter((_, i) => results[i]?.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect([400, 409]).toContain(r.status);
    const refunded = sumMoney(accepted);
    expect(compareMoney(refunded, initial)).toBeLessThanOrEqual(0);

    const final = await readOrder(base, TOKEN, order.id);
    expect(final.refund_amount).toBe(formatMoney(refunded));
    expect(final.current_amount).toBe(formatMoney(subtractMoney(initial, refunded)));
    expect(final.status).toBe(final.current_amount === '0.00' ? 'refunded' : 'activated');
  });
});
