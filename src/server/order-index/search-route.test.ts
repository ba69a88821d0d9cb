import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { indexedOrderListSchema, orderSearchPageSchema } from '../../contract/order-index.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import { validCreateBody } from '../../contract/test-support.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { cookieOf, signIn, startTeamServer, teamRefundBody } from '../testing/team-server.ts';

// What passes through the console server lands in the team order index, and the lookup's
// search answers from it: customer fields only for roles that may see personal data, searches by
// customer field audited, a viewer refused an e-mail search.

let server: TeamServer;
const cookies = new Map<string, string>();

const detailSchema = z.object({ code: z.string(), detail: z.string() });

function as(email: string, method: string, path: string, json?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, ...(json !== undefined && { 'Content-Type': 'application/json' }) },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
}
const search = async (email: string, q: string) => as(email, 'GET', `/api/orders/search?q=${encodeURIComponent(q)}`);
const found = async (email: string, q: string) => orderSearchPageSchema.parse(await (await search(email, q)).json()).results;

let orderId = '';

beforeAll(async () => {
  server = await startTeamServer();
  await server.addUser('agent@example.com', ['agent']);
  await server.addUser('viewer@example.com', ['viewer']);
  for (const email of ['agent@example.com', 'viewer@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
  const body = validCreateBody();
  const created = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, {
    ...body,
    order_external_id: 'IDX-0001',
    customer_data: { ...body.customer_data, email: 'Karel.Svoboda@Example.com', first_name: 'Karel', last_name: 'Svoboda', phone_number: '+420 602 111 222' },
  });
  expect(created.status).toBe(201);
  orderId = orderSchema.parse(await created.json()).id;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

test('a created order is found by e-mail, name, phone and external id, with its customer fields and where it was seen', async () => {
  await expect.poll(async () => (await found('agent@example.com', 'email:karel.svoboda@example.com')).length).toBe(1);
  for (const q of ['svoboda', '"karel svoboda"', '"602 111 222"', '+420602', '111222', 'ext:idx-00', 'email:karel*']) {
    expect((await found('agent@example.com', q)).map((o) => o.order_id), q).toEqual([orderId]);
  }
  const [hit] = await found('agent@example.com', 'IDX-0001');
  // Where it was seen last changes as the other tests here refund, read and list it (in any order):
  // the refund test follows that; seen first, at its create, stays.
  expect(hit).toMatchObject({ first_source: 'create', customer: { email: 'Karel.Svoboda@Example.com', first_name: 'Karel', last_name: 'Svoboda' } });
});

test('a refund through the console updates the record; a read keeps the customer fields', async () => {
  await server.direct('POST', `/sandbox/orders/${orderId}/status`, { status: 'activated' });
  const refund = await as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, teamRefundBody({ amount: '20.50', reason: 'Goods returned' }));
  expect(refund.status).toBe(200);
  await expect.poll(async () => (await found('agent@example.com', 'ext:IDX-0001'))[0]?.source).toBe('refund');
  expect((await found('agent@example.com', 'ext:IDX-0001'))[0]).toMatchObject({ current_amount: '100.00', customer: { email: 'Karel.Svoboda@Example.com' } });
  expect((await as('agent@example.com', 'GET', `/env/sandbox${orderServicePaths.orderRead(orderId)}`)).status).toBe(200);
  await expect.poll(async () => (await found('agent@example.com', 'ext:IDX-0001'))[0]?.source).toBe('read');
  expect((await found('agent@example.com', 'ext:IDX-0001'))[0]?.customer?.email).toBe('Karel.Svoboda@Example.com');
});

test('a viewer finds the order by external id without its customer fields, free text does not match them, an e-mail search is refused and audited', async () => {
  const [hit] = await found('viewer@example.com', 'IDX-0001');
  expect(hit).toMatchObject({ order_id: orderId, customer: null });
  expect(await found('viewer@example.com', 'svoboda')).toEqual([]);
  const refused = await search('viewer@example.com', 'email:karel.svoboda@example.com');
  expect(refused.status).toBe(403);
  const refusal = detailSchema.parse(await refused.json());
  expect(refusal.code).toBe('permission_denied');
  expect(refusal.detail).toContain("Your role viewer cannot see or search customers' personal data");
  expect(server.audit.at(-1)).toMatchObject({ user: 'viewer@example.com', action: 'forbidden', outcome: 'refused' });
  expect(JSON.stringify(await (await search('viewer@example.com', 'ext:IDX')).json())).not.toContain('Svoboda');
});

test('a search by customer field is audited with who asked for what; one by external id is not', async () => {
  const before = server.audit.length;
  await found('agent@example.com', 'email:karel*');
  const entries = server.audit.slice(before);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ user: 'agent@example.com', action: 'order_search', body: { q: 'email:karel*' }, outcome: '1 found' });
  const after = server.audit.length;
  await found('agent@example.com', 'ext:IDX');
  expect(server.audit.length).toBe(after);
});

test('bad syntax, a foreign environment, a broken cursor: 400 or 404 with a message, never a 5xx', async () => {
  const bad = await search('agent@example.com', 'amount:>>1');
  expect(bad.status).toBe(400);
  const problem = detailSchema.parse(await bad.json());
  expect(problem.code).toBe('invalid_search');
  expect(problem.detail).toContain('amount:>100');
  expect((await search('agent@example.com', 'env:nowhere')).status).toBe(404);
  expect((await search('agent@example.com', 'ext:a\u0000b')).status).toBe(400);
  expect((await as('agent@example.com', 'GET', '/api/orders/search?q=%ZZ%E0%A4')).status).toBeLessThan(500);
  expect((await search('agent@example.com', `ext:${'\u{10FFFF}'.repeat(3)} "'; DROP TABLE order_index; --"`)).status).toBe(200);
  expect((await as('agent@example.com', 'GET', '/api/orders/search?q=&cursor=zzz')).status).toBe(400);
  expect((await fetch(`${server.url}/api/orders/search?q=x`)).status).toBe(401);
});

test('a sandbox list page through the console indexes every order on it', async () => {
  const created = await server.direct('POST', '/psp/v2/order/', { ...validCreateBody(), order_external_id: 'IDX-DIRECT' });
  expect(created.status).toBe(201);
  expect(await found('agent@example.com', 'ext:IDX-DIRECT')).toEqual([]);
  expect((await as('viewer@example.com', 'GET', '/env/sandbox/sandbox/orders')).status).toBe(200);
  await expect.poll(async () => (await found('agent@example.com', 'ext:IDX-DIRECT'))[0]?.source).toBe('list');
  expect((await found('agent@example.com', 'ext:IDX-DIRECT'))[0]?.customer).toBeNull();
});

test('an order the customer approves at the sandbox’s checkout shows activated in search within 5 s, said as the sandbox’s word', async () => {
  const created = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'IDX-CHECKOUT' });
  const order = orderSchema.parse(await created.json());
  await expect.poll(async () => (await found('agent@example.com', 'ext:IDX-CHECKOUT'))[0]?.status).toBe('new');
  // The customer's browser: the public checkout page, its Approve button (a form post, no session).
  const approved = await fetch(`${server.url}${new URL(order.redirect_url).pathname}/approve`, { method: 'POST', redirect: 'manual' });
  expect(approved.status).toBeLessThan(400);
  const started = Date.now();
  await expect.poll(async () => (await found('agent@example.com', 'status:activated ext:IDX-CHECKOUT')).length, { timeout: 5_000, interval: 100 }).toBe(1);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect((await found('agent@example.com', 'ext:IDX-CHECKOUT'))[0]).toMatchObject({ status: 'activated', source: 'sandbox', first_source: 'create' });
});

test('the order page’s record: the customer for a role that may see it, hidden from a viewer; bounded and checked', async () => {
  const record = async (email: string, query: string) => {
    const response = await as(email, 'GET', `/api/env/sandbox/order-index?${query}`);
    return { status: response.status, body: response.status === 200 ? indexedOrderListSchema.parse(await response.json()).results : [] };
  };
  const agent = await record('agent@example.com', `ids=${orderId},00000000-0000-4000-8000-000000000000`);
  expect(agent.body).toMatchObject([{ order_id: orderId, customer_visible: true, customer: { email: 'Karel.Svoboda@Example.com' } }]);
  const viewer = await record('viewer@example.com', `ids=${orderId}`);
  expect(viewer.body).toMatchObject([{ order_id: orderId, customer_visible: false, customer: null }]);
  expect((await record('agent@example.com', 'ids=nope')).status).toBe(400);
  expect((await record('agent@example.com', `ids=${Array.from({ length: 101 }, () => orderId).join(',')}`)).status).toBe(400);
});
