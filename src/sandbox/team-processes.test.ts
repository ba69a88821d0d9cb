import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compareMoney, formatMoney, subtractMoney, sumMoney } from '../contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import type { MainProcess } from './testing/child.ts';
import { freePort, spawnMain, waitForListening } from './testing/child.ts';
import { call, createOrder, moveOrder, orderBody, parseOrder, readOrder, refundBody, uniqueExternalId } from './testing/http.ts';
import { newPostgresDatabase } from './testing/test-store.ts';

// docs/decisions.md D15: two sandbox processes (main.ts, as `npm run serve` runs it) on one PostgreSQL
// database. Every guarantee of D6 holds across them because it rests on the database: no
// over-refund, duplicates caught, one arrival order, armed faults shared (a team shares a sandbox).
// Project sandbox-postgres only (vitest.config.ts).

const TOKEN = 'team-token';
const running: MainProcess[] = [];
let url: string;
let a: string;
let b: string;

async function start(databaseUrl: string): Promise<{ main: MainProcess; base: string }> {
  const main = spawnMain({ PORT: String(await freePort()), SANDBOX_DATABASE_URL: databaseUrl, SANDBOX_TOKENS: TOKEN, SANDBOX_DATABASE_POOL: '4' });
  running.push(main);
  return { main, base: await waitForListening(main) };
}

beforeAll(async () => {
  url = await newPostgresDatabase('team');
  // Both start at once on an empty database: the schema set-up takes turns (store-setup.ts).
  const [first, second] = await Promise.all([start(url), start(url)]);
  a = first.base;
  b = second.base;
  expect(first.main.stdout()).toMatch(/Sandbox database: postgres:\/\/postgres@127\.0\.0\.1:\d+\/team_\S+ \(PostgreSQL\)/);
}, 180_000);

afterAll(async () => {
  for (const main of running) if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGTERM');
  await Promise.all(running.map((main) => main.exited));
});

describe('two processes, one database', () => {
  test('an order created on one is read, listed and refunded on the other', async () => {
    const order = await createOrder(a, TOKEN);
    // The same order, its redirect_url included: the origin its create came to, whichever process answers.
    expect(await readOrder(b, TOKEN, order.id)).toEqual(order);
    await moveOrder(b, TOKEN, order.id, 'activated');
    const refunded = await call(a, 'POST', orderServicePaths.orderRefund(order.id), { token: TOKEN, json: refundBody({ amount: '20.50' }) });
    expect(refunded.status).toBe(200);
    expect(await readOrder(b, TOKEN, order.id)).toMatchObject({ current_amount: '100.00', refund_amount: '20.50' });
  });

  test('50 concurrent refunds split over both never overdraw the order; each accepted one applied once', async () => {
    const order = await createOrder(a, TOKEN, { order_data: { eshop_external_id: 'e', amount: '100.00' }, items: [{ name: 'X', quantity: 1, amount: '100.00', type: 'goods' }] });
    await moveOrder(a, TOKEN, order.id, 'activated');
    // 3.00 to 3.99: each process's 25 come to less than the order (87.00 and 85.75), all 50 to more.
    // So both must have some accepted, however the two interleave: when the second process was the
    // slower to start (the test run alone), the first's refunds of up to 7.99 used the whole order.
    const amounts = Array.from({ length: 50 }, (_, i) => `3.${String((i * 7) % 100).padStart(2, '0')}`);
    const results = await Promise.all(
      amounts.map((amount, i) => call(i % 2 === 0 ? a : b, 'POST', orderServicePaths.orderRefund(order.id), { token: TOKEN, json: refundBody({ amount }) })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 400 || r.status === 409)).toBe(true);
    const accepted = amounts.filter((_, i) => results[i]?.status === 200);
    // Both processes accepted some: the test really spread the refunds over two processes.
    expect(results.some((r, i) => i % 2 === 0 && r.status === 200)).toBe(true);
    expect(results.some((r, i) => i % 2 === 1 && r.status === 200)).toBe(true);
    const refunded = sumMoney(accepted);
    expect(compareMoney(refunded, '100.00')).toBeLessThanOrEqual(0);
    expect(accepted.length).toBeLessThan(50);
    const final = await readOrder(b, TOKEN, order.id);
    expect(final.refund_amount).toBe(formatMoney(refunded));
    expect(final.current_amount).toBe(formatMoney(subtractMoney('100.00', refunded)));
    const events = await call(a, 'GET', sandboxPaths.orderEvents(order.id), { token: TOKEN });
    const list = (events.json as { results: { type: string }[] }).results;
    expect(list.filter((e) => e.type === 'refunded')).toHaveLength(accepted.length);
  });

  test('the same external id sent to both at once is created once; the other gets the duplicate answer', async () => {
    for (let round = 0; round < 5; round++) {
      const body = orderBody({ order_external_id: uniqueExternalId('dup') });
      const [first, second] = await Promise.all([
        call(a, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, json: body }),
        call(b, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, json: body }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 400]);
      const refused = first.status === 400 ? first : second;
      expect(refused.json).toEqual({ order_external_id: ['An order with this external ID already exists.'] });
    }
  });

  test('both list the same orders in the same order: the order they reached the database', async () => {
    const token = 'team-token';
    const created: Order[] = [];
    for (let i = 0; i < 12; i++) created.push(await createOrder(i % 2 === 0 ? a : b, token, { order_external_id: uniqueExternalId(`arrival-${i}`) }));
    const listOn = async (base: string) => {
      const listed = await call(base, 'GET', `${sandboxPaths.orders()}?limit=500`, { token });
      return (listed.json as { results: Order[] }).results.map((o) => o.id);
    };
    const onA = await listOn(a);
    const onB = await listOn(b);
    expect(onA).toEqual(onB);
    const ours = onA.filter((id) => created.some((o) => o.id === id));
    expect(ours).toEqual(created.map((o) => o.id).reverse());
  });

  test('a fault armed through one process fires on the other, exactly as often as armed (D13)', async () => {
    const armed = await call(a, 'POST', sandboxPaths.faults(), { token: TOKEN, json: { operation: 'create', effect: { kind: 'status', status: 503 }, times: 2 } });
    expect(armed.status).toBe(201);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 === 0 ? b : a, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, json: orderBody() })));
    expect(results.map((r) => r.status).filter((s) => s === 503)).toHaveLength(2);
    expect(results.map((r) => r.status).filter((s) => s === 201)).toHaveLength(4);
    const left = await call(b, 'GET', sandboxPaths.faults(), { token: TOKEN });
    expect(left.json).toEqual({ results: [] });
  });
});

test('kill -9 one process mid-load: the other keeps answering and every acknowledged write is there once', async () => {
  const third = await start(url);
  const acknowledged = new Map<string, Order>();
  let survivorAnswers = 0;
  let killed = false;
  const attempts = Array.from({ length: 300 }, async (_, i) => {
    const base = i % 2 === 0 ? third.base : b;
    try {
      const result = await call(base, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, json: orderBody({ order_external_id: uniqueExternalId('kill') }) });
      if (result.status === 201) {
        const order = parseOrder(result);
        acknowledged.set(order.id, order);
        if (base === b) survivorAnswers += 1;
        if (!killed && base === third.base && acknowledged.size >= 60) {
          killed = true;
          third.main.child.kill('SIGKILL');
        }
      } else if (base === b) {
        throw new Error(`the surviving process answered ${result.status}: ${result.text}`);
      }
    } catch (error) {
      // Only the killed process may fail to answer.
      if (base === b) throw error;
    }
  });
  await Promise.all(attempts);
  expect(killed).toBe(true);
  expect(await third.main.exited).toMatchObject({ signal: 'SIGKILL' });
  // Every create sent to the survivor was answered 201, during the kill and after it.
  expect(survivorAnswers).toBe(150);
  const listed = await call(b, 'GET', `${sandboxPaths.orders()}?limit=500&q=kill-`, { token: TOKEN });
  const ids = (listed.json as { results: Order[] }).results.map((o) => o.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of acknowledged.keys()) expect(ids).toContain(id);
  for (const [id, order] of [...acknowledged].slice(0, 20)) expect({ ...(await readOrder(b, TOKEN, id)), redirect_url: '' }).toEqual({ ...order, redirect_url: '' });
}, 180_000);
