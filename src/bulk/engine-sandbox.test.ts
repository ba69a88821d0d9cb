import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { faultListResponseSchema } from '../contract/faults.ts';
import { orderEventsResponseSchema } from '../contract/history.ts';
import { addMoney, compareMoney, formatMoney, sumMoney } from '../contract/money.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from '../sandbox/start-sandbox.ts';
import { call, createOrder, moveOrder, readOrder, refundBody } from '../sandbox/testing/http.ts';
import type { BulkRowInput } from './bulk-file.ts';
import type { OrderLookup } from './checks.ts';
import { checkRows } from './checks.ts';
import type { EngineDeps, EngineOptions } from './engine.ts';
import { runBulk } from './engine.ts';
import { httpTransport } from './http-transport.ts';
import { planRun } from './plan.ts';
import { abortableSleep } from './sleep.ts';
import type { BulkRun } from '../contract/bulk-run-model.ts';
import { runProgress } from './run-model.ts';
import { bulkRunSchema } from '../contract/bulk-run-model.ts';

// The bulk refund engine against the real sandbox over HTTP, with D13 faults armed: every
// row refunded exactly once, after lost answers, 503s, 429s and a stop in the middle of a send.

const TOKEN = 'bulk-engine-token';
const ACCOUNT = 'CZ6508000000192000145399';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: ':memory:', tokens: [TOKEN], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

/** Fast but bounded: 100 refunds a second, short backoffs, Retry-After honoured as sent. */
const OPTIONS: EngineOptions = {
  ratePerSecond: 100,
  maxAttempts: 6,
  backoffMs: (attempt) => 20 * attempt,
  maxRetryAfterSeconds: 5,
  defaultRetryAfterSeconds: 1,
};

/** A store as the browser's is: the run goes through JSON and is parsed back (a boundary). */
function memoryStore() {
  let kept: string | null = null;
  return {
    save: (run: BulkRun) => {
      kept = JSON.stringify(run);
      return Promise.resolve();
    },
    load: (): BulkRun | null => (kept === null ? null : bulkRunSchema.parse(JSON.parse(kept))),
  };
}

async function activatedOrders(count: number, amount: string): Promise<Order[]> {
  const out: Order[] = [];
  // Ten at a time: quick, and gentle on a machine shared with other tests.
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, async () => {
      const created = await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'bulk', amount } });
      return moveOrder(base, TOKEN, created.id, 'activated');
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

async function arm(rule: Record<string, unknown>) {
  const result = await call(base, 'POST', sandboxPaths.faults(), { token: TOKEN, json: rule });
  expect(result.status).toBe(201);
}

async function refundedEvents(orderId: string) {
  const result = await call(base, 'GET', sandboxPaths.orderEvents(orderId), { token: TOKEN });
  return orderEventsResponseSchema.parse(result.json).results.filter((e) => e.type === 'refunded');
}

async function lookups(ids: readonly string[]): Promise<Map<string, OrderLookup>> {
  const transport = httpTransport({ baseUrl: base, token: TOKEN });
  const signal = new AbortController().signal;
  const map = new Map<string, OrderLookup>();
  for (const id of new Set(ids)) map.set(id, await transport.readOrder(id, signal));
  return map;
}

describe('a 300-row run with faults armed, stopped in the middle of a send and resumed', () => {
  test('every row is refunded exactly once and the sums match the service', async () => {
    // 100 orders refunded in full, 100 refunded in two parts: 300 rows.
    const whole = await activatedOrders(100, '75.00');
    const split = await activatedOrders(100, '100.00');
    const rows: BulkRowInput[] = [];
    let line = 1;
    const row = (order_id: string, amount: string) => {
      line += 1;
      rows.push({ key: `line-${line}`, line, order_id, amount, reason: 'Event cancelled', destination_account_number: '' });
    };
    whole.forEach((o) => row(o.id, 'full'));
    split.forEach((o) => {
      row(o.id, '40.00');
      row(o.id, '25.50');
    });
    const checked = checkRows(rows, await lookups(rows.map((r) => r.order_id)), ACCOUNT);
    expect(checked.filter((r) => r.problems.length > 0)).toEqual([]);
    const plan = planRun(checked, 'sandbox');
    expect(plan.rows).toHaveLength(300);
    expect(plan.total).toBe('14050.00');

    // Faults on chosen orders, spread over the run (one rule per request, oldest first).
    const pick = (orders: Order[], every: number, offset: number) => orders.filter((_, i) => i % every === offset).map((o) => o.id);
    for (const id of pick(whole, 10, 1)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'lose_answer' } });
    for (const id of pick(split, 10, 2)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'lose_answer' }, times: 2 });
    for (const id of pick(whole, 10, 4)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'status', status: 503 }, times: 2 });
    for (const id of pick(split, 10, 6)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'drop' } });
    for (const id of pick(split, 50, 8)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'status', status: 429, retry_after: 1 } });
    // Reads fail too, now and then: the check after a lost answer must keep trying.
    for (const id of pick(whole, 20, 1)) await arm({ operation: 'read', order_id: id, effect: { kind: 'status', status: 503 }, times: 2 });

    const store = memoryStore();
    await store.save(plan);
    const transport = httpTransport({ baseUrl: base, token: TOKEN, timeoutMs: 5_000 });
    const sent: { at: number; orderId: string }[] = [];
    const stop = new AbortController();
    const deps: EngineDeps = {
      ...transport,
      send: async (orderId, body, signal) => {
        sent.push({ at: Date.now(), orderId });
        const answer = await transport.send(orderId, body, signal);
        // The tab closes while the 150th refund is on its way: it is made, its answer never seen.
        if (sent.length === 150) stop.abort();
        return answer;
      },
      sleep: abortableSleep,
      now: () => Date.now(),
      save: store.save,
    };

    const started = Date.now();
    const stopped = await runBulk(plan, deps, OPTIONS, stop.signal);
    const stoppedRow = stopped.rows.find((r) => r.state.kind === 'sending');
    expect(stoppedRow).toBeDefined();
    expect(runProgress(stopped).done).toBeLessThan(300);

    const reloaded = store.load();
    if (reloaded === null) throw new Error('nothing saved');
    const finished = await runBulk(reloaded, { ...deps, send: transport.send }, OPTIONS, new AbortController().signal);
    const duration = Date.now() - started;
    console.info(`bulk refunds: 300 rows with faults, stopped and resumed, in ${(duration / 1000).toFixed(1)} s`);

    expect(runProgress(finished)).toEqual({ total: 300, done: 300, refunded: 300, refused: 0, skipped: 0, unknown: 0 });
    expect(finished.finishedAt).not.toBeNull();
    // The stopped row was found refunded by reading the order, not sent again.
    const resumed = finished.rows.find((r) => r.plan.key === stoppedRow?.plan.key);
    expect(resumed?.state).toMatchObject({ kind: 'refunded', via: 'check' });
    expect(finished.rows.filter((r) => r.state.kind === 'refunded' && r.state.via === 'check').length).toBeGreaterThanOrEqual(10);

    // The service's own account: each row's payment_identifier refunded once, nothing else refunded,
    // and every order's refunded amount the sum of its rows.
    let serviceTotal = sumMoney([]);
    for (const order of [...whole, ...split]) {
      const mine = finished.rows.filter((r) => r.plan.order_id === order.id);
      const events = await refundedEvents(order.id);
      expect(events.map((e) => e.payment_identifier).sort()).toEqual(mine.map((r) => r.plan.body.payment_identifier).sort());
      const fresh = await readOrder(base, TOKEN, order.id);
      expect(fresh.refund_amount).toBe(formatMoney(sumMoney(mine.map((r) => r.plan.body.amount))));
      serviceTotal = addMoney(serviceTotal, fresh.refund_amount);
    }
    expect(formatMoney(serviceTotal)).toBe(finished.total);
    // Every armed fault fired.
    const left = faultListResponseSchema.parse((await call(base, 'GET', sandboxPaths.faults(), { token: TOKEN })).json).results;
    expect(left).toEqual([]);
    // Retry-After was honoured: after each 429 the next refund waited at least its second.
    for (const id of pick(split, 50, 8)) {
      const index = sent.findIndex((s) => s.orderId === id);
      const next = sent[index + 1];
      expect(next).toBeDefined();
      expect((next?.at ?? 0) - (sent[index]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  }, 240_000);

  test('a resend the service knows already (duplicate payment_identifier) counts as refunded when the order\'s history shows this refund', async () => {
    const [order] = await activatedOrders(1, '50.00');
    if (order === undefined) throw new Error('no order');
    const rows: BulkRowInput[] = [{ key: 'line-2', line: 2, order_id: order.id, amount: '10.00', reason: 'Double charge', destination_account_number: '' }];
    const plan = planRun(checkRows(rows, await lookups([order.id]), ACCOUNT), 'sandbox');
    const body = plan.rows[0]?.plan.body;
    if (body === undefined) throw new Error('no row');
    // Made already (another tab ran this plan, say), with this row's own identifiers.
    const first = await call(base, 'POST', `/psp/v2/order/${order.id}/refund/`, { token: TOKEN, json: refundBody(body) });
    expect(first.status).toBe(200);
    const store = memoryStore();
    const deps: EngineDeps = { ...httpTransport({ baseUrl: base, token: TOKEN }), sleep: abortableSleep, now: () => Date.now(), save: store.save };
    const finished = await runBulk(plan, deps, OPTIONS, new AbortController().signal);
    expect(finished.rows[0]?.state).toEqual({ kind: 'refunded', refunded: '10.00', remaining: '40.00', via: 'duplicate' });
    expect((await readOrder(base, TOKEN, order.id)).refund_amount).toBe('10.00');
    expect(await refundedEvents(order.id)).toHaveLength(1);
  });

  test('an order that changed since the check is skipped with the reason, nothing sent', async () => {
    const [order] = await activatedOrders(1, '30.00');
    if (order === undefined) throw new Error('no order');
    const rows: BulkRowInput[] = [{ key: 'line-2', line: 2, order_id: order.id, amount: 'full', reason: 'Cancelled', destination_account_number: '' }];
    const plan = planRun(checkRows(rows, await lookups([order.id]), ACCOUNT), 'sandbox');
    await call(base, 'POST', `/psp/v2/order/${order.id}/refund/`, { token: TOKEN, json: refundBody({ amount: '5.00' }) });
    const deps: EngineDeps = { ...httpTransport({ baseUrl: base, token: TOKEN }), sleep: abortableSleep, now: () => Date.now(), save: memoryStore().save };
    const finished = await runBulk(plan, deps, OPTIONS, new AbortController().signal);
    expect(finished.rows[0]?.state).toEqual({ kind: 'skipped', reason: "Not sent: the order's current amount is 25.00 now, less than 30.00" });
    expect(compareMoney((await readOrder(base, TOKEN, order.id)).refund_amount, '5.00')).toBe(0);
  });
});
