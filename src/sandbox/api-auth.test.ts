import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { createApp } from './app.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';
import { call, createOrder, moveOrder, orderBody, refundBody } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// Authentication (D2), owner isolation, routing errors, security headers, log lines and the OpenAPI
// document, on the sandbox's app alone (the console's files: src/server/static-console.test.ts).

const TOKEN_A = 'token-a-7f3e9c';
const TOKEN_B = 'token-b-12ab44';
const logLines: string[] = [];
let store: Store;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  server = await serveApp(createApp({ store, tokens: [TOKEN_A, TOKEN_B], log: (line) => logLines.push(line) }));
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
  await store.close();
});

const NO_CREDENTIALS = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };
const INVALID_TOKEN = { detail: 'Invalid token.', code: 'authentication_failed' };
const SOME_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('authentication (D2)', () => {
  test.each([
    ['no Authorization header', undefined, NO_CREDENTIALS],
    ['another scheme', 'Bearer x', NO_CREDENTIALS],
    ['"Token" alone', 'Token', { detail: 'Invalid token header. No credentials provided.', code: 'authentication_failed' }],
    ['"Token " and nothing', 'Token ', { detail: 'Invalid token header. No credentials provided.', code: 'authentication_failed' }],
    ['a token with a space', 'Token x y', { detail: 'Invalid token header. Token string should not contain spaces.', code: 'authentication_failed' }],
    ['two spaces and two words', 'Token  x y', { detail: 'Invalid token header. Token string should not contain spaces.', code: 'authentication_failed' }],
    ['an unknown token', 'Token nope', INVALID_TOKEN],
    ['a known token with a suffix', `Token ${TOKEN_A}x`, INVALID_TOKEN],
  ])('%s -> 401 with WWW-Authenticate: Token', async (_name, header, body) => {
    const headers: Record<string, string> = header === undefined ? {} : { Authorization: header };
    const result = await call(base, 'POST', orderServicePaths.orderCreate(), { json: orderBody(), headers });
    expect(result.status).toBe(401);
    expect(result.headers.get('www-authenticate')).toBe('Token');
    expect(result.json).toEqual(body);
  });

  test('the scheme is case-insensitive, as in DRF', async () => {
    const result = await call(base, 'POST', orderServicePaths.orderCreate(), { json: orderBody(), headers: { Authorization: `token ${TOKEN_A}` } });
    expect(result.status).toBe(201);
  });

  test.each([
    ['POST', orderServicePaths.orderCreate()],
    ['GET', orderServicePaths.orderRead(SOME_ID)],
    ['POST', orderServicePaths.orderRefund(SOME_ID)],
    ['GET', sandboxPaths.orders()],
    ['POST', sandboxPaths.orderStatus(SOME_ID)],
    ['POST', sandboxPaths.reset()],
    ['GET', '/sandbox/unknown'],
    ['GET', '/psp/v2/unknown/'],
  ])('%s %s needs a token', async (method, path) => {
    const result = await call(base, method, path, { json: method === 'POST' ? {} : undefined });
    expect(result.status).toBe(401);
    expect(result.json).toEqual(NO_CREDENTIALS);
  });

  test('the checkout page and its buttons need no token', async () => {
    const order = await createOrder(base, TOKEN_A);
    const page = await call(base, 'GET', sandboxPaths.checkout(order.id));
    expect(page.status).toBe(200);
    const cancel = await call(base, 'POST', `${sandboxPaths.checkout(order.id)}/cancel`);
    expect(cancel.status).toBe(303);
  });
});

describe('each token sees only its own orders', () => {
  test('another token gets 404 for read, refund and status moves, and does not list or reset them', async () => {
    const order = await createOrder(base, TOKEN_A);
    await moveOrder(base, TOKEN_A, order.id, 'activated');
    const notFound = { detail: 'Not found.', code: 'not_found' };

    const read = await call(base, 'GET', orderServicePaths.orderRead(order.id), { token: TOKEN_B });
    expect([read.status, read.json]).toEqual([404, notFound]);
    const refund = await call(base, 'POST', orderServicePaths.orderRefund(order.id), { token: TOKEN_B, json: refundBody() });
    expect([refund.status, refund.json]).toEqual([404, notFound]);
    const move = await call(base, 'POST', sandboxPaths.orderStatus(order.id), { token: TOKEN_B, json: { status: 'error' } });
    expect([move.status, move.json]).toEqual([404, notFound]);
    const list = await call(base, 'GET', `${sandboxPaths.orders()}?q=${order.id}`, { token: TOKEN_B });
    expect(list.json).toEqual({ results: [], next_cursor: null });
    expect((await call(base, 'POST', sandboxPaths.reset(), { token: TOKEN_B })).status).toBe(204);

    const own = await call(base, 'GET', orderServicePaths.orderRead(order.id), { token: TOKEN_A });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: order.id, status: 'activated', current_amount: '120.50' });
  });

  test('the same order_external_id may be used by two tokens', async () => {
    const body = orderBody();
    expect((await call(base, 'POST', orderServicePaths.orderCreate(), { token: TOKEN_A, json: body })).status).toBe(201);
    expect((await call(base, 'POST', orderServicePaths.orderCreate(), { token: TOKEN_B, json: body })).status).toBe(201);
  });
});

describe('routing errors', () => {
  test.each([
    ['an unknown /psp/ path', 'GET', '/psp/v2/orders/'],
    ['an unknown /sandbox/ path', 'GET', '/sandbox/nothing-here'],
    ['a path id that is not a UUID', 'GET', orderServicePaths.orderRead('12345')],
    ['a refund on a non-UUID id', 'POST', orderServicePaths.orderRefund('not-a-uuid')],
    ['an unknown order', 'GET', orderServicePaths.orderRead(SOME_ID)],
    ['a path without the trailing slash', 'POST', '/psp/v2/order'],
  ])('%s -> 404 not_found', async (_name, method, path) => {
    const result = await call(base, method, path, { token: TOKEN_A, json: method === 'POST' ? refundBody() : undefined });
    expect(result.status).toBe(404);
    expect(result.json).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  test.each([
    ['PUT', orderServicePaths.orderCreate(), 'POST'],
    ['GET', orderServicePaths.orderCreate(), 'POST'],
    ['DELETE', orderServicePaths.orderRead(SOME_ID), 'GET, HEAD'],
    ['GET', orderServicePaths.orderRefund(SOME_ID), 'POST'],
    ['PATCH', sandboxPaths.orders(), 'GET, HEAD'],
    ['GET', sandboxPaths.reset(), 'POST'],
    ['POST', '/openapi.json', 'GET, HEAD'],
  ])('%s %s -> 405 naming the method, Allow: %s', async (method, path, allow) => {
    const result = await call(base, method, path, { token: TOKEN_A });
    expect(result.status).toBe(405);
    expect(result.json).toEqual({ detail: `Method "${method}" not allowed.`, code: 'method_not_allowed' });
    expect(result.headers.get('allow')).toBe(allow);
  });
});

describe('security headers (every response)', () => {
  test.each([
    ['a created order', 'POST', orderServicePaths.orderCreate(), TOKEN_A],
    ['a 401', 'GET', sandboxPaths.orders(), null],
    ['a 404', 'GET', '/psp/v2/nothing/', TOKEN_A],
    ['the OpenAPI document', 'GET', '/openapi.json', null],
    ['a checkout 404 page', 'GET', sandboxPaths.checkout(SOME_ID), null],
  ])('%s', async (_name, method, path, token) => {
    const result = await call(base, method, path, { token, json: method === 'POST' ? orderBody() : undefined });
    expect(result.status).toBeLessThan(500);
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('referrer-policy')).toBe('no-referrer');
    expect(result.headers.get('x-frame-options')).toBe('DENY');
    expect(result.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('OpenAPI document (D8)', () => {
  test('GET /openapi.json is OpenAPI 3.1 with orderCreate and orderRefund, no token needed', async () => {
    const result = await call(base, 'GET', '/openapi.json');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    const text = result.text;
    expect(result.json).toMatchObject({ openapi: '3.1.0' });
    expect(text).toContain('"operationId":"orderCreate"');
    expect(text).toContain('"operationId":"orderRefund"');
    expect(text).toContain(`"${orderServicePaths.orderCreate()}"`);
  });
});

describe('request log', () => {
  test('one line per request, METHOD path status ms, never the token or the query string', async () => {
    await call(base, 'GET', `${sandboxPaths.orders()}?q=secret-query`, { token: TOKEN_A });
    await call(base, 'GET', sandboxPaths.orders(), { headers: { Authorization: `Token ${TOKEN_B}-wrong` } });
    expect(logLines.some((line) => /^GET \/sandbox\/orders 401 \d+ms$/.test(line))).toBe(true);
    for (const line of logLines) {
      expect(line).toMatch(/^[A-Z]+ \/\S* \d{3} \d+ms$/);
      expect(line).not.toContain(TOKEN_A);
      expect(line).not.toContain(TOKEN_B);
      expect(line).not.toContain('secret-query');
    }
  });
});
