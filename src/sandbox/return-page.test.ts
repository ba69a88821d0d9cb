import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandboxPaths } from '../contract/paths.ts';
import { createApp } from './app.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, createOrder, moveOrder } from './testing/http.ts';

// The page a sample order's return_url leads to: over real HTTP, without a token.

const TOKEN = 'return-token';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: ':memory:', tokens: [TOKEN], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

const returnPath = (query: string) => `${sandboxPaths.returnPage()}?${query}`;
const HOSTILE = '<img src=x onerror=alert(1)>';

describe('GET /sandbox/return', () => {
  test('the checkout sends the customer there; it says what happened and links to the order in the console, without a token', async () => {
    const order = await createOrder(base, TOKEN, { return_url: `${base}${sandboxPaths.returnPage()}` });
    await moveOrder(base, TOKEN, order.id, 'accepted');
    const approved = await call(base, 'POST', `${sandboxPaths.checkout(order.id)}/approve`);
    expect(approved.status).toBe(303);
    const location = approved.headers.get('location') ?? '';
    expect(location).toBe(`${base}${returnPath(`order_id=${order.id}&status=activated`)}`);

    const page = await call(base, 'GET', location.slice(base.length), { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.text).toContain(`<h1>Order ${order.external_id} is activated</h1>`);
    expect(page.text).toContain('The customer approved the payment.');
    expect(page.text).toContain(`<a class="button" href="/orders/${order.id}">Open the order in the console</a>`);
    expect(page.text).not.toMatch(/<script/i);
  });

  test("the order's real status wins over the one in the address, which is shown as text only", async () => {
    const order = await createOrder(base, TOKEN, { order_external_id: HOSTILE });
    await moveOrder(base, TOKEN, order.id, 'canceled');
    const page = await call(base, 'GET', returnPath(`order_id=${order.id.toUpperCase()}&status=${encodeURIComponent('<script>alert(1)</script>')}`), { token: null });

    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Order &lt;img src=x onerror=alert(1)&gt; is canceled</h1>');
    expect(page.text).toContain('The customer canceled the checkout.');
    expect(page.text).toContain('The checkout reported <code>&lt;script&gt;alert(1)&lt;/script&gt;</code>');
    expect(page.text).not.toContain('<img');
    expect(page.text).not.toMatch(/<script/i);
  });

  test.each([
    ['no order_id', returnPath('status=activated'), 400, 'No order to show'],
    ['an order_id that is not a UUID', returnPath('order_id=../../settings&status=activated'), 400, 'No order to show'],
    ['an order this sandbox does not have', returnPath('order_id=3b241101-e2bb-4255-8caf-4136c566a962&status=activated'), 404, 'Order not found in this sandbox'],
  ])('%s: HTTP %i, a page that says so', async (_name, path, status, heading) => {
    const page = await call(base, 'GET', path, { token: null });
    expect(page.status).toBe(status);
    expect(page.text).toContain(`<h1>${heading}</h1>`);
    // Only an order ID becomes a link to the console; the order may live in the console's environment.
    if (status === 404) expect(page.text).toContain('href="/orders/3b241101-e2bb-4255-8caf-4136c566a962"');
    else expect(page.text).not.toContain('href="/orders/');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  test('any other method: 405', async () => {
    const page = await call(base, 'POST', returnPath('order_id=3b241101-e2bb-4255-8caf-4136c566a962'), { token: null });
    expect(page.status).toBe(405);
  });
});

test('proxy mode: no store to read, so the page shows what the checkout reported and the link to the console', async () => {
  const app = createApp({ log: () => undefined });
  const id = '3b241101-e2bb-4255-8caf-4136c566a962';
  const response = await app.request(returnPath(`order_id=${id}&status=activated`));
  const html = await response.text();

  expect(response.status).toBe(200);
  expect(html).toContain(`The checkout reports order <code>${id}</code> as <strong>activated</strong>`);
  expect(html).toContain(`href="/orders/${id}"`);
  expect((await app.request(sandboxPaths.orders())).status).toBe(404);
});
