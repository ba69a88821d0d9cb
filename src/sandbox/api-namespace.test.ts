import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths, SANDBOX_NAMESPACE_HEADER, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, createOrder } from './testing/http.ts';

// A namespace keeps a scenario run's orders, history and fault rules apart from the
// token's own, so a person sharing the token keeps a readable list.

const TOKEN = 'namespace-token';
const NAMESPACE = { [SANDBOX_NAMESPACE_HEADER]: 'scenarios-run-1' };
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: ':memory:', tokens: [TOKEN], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

const idsIn = (json: unknown) => orderSchema.array().parse((json as { results: unknown }).results).map((o) => o.id);

describe('X-Sandbox-Namespace', () => {
  test("orders created in a namespace are not in the token's own list, and the reverse", async () => {
    const own = await createOrder(base, TOKEN);
    const created = await call(base, 'POST', orderServicePaths.orderCreate(), {
      token: TOKEN,
      headers: NAMESPACE,
      json: { order_external_id: 'NS-1', return_url: 'https://shop.example.com/r', order_data: { eshop_external_id: 'e', amount: '5.00' }, customer_data: {} },
    });
    expect(created.status).toBe(201);
    const inNamespace = orderSchema.parse(created.json);

    // Each list holds its own order and not the other's (other tests here add orders to the token's own).
    const ownIds = idsIn((await call(base, 'GET', sandboxPaths.orders(), { token: TOKEN })).json);
    expect(ownIds).toContain(own.id);
    expect(ownIds).not.toContain(inNamespace.id);
    const namespaceIds = idsIn((await call(base, 'GET', sandboxPaths.orders(), { token: TOKEN, headers: NAMESPACE })).json);
    expect(namespaceIds).toContain(inNamespace.id);
    expect(namespaceIds).not.toContain(own.id);
    // Nor can it be read without the namespace.
    expect((await call(base, 'GET', orderServicePaths.orderRead(inNamespace.id), { token: TOKEN })).status).toBe(404);
  });

  test('a fault armed in a namespace fires only there', async () => {
    const armed = await call(base, 'POST', sandboxPaths.faults(), { token: TOKEN, headers: NAMESPACE, json: { operation: 'create', effect: { kind: 'status', status: 503 } } });
    expect(armed.status).toBe(201);
    expect((await call(base, 'GET', sandboxPaths.faults(), { token: TOKEN })).json).toEqual({ results: [] });
    await createOrder(base, TOKEN);
    const list = await call(base, 'GET', sandboxPaths.faults(), { token: TOKEN, headers: NAMESPACE });
    expect((list.json as { results: unknown[] }).results).toHaveLength(1);
    await call(base, 'DELETE', sandboxPaths.faults(), { token: TOKEN, headers: NAMESPACE });
  });

  test('a reset in a namespace deletes its orders only', async () => {
    const own = await createOrder(base, TOKEN);
    expect((await call(base, 'POST', sandboxPaths.reset(), { token: TOKEN, headers: NAMESPACE })).status).toBeLessThan(300);
    expect(idsIn((await call(base, 'GET', sandboxPaths.orders(), { token: TOKEN, headers: NAMESPACE })).json)).toEqual([]);
    expect(idsIn((await call(base, 'GET', sandboxPaths.orders(), { token: TOKEN })).json)).toContain(own.id);
  });

  test.each(['', 'has space', 'x'.repeat(65), 'ünï'])('a namespace %j is refused with 400, not used', async (name) => {
    const result = await call(base, 'GET', sandboxPaths.orders(), { token: TOKEN, headers: { [SANDBOX_NAMESPACE_HEADER]: name } });
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 'invalid_namespace' });
  });

  test('without a valid token the namespace changes nothing: 401', async () => {
    const result = await call(base, 'GET', sandboxPaths.orders(), { token: 'wrong', headers: NAMESPACE });
    expect(result.status).toBe(401);
  });
});
