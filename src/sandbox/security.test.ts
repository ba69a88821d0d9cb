import { timingSafeEqual } from 'node:crypto';
import type * as Crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { validCreateBody, validRefundBody } from '../contract/test-support.ts';
import { createApp } from './app.ts';
import { ownerKey } from './auth.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';
import { testStoreLocation } from './testing/test-store.ts';

// docs/decisions.md D2 and the issue's security list: every API route refuses every bad Authorization
// header, tokens are compared in constant time, one token never reaches another's orders, every
// response carries the security headers, the checkout page never redirects to a non-http(s) URL,
// and no log line holds a token. The console's own files: src/server/static-console.test.ts.

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const TOKEN_A = 'sec-token-alpha-5f1c2e';
const TOKEN_B = 'sec-token-bravo-9a7d03';
// Near misses of TOKEN_A: each must be a stranger, never TOKEN_A's owner.
const NEAR_A = [TOKEN_A.toUpperCase(), TOKEN_A.slice(0, -1), `${TOKEN_A}0`, TOKEN_A.replace('alpha', 'alphA')];
const TOKENS = [TOKEN_A, TOKEN_B, ...NEAR_A];
const SOME_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const logLines: string[] = [];
let store: Store;
let app: ReturnType<typeof createApp>;
let orderA: { id: string; current: string };

const create = (token: string, body: unknown) =>
  app.request(orderServicePaths.orderCreate(), {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const post = (token: string, path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const get = (token: string, path: string) => app.request(path, { headers: { Authorization: `Token ${token}` } });

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  const log = (line: string) => logLines.push(line);
  app = createApp({ store, tokens: TOKENS, log });
  const created = orderSchema.parse(await (await create(TOKEN_A, { ...validCreateBody(), order_external_id: 'sec-a-1' })).json());
  const moved = orderSchema.parse(await (await post(TOKEN_A, sandboxPaths.orderStatus(created.id), { status: 'activated' })).json());
  orderA = { id: moved.id, current: moved.current_amount };
}, 60_000);

afterAll(async () => {
  await store.close();
  // Every line the server wrote for every test in this file, whichever order they ran in.
  expect(logLines.length).toBeGreaterThan(100);
  for (const line of logLines) {
    for (const token of TOKENS) expect(line).not.toContain(token);
  }
});

const ROUTES: [string, string, () => string][] = [
  ['orderCreate', 'POST', () => orderServicePaths.orderCreate()],
  ['read', 'GET', () => orderServicePaths.orderRead(orderA.id)],
  ['read (HEAD)', 'HEAD', () => orderServicePaths.orderRead(orderA.id)],
  ['orderRefund', 'POST', () => orderServicePaths.orderRefund(orderA.id)],
  ['list', 'GET', () => `${sandboxPaths.orders()}?limit=500`],
  ['status', 'POST', () => sandboxPaths.orderStatus(orderA.id)],
  ['reset', 'POST', () => sandboxPaths.reset()],
  ['a method not allowed', 'DELETE', () => orderServicePaths.orderRead(orderA.id)],
  ['a CORS preflight', 'OPTIONS', () => orderServicePaths.orderCreate()],
  ['an unknown /psp/ path', 'GET', () => '/psp/v2/'],
  ['an unknown /sandbox/ path', 'GET', () => '/sandbox/anything'],
];

const BAD_HEADERS: [string, Record<string, string>][] = [
  ['no Authorization', {}],
  ['Bearer x', { Authorization: 'Bearer x' }],
  ['Bearer with the real token', { Authorization: `Bearer ${TOKEN_A}` }],
  ['Basic with the real token', { Authorization: `Basic ${Buffer.from(`${TOKEN_A}:`).toString('base64')}` }],
  ['the bare token, no scheme', { Authorization: TOKEN_A }],
  ['Token', { Authorization: 'Token' }],
  ['Token and a space', { Authorization: 'Token ' }],
  ['Token  x y', { Authorization: 'Token  x y' }],
  ['Token x y', { Authorization: 'Token x y' }],
  ['the token twice', { Authorization: `Token ${TOKEN_A}, Token ${TOKEN_A}` }],
  ['Token glued to the token', { Authorization: `Token${TOKEN_A}` }],
  ['an unknown token', { Authorization: 'Token nope' }],
  ['an empty-looking token', { Authorization: 'Token ""' }],
  ['a 10 kB token', { Authorization: `Token ${'t'.repeat(10_000)}` }],
  ['the token in the query string', {}],
  ['the token in a cookie', { Cookie: `token=${TOKEN_A}; sessionid=${TOKEN_A}` }],
];

describe('authentication on every /psp/ and /sandbox/ route (D2)', () => {
  test('every route x every bad Authorization header -> 401 with WWW-Authenticate: Token, nothing changes', async () => {
    const before = await (await get(TOKEN_A, orderServicePaths.orderRead(orderA.id))).json();
    for (const [route, method, path] of ROUTES) {
      for (const [name, headers] of BAD_HEADERS) {
        const url = name === 'the token in the query string' ? `${path()}${path().includes('?') ? '&' : '?'}token=${TOKEN_A}&auth_token=${TOKEN_A}` : path();
        const response = await app.request(url, {
          method,
          headers: { ...headers, 'Content-Type': 'application/json' },
          ...(method === 'POST' && { body: JSON.stringify(route === 'status' ? { status: 'refunded' } : route === 'orderRefund' ? validRefundBody() : validCreateBody()) }),
        });
        const label = `${route} with ${name}`;
        expect(response.status, label).toBe(401);
        expect(response.headers.get('www-authenticate'), label).toBe('Token');
        if (method === 'HEAD') continue;
        const text = await response.text();
        expect(Object.keys(JSON.parse(text) as object).sort(), label).toEqual(['code', 'detail']);
        expect(text, label).toMatch(/"code":"(not_authenticated|authentication_failed)"/);
        expect(text, label).not.toContain(TOKEN_A);
      }
    }
    expect(await (await get(TOKEN_A, orderServicePaths.orderRead(orderA.id))).json()).toEqual(before);
    expect(await (await get(TOKEN_A, `${sandboxPaths.orders()}?q=sec-a-1`)).json()).toMatchObject({ results: [{ id: orderA.id }] });
  }, 60_000);

  test('no response opens the API to other origins (no CORS headers)', async () => {
    for (const [, method, path] of ROUTES) {
      // TOKEN_B: this walks every route, reset included, and A's order must outlive it.
      const response = await app.request(path(), { method, headers: { Origin: 'https://evil.example', Authorization: `Token ${TOKEN_B}` } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});

describe('constant-time token comparison', () => {

  test.each([
    ['an unknown token', 'Token nope'],
    ['the first known token', `Token ${TOKEN_A}`],
    ['the last known token', `Token ${NEAR_A.at(-1) ?? ''}`],
    ['a token sharing all but the last character', `Token ${TOKEN_A.slice(0, -1)}x`],
    ['a 10 kB token', `Token ${'t'.repeat(10_000)}`],
  ])('%s: compared with every known token, as equal-length SHA-256 digests', async (_name, header) => {
    const earlier = vi.mocked(timingSafeEqual).mock.calls.length;
    await app.request(sandboxPaths.orders(), { headers: { Authorization: header } });
    const calls = vi.mocked(timingSafeEqual).mock.calls.slice(earlier);
    // No early exit: the number of comparisons says nothing about which token matched, or whether one did.
    expect(calls).toHaveLength(TOKENS.length);
    for (const [a, b] of calls) {
      expect(a).toHaveLength(32);
      expect(b).toHaveLength(32);
    }
  });
});

describe('one token never reaches another token’s orders', () => {
  test('for every stranger and every route: 404 or an empty list, and the order stays as it was', async () => {
    const strangers = [TOKEN_B, ...NEAR_A];
    const own = await get(TOKEN_A, orderServicePaths.orderRead(orderA.id));
    expect(own.status).toBe(200);
    const before: unknown = await own.json();
    const ownList: unknown = await (await get(TOKEN_A, `${sandboxPaths.orders()}?limit=1`)).json();
    const cursor = typeof ownList === 'object' && ownList !== null && 'next_cursor' in ownList ? String(ownList.next_cursor) : '';
    for (const token of strangers) {
      expect((await get(token, orderServicePaths.orderRead(orderA.id))).status, token).toBe(404);
      expect((await app.request(orderServicePaths.orderRead(orderA.id), { method: 'HEAD', headers: { Authorization: `Token ${token}` } })).status).toBe(404);
      expect((await post(token, orderServicePaths.orderRefund(orderA.id), { ...validRefundBody(), amount: '0.01' })).status, token).toBe(404);
      for (const status of ['refunded', 'error', 'activated']) {
        expect((await post(token, sandboxPaths.orderStatus(orderA.id), { status })).status, token).toBe(404);
      }
      for (const query of [`q=${orderA.id}`, 'q=sec-a-1', 'status=activated', `cursor=${cursor}`, 'limit=500']) {
        const list = await get(token, `${sandboxPaths.orders()}?${query}`);
        expect(JSON.stringify(await list.json()), `${token} ${query}`).not.toContain(orderA.id);
      }
      expect((await post(token, sandboxPaths.reset(), {})).status).toBe(204);
    }
    expect(await (await get(TOKEN_A, orderServicePaths.orderRead(orderA.id))).json()).toEqual(before);
  });

  test('orders are kept under a hash of the token, never the token', async () => {
    expect(ownerKey(TOKEN_A)).toMatch(/^[0-9a-f]{64}$/);
    expect(ownerKey(TOKEN_A)).not.toContain(TOKEN_A);
    const own = await store.listOrders(ownerKey(TOKEN_A), { limit: 500, cursor: null, status: null, q: null });
    expect(own.map((o) => o.id)).toContain(orderA.id);
    expect(await store.listOrders(TOKEN_A, { limit: 500, cursor: null, status: null, q: null })).toEqual([]);
  });
});

describe('security headers on every kind of response', () => {
  async function fromServer(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    return app.request(path, { method, headers, ...(body !== undefined && { body }) });
  }
  const auth = { Authorization: `Token ${TOKEN_A}` };
  const json = { ...auth, 'Content-Type': 'application/json' };

  test('checkout pages and redirects, API answers and errors', async () => {
    const fresh = orderSchema.parse(await (await create(TOKEN_A, { ...validCreateBody(), order_external_id: 'sec-headers' })).json());
    const cases: [string, Promise<Response>][] = [
      ['checkout page', fromServer('GET', sandboxPaths.checkout(fresh.id))],
      ['checkout 404 page', fromServer('GET', sandboxPaths.checkout(SOME_ID))],
      ['checkout 405', fromServer('PUT', sandboxPaths.checkout(fresh.id))],
      ['checkout redirect', fromServer('POST', `${sandboxPaths.checkout(fresh.id)}/approve`)],
      ['checkout 409 page', fromServer('POST', `${sandboxPaths.checkout(fresh.id)}/cancel`)],
      ['read 200', fromServer('GET', orderServicePaths.orderRead(orderA.id), auth)],
      ['400', fromServer('POST', orderServicePaths.orderCreate(), json, '{}')],
      ['400 parse error', fromServer('POST', orderServicePaths.orderCreate(), json, '{')],
      ['401', fromServer('GET', sandboxPaths.orders())],
      ['404', fromServer('GET', orderServicePaths.orderRead(SOME_ID), auth)],
      ['405', fromServer('DELETE', sandboxPaths.orders(), auth)],
      ['409', fromServer('POST', orderServicePaths.orderRefund(fresh.id), json, JSON.stringify(validRefundBody()))],
      ['413', fromServer('POST', orderServicePaths.orderCreate(), json, `"${'x'.repeat(1024 * 1024)}"`)],
      ['415', fromServer('POST', orderServicePaths.orderCreate(), { ...auth, 'Content-Type': 'text/plain' }, '{}')],
      ['204', fromServer('POST', sandboxPaths.reset(), { Authorization: `Token ${NEAR_A[0] ?? ''}` })],
      ['openapi', fromServer('GET', '/openapi.json')],
    ];
    for (const [name, pending] of cases) {
      const response = await pending;
      expect(response.status, name).toBeLessThan(500);
      expect(response.headers.get('content-security-policy'), name).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), name).toBe('no-referrer');
      expect(response.headers.get('x-frame-options'), name).toBe('DENY');
    }
  });

  test('every /psp/ and /sandbox/ answer says Cache-Control: no-store, success or error', async () => {
    const fresh = orderSchema.parse(await (await create(TOKEN_A, { ...validCreateBody(), order_external_id: 'sec-no-store' })).json());
    const cases: [string, Promise<Response>][] = [
      ['create 201', Promise.resolve(create(TOKEN_A, { ...validCreateBody(), order_external_id: 'sec-no-store-2' }))],
      ['read 200', fromServer('GET', orderServicePaths.orderRead(orderA.id), auth)],
      ['list 200', fromServer('GET', sandboxPaths.orders(), auth)],
      ['events 200', fromServer('GET', sandboxPaths.orderEvents(orderA.id), auth)],
      ['request 200', fromServer('GET', sandboxPaths.orderRequest(orderA.id), auth)],
      ['faults 200', fromServer('GET', sandboxPaths.faults(), auth)],
      ['400', fromServer('POST', orderServicePaths.orderCreate(), json, '{}')],
      ['401', fromServer('GET', sandboxPaths.orders())],
      ['404', fromServer('GET', orderServicePaths.orderRead(SOME_ID), auth)],
      ['405', fromServer('DELETE', sandboxPaths.orders(), auth)],
      ['checkout page', fromServer('GET', sandboxPaths.checkout(fresh.id))],
    ];
    for (const [name, pending] of cases) expect((await pending).headers.get('cache-control'), name).toBe('no-store');
  });
});

describe('the checkout page never sends the customer to a non-http(s) URL', () => {
  const HOSTILE_RETURN_URLS = [
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/path',
    '/relative/path',
    'https:javascript:alert(1)',
  ];

  test('the API refuses each of them as a return_url', async () => {
    for (const returnUrl of HOSTILE_RETURN_URLS) {
      const response = await create(TOKEN_A, { ...validCreateBody(), order_external_id: `ret-${crypto.randomUUID().slice(0, 8)}`, return_url: returnUrl });
      expect(response.status, returnUrl).toBe(400);
      expect(Object.keys((await response.json()) as object), returnUrl).toEqual(['return_url']);
    }
  });

  test('stored anyway (an older or another writer), no action redirects: a page shows the result and the URL as text', async () => {
    for (const [index, returnUrl] of HOSTILE_RETURN_URLS.entries()) {
      for (const action of ['approve', 'reject', 'cancel']) {
        const stored = await store.createOrder(ownerKey(TOKEN_A), {
          externalId: `stored-${index}-${action}`,
          service: 'provider-pay',
          paymentIdentifier: 'PI',
          returnUrl,
          amount: '10.00',
          requestText: '{}',
          checkoutOrigin: 'http://127.0.0.1:8080',
        });
        if (stored.kind !== 'created') throw new Error('not created');
        const response = await app.request(`${sandboxPaths.checkout(stored.order.id)}/${action}`, { method: 'POST' });
        const label = `${action} ${JSON.stringify(returnUrl)}`;
        expect(response.status, label).toBe(200);
        expect(response.headers.get('location'), label).toBeNull();
        const html = await response.text();
        expect(html, label).not.toMatch(/<a\s[^>]*href="(?!\/sandbox\/)/i);
        expect(html, label).not.toMatch(/http-equiv|<script/i);
      }
    }
  });

  test('every return_url the API accepts redirects to the same http(s) origin, with the result appended', async () => {
    await fc.assert(
      fc.asyncProperty(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }), async (returnUrl) => {
        const response = await create(TOKEN_A, { ...validCreateBody(), order_external_id: `prop-${crypto.randomUUID().slice(0, 8)}`, return_url: returnUrl });
        if (response.status !== 201) return;
        const order = orderSchema.parse(await response.json());
        const redirect = await app.request(`${sandboxPaths.checkout(order.id)}/cancel`, { method: 'POST' });
        expect(redirect.status).toBe(303);
        const location = new URL(redirect.headers.get('location') ?? '');
        expect(['http:', 'https:']).toContain(location.protocol);
        expect(location.origin).toBe(new URL(returnUrl).origin);
        expect(location.searchParams.get('order_id')).toBe(order.id);
        expect(location.searchParams.get('status')).toBe('canceled');
      }),
      { numRuns: 60 },
    );
  });
});

describe('logs', () => {
  test('no line the server wrote holds a token, whatever the requests carried', async () => {
    const before = logLines.length;
    await app.request(`${sandboxPaths.orders()}?token=${TOKEN_B}`, { headers: { Authorization: `Token ${TOKEN_A}` } });
    await create(TOKEN_B, { ...validCreateBody(), order_external_id: 'log-check', customer_data: { email: TOKEN_B } });
    await app.request(orderServicePaths.orderCreate(), { method: 'POST', headers: { Authorization: `Bearer ${TOKEN_A}` } });
    await app.request(orderServicePaths.orderCreate(), { method: 'POST', headers: { Authorization: `Token ${TOKEN_A} ${TOKEN_B}` } });
    // These four requests' lines here; every other test's lines when the file ends (afterAll).
    const mine = logLines.slice(before);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    for (const line of mine) {
      for (const token of TOKENS) expect(line).not.toContain(token);
    }
  });

  test('an internal error: a bare 500 with the headers, a log line without the token or the stack in the answer', async () => {
    const lines: string[] = [];
    const broken: Store = {
      ...store,
      getOrder: () => Promise.reject(new Error('disk on fire')),
      readOrder: () => Promise.reject(new Error('disk on fire')),
    };
    const brokenApp = createApp({ store: broken, tokens: [TOKEN_A], log: (line) => lines.push(line) });
    const response = await brokenApp.request(orderServicePaths.orderRead(SOME_ID), { headers: { Authorization: `Token ${TOKEN_A}` } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: 'Internal error', code: 'internal_error' });
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(lines.some((line) => line.startsWith('ERROR GET') && line.includes('disk on fire'))).toBe(true);
    for (const line of lines) expect(line).not.toContain(TOKEN_A);
  });
});
