import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { DEFAULT_RETRY_AFTER_S, faultListResponseSchema, faultRuleSchema } from '../contract/faults.ts';
import type { OrderEvent } from '../contract/history.ts';
import { orderEventsResponseSchema } from '../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, callRaw, createOrder, moveOrder, orderBody, parseOrder, readOrder, refundBody } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// docs/decisions.md D13: what an armed rule does to /psp/ requests, over real HTTP (each request on its
// own connection, so a reset is seen as such), and what it leaves alone.

const TOKEN = 'effects-token';
const OTHER = 'effects-other-token';
const lines: string[] = [];
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: await testStoreLocation(), tokens: [TOKEN, OTHER], log: (line) => lines.push(line) });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  for (const token of [TOKEN, OTHER]) await call(base, 'DELETE', sandboxPaths.faults(), { token });
});

async function arm(rule: Record<string, unknown>, token = TOKEN) {
  const result = await call(base, 'POST', sandboxPaths.faults(), { token, json: rule });
  expect(result.status).toBe(201);
  return faultRuleSchema.parse(result.json);
}

const armed = async (token = TOKEN) => faultListResponseSchema.parse((await call(base, 'GET', sandboxPaths.faults(), { token })).json).results;

async function events(id: string): Promise<OrderEvent[]> {
  return orderEventsResponseSchema.parse((await call(base, 'GET', sandboxPaths.orderEvents(id), { token: TOKEN })).json).results;
}

const create = (json: unknown, token = TOKEN) => callRaw(base, 'POST', orderServicePaths.orderCreate(), { token, json });
const read = (id: string, token = TOKEN) => callRaw(base, 'GET', orderServicePaths.orderRead(id), { token });
const refund = (id: string, json: unknown, token = TOKEN) => callRaw(base, 'POST', orderServicePaths.orderRefund(id), { token, json });

async function activated(amount = '100.00') {
  return moveOrder(base, TOKEN, (await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount } })).id, 'activated');
}

async function listedExternalIds(): Promise<string[]> {
  const page = z.object({ results: z.array(z.object({ external_id: z.string() })) }).parse((await call(base, 'GET', `${sandboxPaths.orders()}?limit=500`, { token: TOKEN })).json);
  return page.results.map((o) => o.external_id);
}

describe('status', () => {
  test('create answers 503 with a DRF body and nothing is created; the next create goes through', async () => {
    const rule = await arm({ operation: 'create', effect: { kind: 'status', status: 503 } });
    const body = orderBody();
    const faulted = await create(body);
    expect(faulted).toMatchObject({ kind: 'answer', status: 503 });
    if (faulted.kind !== 'answer') return;
    expect(JSON.parse(faulted.text)).toEqual({ detail: 'Service temporarily unavailable, try again later.', code: 'service_unavailable' });
    expect(faulted.headers['retry-after']).toBeUndefined();
    expect(faulted.headers['x-sandbox-fault']).toBe(rule.id);
    expect(await listedExternalIds()).not.toContain(body['order_external_id']);
    expect(await create(body)).toMatchObject({ kind: 'answer', status: 201 });
    expect(await armed()).toEqual([]);
    expect(lines.some((line) => /^POST \/psp\/v2\/order\/ 503 \d+ms \(fault status\)$/.test(line))).toBe(true);
  });

  test('429 carries DRF\'s throttled text and Retry-After, the default one when the rule names none', async () => {
    const order = await createOrder(base, TOKEN);
    await arm({ operation: 'read', effect: { kind: 'status', status: 429 } });
    await arm({ operation: 'read', effect: { kind: 'status', status: 429, retry_after: 1 } });
    const first = await read(order.id);
    const second = await read(order.id);
    expect(first).toMatchObject({ kind: 'answer', status: 429, headers: { 'retry-after': String(DEFAULT_RETRY_AFTER_S) } });
    expect(second).toMatchObject({ kind: 'answer', status: 429, headers: { 'retry-after': '1' } });
    if (first.kind !== 'answer' || second.kind !== 'answer') return;
    expect(JSON.parse(first.text)).toEqual({ detail: `Request was throttled. Expected available in ${DEFAULT_RETRY_AFTER_S} seconds.`, code: 'throttled' });
    expect(JSON.parse(second.text)).toEqual({ detail: 'Request was throttled. Expected available in 1 second.', code: 'throttled' });
    expect(await read(order.id)).toMatchObject({ kind: 'answer', status: 200 });
  });

  test('a refund answers 502 with the rule\'s Retry-After, nothing refunded; the history says so', async () => {
    const order = await activated();
    const rule = await arm({ operation: 'refund', effect: { kind: 'status', status: 502, retry_after: 7 } });
    const faulted = await refund(order.id, refundBody({ amount: '10.00' }));
    expect(faulted).toMatchObject({ kind: 'answer', status: 502, headers: { 'retry-after': '7' } });
    if (faulted.kind === 'answer') expect(JSON.parse(faulted.text)).toEqual({ detail: 'Bad Gateway.', code: 'bad_gateway' });
    expect((await readOrder(base, TOKEN, order.id)).refund_amount).toBe('0.00');
    expect((await events(order.id)).at(-1)).toMatchObject({
      type: 'fault_applied', fault_id: rule.id, operation: 'refund', effect: { kind: 'status', status: 502, retry_after: 7 },
    });
  });
});

describe('delay', () => {
  test('a read answers after the wait, as usual, marked with the rule', async () => {
    const order = await createOrder(base, TOKEN);
    const rule = await arm({ operation: 'read', effect: { kind: 'delay', ms: 400 } });
    const started = performance.now();
    const result = await read(order.id);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(result).toMatchObject({ kind: 'answer', status: 200, headers: { 'x-sandbox-fault': rule.id } });
    expect((await events(order.id)).at(-1)).toMatchObject({ type: 'fault_applied', operation: 'read', effect: { kind: 'delay', ms: 400 } });
  });

  test('a create is done after the wait: a create sent during it is filed first; the history tells of the delay', async () => {
    await arm({ operation: 'create', effect: { kind: 'delay', ms: 500 } });
    const slow = orderBody();
    const pending = create(slow);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = await createOrder(base, TOKEN);
    const result = await pending;
    expect(result).toMatchObject({ kind: 'answer', status: 201 });
    if (result.kind !== 'answer') return;
    const order = parseOrder({ status: result.status, headers: new Headers(), text: result.text, json: JSON.parse(result.text) });
    expect(order.date_settled > quick.date_settled).toBe(true);
    expect((await events(order.id)).map((e) => e.type)).toEqual(['created', 'fault_applied']);
  });

  test('a refund is done after the wait', async () => {
    const order = await activated();
    await arm({ operation: 'refund', effect: { kind: 'delay', ms: 300 } });
    const result = await refund(order.id, refundBody({ amount: '25.00' }));
    expect(result).toMatchObject({ kind: 'answer', status: 200 });
    expect((await events(order.id)).slice(-2).map((e) => e.type)).toEqual(['fault_applied', 'refunded']);
  });
});

describe('drop: no answer and nothing done', () => {
  test('create: the connection is reset, no order; sending again creates it', async () => {
    await arm({ operation: 'create', effect: { kind: 'drop' } });
    const body = orderBody();
    expect(await create(body)).toEqual({ kind: 'no_answer', code: 'ECONNRESET' });
    expect(await listedExternalIds()).not.toContain(body['order_external_id']);
    expect(await create(body)).toMatchObject({ kind: 'answer', status: 201 });
  });

  test('refund: reset, nothing refunded, the history has the fault; the same refund sent again is applied once', async () => {
    const order = await activated();
    await arm({ operation: 'refund', effect: { kind: 'drop' } });
    const body = refundBody({ amount: '15.00' });
    expect(await refund(order.id, body)).toEqual({ kind: 'no_answer', code: 'ECONNRESET' });
    expect((await readOrder(base, TOKEN, order.id)).refund_amount).toBe('0.00');
    expect(await refund(order.id, body)).toMatchObject({ kind: 'answer', status: 200 });
    expect((await events(order.id)).slice(-2).map((e) => e.type)).toEqual(['fault_applied', 'refunded']);
  });

  test('read: reset', async () => {
    const order = await createOrder(base, TOKEN);
    await arm({ operation: 'read', effect: { kind: 'drop' } });
    expect(await read(order.id)).toEqual({ kind: 'no_answer', code: 'ECONNRESET' });
    expect(lines.some((line) => new RegExp(`^GET /psp/v2/order/${order.id}/ closed \\d+ms \\(fault drop\\)$`).test(line))).toBe(true);
  });
});

describe('lose_answer: done and committed, then no answer', () => {
  test('create: the order exists once; resending the same order_external_id is the duplicate 400', async () => {
    await arm({ operation: 'create', effect: { kind: 'lose_answer' } });
    const body = orderBody();
    expect(await create(body)).toEqual({ kind: 'no_answer', code: 'ECONNRESET' });
    const again = await create(body);
    expect(again).toMatchObject({ kind: 'answer', status: 400 });
    if (again.kind === 'answer') expect(JSON.parse(again.text)).toEqual({ order_external_id: ['An order with this external ID already exists.'] });
    const ids = await listedExternalIds();
    expect(ids.filter((id) => id === body['order_external_id'])).toHaveLength(1);
  });

  test('refund: applied once; reading the order shows it; resending is the duplicate 400; created -> ... -> refunded -> fault_applied', async () => {
    const order = await activated('100.00');
    const rule = await arm({ operation: 'refund', order_id: order.id, effect: { kind: 'lose_answer' } });
    const body = refundBody({ amount: '40.00' });
    expect(await refund(order.id, body)).toEqual({ kind: 'no_answer', code: 'ECONNRESET' });
    expect(await readOrder(base, TOKEN, order.id)).toMatchObject({ refund_amount: '40.00', current_amount: '60.00' });
    expect(await refund(order.id, body)).toMatchObject({ kind: 'answer', status: 400 });
    expect((await readOrder(base, TOKEN, order.id)).refund_amount).toBe('40.00');
    const tail = (await events(order.id)).slice(-3);
    expect(tail.map((e) => e.type)).toEqual(['refunded', 'fault_applied', 'refund_refused']);
    expect(tail[1]).toMatchObject({ fault_id: rule.id, operation: 'refund', effect: { kind: 'lose_answer' } });
  });

  test('the sandbox logs the reset as closed, not as a status, and never a 5xx', () => {
    expect(lines.filter((line) => line.includes('(fault lose_answer)')).every((line) => / closed \d+ms \(fault lose_answer\)$/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes('(fault lose_answer)'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('ERROR') || (/ 5\d\d \d+ms$/.test(line)))).toEqual([]);
  });
});

describe('which requests a rule matches', () => {
  test('any: the next create, read and refund each take one use, oldest rule first', async () => {
    const order = await activated();
    const first = await arm({ operation: 'any', effect: { kind: 'status', status: 500 }, times: 2 });
    await arm({ operation: 'any', effect: { kind: 'status', status: 418 } });
    expect((await armed()).map((r) => r.remaining)).toEqual([2, 1]);
    expect(await create(orderBody())).toMatchObject({ status: 500 });
    expect((await armed()).map((r) => r.id === first.id && r.remaining)).toEqual([1, false]);
    expect(await read(order.id)).toMatchObject({ status: 500 });
    expect(await refund(order.id, refundBody())).toMatchObject({ status: 418 });
    expect(await armed()).toEqual([]);
    expect(await read(order.id)).toMatchObject({ status: 200 });
  });

  test('order_id: only that order\'s requests', async () => {
    const a = await createOrder(base, TOKEN);
    const b = await createOrder(base, TOKEN);
    await arm({ operation: 'read', order_id: a.id, effect: { kind: 'status', status: 503 } });
    expect(await read(b.id)).toMatchObject({ status: 200 });
    expect(await create(orderBody())).toMatchObject({ status: 201 });
    expect(await read(a.id)).toMatchObject({ status: 503 });
  });

  test('another token\'s requests never take the rule', async () => {
    const mine = await createOrder(base, TOKEN);
    const theirs = await createOrder(base, OTHER);
    await arm({ operation: 'any', effect: { kind: 'drop' }, times: 3 });
    expect(await read(theirs.id, OTHER)).toMatchObject({ status: 200 });
    expect(await create(orderBody(), OTHER)).toMatchObject({ status: 201 });
    expect(await read(mine.id, OTHER)).toMatchObject({ status: 404 });
    expect((await armed()).map((r) => r.remaining)).toEqual([3]);
  });

  test('the control API, the checkout page and requests refused before their order are not touched', async () => {
    const order = await createOrder(base, TOKEN);
    await arm({ operation: 'any', effect: { kind: 'drop' }, times: 5 });
    expect((await call(base, 'GET', sandboxPaths.orders(), { token: TOKEN })).status).toBe(200);
    expect((await call(base, 'GET', sandboxPaths.checkout(order.id), { token: null })).status).toBe(200);
    expect((await call(base, 'POST', `${sandboxPaths.checkout(order.id)}/approve`, { token: null })).status).toBe(303);
    expect((await call(base, 'POST', sandboxPaths.orderStatus(order.id), { token: TOKEN, json: { status: 'refunded' } })).status).toBe(200);
    expect((await call(base, 'GET', sandboxPaths.orderEvents(order.id), { token: TOKEN })).status).toBe(200);
    expect(await create({})).toMatchObject({ status: 400 });
    expect(await read('3b241101-e2bb-4255-8caf-4136c566a962')).toMatchObject({ status: 404 });
    expect(await refund(order.id, { amount: 'x' })).toMatchObject({ status: 400 });
    expect((await armed()).map((r) => r.remaining)).toEqual([5]);
  });

  test('concurrent requests never take one use twice: 5 uses, 20 reads at once, exactly 5 faulted', async () => {
    const order = await createOrder(base, TOKEN);
    await arm({ operation: 'read', effect: { kind: 'status', status: 503 }, times: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => read(order.id)));
    expect(results.filter((r) => r.kind === 'answer' && r.status === 503)).toHaveLength(5);
    expect(results.filter((r) => r.kind === 'answer' && r.status === 200)).toHaveLength(15);
    expect(await armed()).toEqual([]);
    expect((await events(order.id)).filter((e) => e.type === 'fault_applied')).toHaveLength(5);
  });

  test('concurrent creates share a rule\'s uses the same way, across one group statement', async () => {
    await arm({ operation: 'create', effect: { kind: 'status', status: 503 }, times: 3 });
    await arm({ operation: 'create', effect: { kind: 'lose_answer' }, times: 2 });
    const bodies = Array.from({ length: 12 }, () => orderBody());
    const results = await Promise.all(bodies.map((body) => create(body)));
    expect(results.filter((r) => r.kind === 'answer' && r.status === 503)).toHaveLength(3);
    expect(results.filter((r) => r.kind === 'no_answer')).toHaveLength(2);
    expect(results.filter((r) => r.kind === 'answer' && r.status === 201)).toHaveLength(7);
    const listed = new Set(await listedExternalIds());
    expect(bodies.filter((b) => listed.has(String(b['order_external_id'])))).toHaveLength(9);
  });
});
