import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { compareMoney, formatMoney, subtractMoney, sumMoney } from '../contract/money.ts';
import type { NewOrder, NewRefund, RefundResult, Store } from './store.ts';
import { openStore } from './store.ts';
import { testStoreLocation } from './testing/test-store.ts';

// Group commit of refunds (store-refund-group.ts): refunds that arrive while a group is being written
// go together into the next transaction. These tests hold each group to what one refund at a time
// would have answered, on both stores (vitest.config.ts).

const groups: number[] = [];
let store: Store;
let ownerCounter = 0;
let owner: string;

beforeAll(async () => {
  store = await openStore(await testStoreLocation(), { onRefundGroup: (refunds) => groups.push(refunds) });
}, 60_000);

afterAll(async () => {
  await store.close();
});

beforeEach(() => {
  ownerCounter += 1;
  owner = `refund-owner-${ownerCounter}`;
  groups.length = 0;
});

const newOrder = (externalId: string, amount: string): NewOrder => ({
  externalId,
  service: 'provider-pay',
  paymentIdentifier: `PI-${externalId}`,
  returnUrl: 'https://shop.example/return',
  amount,
  requestText: JSON.stringify({ order_external_id: externalId }),
  checkoutOrigin: 'http://127.0.0.1:8080',
});

let refundCounter = 0;
function newRefund(amount: string, overrides: Partial<NewRefund> = {}): NewRefund {
  refundCounter += 1;
  return {
    amount,
    destinationAccountNumber: '1234567890',
    paymentIdentifier: `REF-${refundCounter}`,
    externalId: `refund-${refundCounter}`,
    request: { amount },
    ...overrides,
  };
}

async function activatedOrder(amount: string): Promise<string> {
  const created = await store.createOrder(owner, newOrder(`order-${ownerCounter}-${Math.random().toString(36).slice(2)}`, amount));
  if (created.kind !== 'created') throw new Error(`expected created, got ${created.kind}`);
  const moved = await store.moveOrder(owner, created.order.id, 'activated', { source: 'control' });
  if (moved.kind !== 'moved') throw new Error(`expected moved, got ${moved.kind}`);
  groups.length = 0;
  return created.order.id;
}

const kinds = (results: RefundResult[]) => results.map((r) => r.kind);

describe('refunds in one group', () => {
  test('50 concurrent refunds on one order: each applied exactly once, never past the amount, history to match', async () => {
    const id = await activatedOrder('30.00');
    const results = await Promise.all(Array.from({ length: 50 }, () => store.refundOrder(owner, id, newRefund('1.00'))));
    // Grouped: fewer transactions than refunds (the first may go alone, the rest wait for it).
    expect(groups.length).toBeLessThan(50);
    expect(groups.reduce((a, b) => a + b, 0)).toBe(50);
    // Decided in arrival order: the first 30 fit, the last 20 do not (the order is refunded by then).
    expect(kinds(results)).toEqual([...Array<string>(30).fill('refunded'), ...Array<string>(20).fill('invalid_status')]);
    const order = await store.getOrder(owner, id);
    expect(order).toMatchObject({ status: 'refunded', current_amount: '0.00', refund_amount: '30.00' });
    const events = (await store.orderEvents(owner, id, { after: null, limit: 500 }))?.events ?? [];
    expect(events.filter((e) => e.type === 'refunded')).toHaveLength(30);
    expect(events.filter((e) => e.type === 'refund_refused')).toHaveLength(20);
    expect(events.filter((e) => e.type === 'status_changed' && e.to === 'refunded')).toHaveLength(1);
  });

  test('each refund sees what the ones before it in the group left', async () => {
    const id = await activatedOrder('12.00');
    const results = await Promise.all([
      store.refundOrder(owner, id, newRefund('10.00')),
      store.refundOrder(owner, id, newRefund('5.00')),
      store.refundOrder(owner, id, newRefund('2.00')),
    ]);
    expect(groups).toEqual([3]);
    expect(kinds(results)).toEqual(['refunded', 'invalid_amount', 'refunded']);
    const [first, second, third] = results;
    expect(second?.kind === 'invalid_amount' && second.message).toContain('2.00');
    expect(first?.kind === 'refunded' && first.order.current_amount).toBe('2.00');
    expect(third?.kind === 'refunded' && third.order).toMatchObject({ current_amount: '0.00', refund_amount: '12.00', status: 'refunded' });
  });

  test('a payment identifier used earlier in the same group is a duplicate; on another order it is not', async () => {
    const a = await activatedOrder('50.00');
    const b = await activatedOrder('50.00');
    const results = await Promise.all([
      store.refundOrder(owner, a, newRefund('1.00', { paymentIdentifier: 'SAME' })),
      store.refundOrder(owner, a, newRefund('2.00', { paymentIdentifier: 'SAME' })),
      store.refundOrder(owner, b, newRefund('3.00', { paymentIdentifier: 'SAME' })),
    ]);
    expect(groups).toEqual([3]);
    expect(kinds(results)).toEqual(['refunded', 'duplicate_payment_identifier', 'refunded']);
    expect(await store.getOrder(owner, a)).toMatchObject({ current_amount: '49.00', refund_amount: '1.00' });
    expect(await store.getOrder(owner, b)).toMatchObject({ current_amount: '47.00', refund_amount: '3.00' });
    // The one stored before the group counts too.
    expect((await store.refundOrder(owner, a, newRefund('1.00', { paymentIdentifier: 'SAME' }))).kind).toBe('duplicate_payment_identifier');
  });

  test('an unknown order or another owner\'s answers not_found without touching the rest of the group', async () => {
    const id = await activatedOrder('20.00');
    const results = await Promise.all([
      store.refundOrder(owner, id, newRefund('1.00')),
      store.refundOrder(owner, '3b241101-e2bb-4255-8caf-4136c566a962', newRefund('1.00')),
      store.refundOrder('someone-else', id, newRefund('1.00')),
      store.refundOrder(owner, id, newRefund('1.00')),
    ]);
    expect(kinds(results)).toEqual(['refunded', 'not_found', 'not_found', 'refunded']);
    expect(await store.getOrder(owner, id)).toMatchObject({ current_amount: '18.00', refund_amount: '2.00' });
  });

  test('an armed refund rule is taken by the first refunds of the group, as often as armed (D13)', async () => {
    const id = await activatedOrder('20.00');
    const armed = await store.armFault(owner, { operation: 'refund', effect: { kind: 'status', status: 503 }, times: 2 });
    expect(armed.kind).toBe('armed');
    const results = await Promise.all(Array.from({ length: 4 }, () => store.refundOrder(owner, id, newRefund('1.00'))));
    expect(groups).toEqual([4]);
    expect(kinds(results)).toEqual(['fault', 'fault', 'refunded', 'refunded']);
    expect(await store.listFaults(owner)).toEqual([]);
    expect(await store.getOrder(owner, id)).toMatchObject({ current_amount: '18.00' });
  });

  test('random amounts from many orders at once: every order\'s amounts add up to its accepted refunds', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => activatedOrder('40.00')));
    groups.length = 0;
    const requests = Array.from({ length: 60 }, (_, i) => {
      const cents = 100 + Math.floor(Math.random() * 900);
      return { id: ids[i % ids.length] ?? '', amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
    });
    const results = await Promise.all(requests.map((r) => store.refundOrder(owner, r.id, newRefund(r.amount))));
    for (const id of ids) {
      const accepted = requests.filter((r, i) => r.id === id && results[i]?.kind === 'refunded').map((r) => r.amount);
      const refunded = sumMoney(accepted);
      expect(compareMoney(refunded, '40.00')).toBeLessThanOrEqual(0);
      expect(await store.getOrder(owner, id)).toMatchObject({
        refund_amount: formatMoney(refunded),
        current_amount: formatMoney(subtractMoney('40.00', refunded)),
      });
    }
  });
});
