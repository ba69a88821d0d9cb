import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { encodeCursor } from './cursor.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, createOrder, moveOrder, readOrder, refundBody, uniqueExternalId } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// The sandbox control API (D7): status moves, the order list, reset; and the customer checkout page.

const TOKEN = 'control-token';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: await testStoreLocation(), tokens: [TOKEN], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

const move = (id: string, status: unknown) => call(base, 'POST', sandboxPaths.orderStatus(id), { token: TOKEN, json: { status } });
const list = (query: string) => call(base, 'GET', `${sandboxPaths.orders()}?${query}`, { token: TOKEN });
const resultsOf = (json: unknown) => orderSchema.array().parse((json as { results: unknown }).results);
const nextCursorOf = (json: unknown) => (json as { next_cursor: string | null }).next_cursor;

describe('POST /sandbox/orders/{id}/status', () => {
  test.each([
    ['new', 'data_completed'],
    ['new', 'checking'],
    ['new', 'activated'],
    ['new', 'rejected'],
    ['new', 'canceled'],
    ['new', 'error'],
  ] as const)('%s -> %s along the allowed path', async (_from, to) => {
    const order = await createOrder(base, TOKEN);
    const result = await move(order.id, to);
    expect(result.status).toBe(200);
    expect(orderSchema.parse(result.json)).toMatchObject({ id: order.id, status: to, current_amount: '120.50', refund_amount: '0.00' });
    expect((await readOrder(base, TOKEN, order.id)).status).toBe(to);
  });

  test.each([
    ['rejected', 'activated'],
    ['canceled', 'new'],
    ['activated', 'canceled'],
    ['accepted', 'rejected'],
    ['error', 'activated'],
  ] as const)('%s -> %s is not reachable: 409 invalid_transition', async (from, to) => {
    const order = await createOrder(base, TOKEN);
    await moveOrder(base, TOKEN, order.id, from);
    const result = await move(order.id, to);
    expect(result.status).toBe(409);
    expect(result.json).toEqual({ detail: `Cannot move order from ${from} to ${to}.`, code: 'invalid_transition' });
    expect((await readOrder(base, TOKEN, order.id)).status).toBe(from);
  });

  test('moving to the current status changes nothing', async () => {
    const order = await createOrder(base, TOKEN);
    const result = await move(order.id, 'new');
    expect(result.status).toBe(200);
    expect(orderSchema.parse(result.json)).toEqual(order);
  });

  test.each([
    ['an unknown status', { status: 'paid' }],
    ['no status', {}],
    ['a status that is not text', { status: 3 }],
  ])('%s -> 400 on status', async (_name, body) => {
    const order = await createOrder(base, TOKEN);
    const result = await call(base, 'POST', sandboxPaths.orderStatus(order.id), { token: TOKEN, json: body });
    expect(result.status).toBe(400);
    expect(Object.keys(result.json as object)).toEqual(['status']);
  });

  test('refunded through the control API refunds the whole current amount', async () => {
    const order = await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '75.30' } });
    await moveOrder(base, TOKEN, order.id, 'activated');
    const partial = await call(base, 'POST', orderServicePaths.orderRefund(order.id), { token: TOKEN, json: refundBody({ amount: '5.10' }) });
    expect(partial.status).toBe(200);
    const result = await move(order.id, 'refunded');
    expect(result.status).toBe(200);
    expect(orderSchema.parse(result.json)).toMatchObject({ status: 'refunded', initial_amount: '75.30', current_amount: '0.00', refund_amount: '75.30' });
  });

  test('straight from new to refunded walks through activated and refunds everything', async () => {
    const order = await createOrder(base, TOKEN);
    expect(orderSchema.parse((await move(order.id, 'refunded')).json)).toMatchObject({ status: 'refunded', current_amount: '0.00', refund_amount: '120.50' });
  });
});

describe('GET /sandbox/orders', () => {
  test('newest first, paged by an opaque cursor, every order once', async () => {
    await call(base, 'POST', sandboxPaths.reset(), { token: TOKEN });
    const created = [];
    for (let i = 0; i < 7; i += 1) created.push(await createOrder(base, TOKEN));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result = await list(`limit=3${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(result.status).toBe(200);
      seen.push(...resultsOf(result.json).map((o) => o.id));
      cursor = nextCursorOf(result.json);
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(created.map((o) => o.id).reverse());
  });

  test('default page size 50 and a status filter', async () => {
    await call(base, 'POST', sandboxPaths.reset(), { token: TOKEN });
    const a = await createOrder(base, TOKEN);
    const b = await createOrder(base, TOKEN);
    await moveOrder(base, TOKEN, b.id, 'canceled');
    const all = await list('');
    expect(resultsOf(all.json).map((o) => o.id)).toEqual([b.id, a.id]);
    expect(nextCursorOf(all.json)).toBeNull();
    expect(resultsOf((await list('status=canceled')).json).map((o) => o.id)).toEqual([b.id]);
    expect(resultsOf((await list('status=activated')).json)).toEqual([]);
  });

  test('q finds a case-insensitive part of the external id or the id; % and _ are literal', async () => {
    const marker = uniqueExternalId('Find_Me%');
    const order = await createOrder(base, TOKEN, { order_external_id: marker });
    const decoy = await createOrder(base, TOKEN, { order_external_id: uniqueExternalId('FindXMeY') });
    const ids = async (q: string) => resultsOf((await list(`q=${encodeURIComponent(q)}`)).json).map((o) => o.id);
    expect(await ids(marker.toLowerCase())).toEqual([order.id]);
    expect(await ids('find_me%')).toEqual([order.id]);
    expect(await ids(order.id.slice(0, 13).toUpperCase())).toEqual([order.id]);
    expect(await ids('findxmey')).toEqual([decoy.id]);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=-1', 'limit'],
    ['status=paid', 'status'],
    ['cursor=garbage!', 'cursor'],
    ['cursor=bm90LWpzb24', 'cursor'],
    [`cursor=${encodeCursor({ createdKey: '2026-02-30T10:00:00.000000Z', id: '3b241101-e2bb-4255-8caf-4136c566a962' })}`, 'cursor'],
  ])('%s -> 400 on %s', async (query, field) => {
    const result = await list(query);
    expect(result.status).toBe(400);
    expect(Object.keys(result.json as object)).toEqual([field]);
  });

  test('limit 500 is allowed', async () => {
    expect((await list('limit=500')).status).toBe(200);
  });
});

describe('POST /sandbox/reset', () => {
  test('204, and the orders are gone', async () => {
    const order = await createOrder(base, TOKEN);
    const result = await call(base, 'POST', sandboxPaths.reset(), { token: TOKEN });
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    expect((await call(base, 'GET', orderServicePaths.orderRead(order.id), { token: TOKEN })).status).toBe(404);
    expect((await list('')).json).toEqual({ results: [], next_cursor: null });
  });
});

describe('customer checkout page (no token)', () => {
  const checkout = (id: string) => sandboxPaths.checkout(id);

  test('shows the order, escaped, with three real buttons and no script', async () => {
    const order = await createOrder(base, TOKEN, {
      order_external_id: '<script>alert("x")</script>&',
      order_data: { eshop_external_id: 'e', amount: '42.5' },
      service: 'pay-in-three',
    });
    const page = await call(base, 'GET', checkout(order.id));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).not.toContain('<script');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
    expect(page.text).toContain('42.50');
    expect(page.text).toContain('pay-in-three');
    expect(page.text).toContain('<dd data-testid="order-status">new</dd>');
    for (const action of ['approve', 'reject', 'cancel']) {
      expect(page.text).toContain(`<form method="post" action="${checkout(order.id)}/${action}">`);
    }
    expect(page.text.match(/<button type="submit"/g)).toHaveLength(3);
  });

  test.each([
    ['approve', 'activated'],
    ['reject', 'rejected'],
    ['cancel', 'canceled'],
  ])('%s -> 303 to return_url with order_id and status=%s, its own query kept', async (action, status) => {
    const order = await createOrder(base, TOKEN, { return_url: 'https://shop.example/done?lang=cs&step=2#top' });
    const result = await call(base, 'POST', `${checkout(order.id)}/${action}`);
    expect(result.status).toBe(303);
    const location = new URL(result.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://shop.example/done');
    expect(Object.fromEntries(location.searchParams)).toEqual({ lang: 'cs', step: '2', order_id: order.id, status });
    expect((await readOrder(base, TOKEN, order.id)).status).toBe(status);
  });

  test.each([
    ['approve', 'activated'],
    ['cancel', 'rejected'],
    ['reject', 'canceled'],
  ])('%s on an order that is already %s -> a 409 page saying so, order unchanged', async (action, status) => {
    const order = await createOrder(base, TOKEN);
    await moveOrder(base, TOKEN, order.id, status);
    const result = await call(base, 'POST', `${checkout(order.id)}/${action}`);
    expect(result.status).toBe(409);
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
    expect(result.text).toContain('is not possible');
    expect(result.text).toContain(`This order is <strong>${status}</strong>`);
    expect((await readOrder(base, TOKEN, order.id)).status).toBe(status);
  });

  test.each(['activated', 'refunded', 'canceled', 'rejected', 'error'])('an order that is %s is past its checkout: no buttons, and a button pressed on an old page is refused', async (status) => {
    const order = await createOrder(base, TOKEN, { return_url: 'https://shop.example/done' });
    await moveOrder(base, TOKEN, order.id, status);
    const page = await call(base, 'GET', checkout(order.id));
    expect(page.status).toBe(200);
    expect(page.text).toContain('This checkout is over');
    expect(page.text).toContain(`<dd data-testid="order-status">${status}</dd>`);
    expect(page.text).not.toContain('<button');
    expect(page.text).toContain(`<a href="https://shop.example/done?order_id=${order.id}&amp;status=${status}">Back to the shop</a>`);
    for (const action of ['approve', 'reject', 'cancel']) {
      const pressed = await call(base, 'POST', `${checkout(order.id)}/${action}`);
      expect(pressed.status).toBe(409);
    }
    expect((await readOrder(base, TOKEN, order.id)).status).toBe(status);
  });

  test.each([
    ['new', ['approve', 'reject', 'cancel']],
    ['checking', ['approve', 'reject', 'cancel']],
    ['accepted', ['approve', 'cancel']],
  ])('an order that is %s offers %j', async (status, actions) => {
    const order = await createOrder(base, TOKEN);
    if (status !== 'new') await moveOrder(base, TOKEN, order.id, status);
    const page = await call(base, 'GET', checkout(order.id));
    expect([...page.text.matchAll(/<button type="submit" class="(\w+)"/g)].map((m) => m[1])).toEqual(actions);
  });

  test.each([
    ['an unknown order', 'GET', checkout('3b241101-e2bb-4255-8caf-4136c566a962')],
    ['an id that is not a UUID', 'GET', checkout('nope')],
    ['an unknown action', 'POST', `${checkout('3b241101-e2bb-4255-8caf-4136c566a962')}/pay`],
    ['a button of an unknown order', 'POST', `${checkout('3b241101-e2bb-4255-8caf-4136c566a962')}/approve`],
  ])('%s -> 404 page', async (_name, method, path) => {
    const result = await call(base, method, path);
    expect(result.status).toBe(404);
    expect(result.text).toContain('Order not found');
  });
});
