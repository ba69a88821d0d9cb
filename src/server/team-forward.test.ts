import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { orderServicePaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { validCreateBody, validRefundBody } from '../contract/test-support.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, SANDBOX_TOKEN, signIn, startTeamServer, teamRefundBody } from './testing/team-server.ts';

// docs/decisions.md D16, the backend for the frontend: the browser calls /env/{id}/... with its session;
// the server checks the role for that environment, adds the token, forwards, records writes, and
// never gives the token back.

const PROD_TOKEN = 'prod-token-only-the-server-knows-91e2';
let upstream: ReturnType<typeof createServer>;
let upstreamUrl: string;
const seen: { method: string; url: string; authorization: string | undefined }[] = [];
let answerWith: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
let server: TeamServer;
const cookies = new Map<string, string>();

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    answerWith(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  server = await startTeamServer({
    environments: [
      { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } },
      { id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', target: { kind: 'http', baseUrl: upstreamUrl, token: PROD_TOKEN } },
      { id: 'down', name: 'Staging', production: false, approvalThreshold: null, target: { kind: 'http', baseUrl: 'http://127.0.0.1:1', token: PROD_TOKEN } },
    ],
  });
  await server.addUser('agent@example.com', ['agent@sandbox', 'viewer@prod', 'agent@down']);
  await server.addUser('viewer@example.com', ['viewer']);
  await server.addUser('admin@example.com', ['admin']);
  for (const email of ['agent@example.com', 'viewer@example.com', 'admin@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

function as(email: string, method: string, path: string, json?: unknown, extra: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, ...(json !== undefined && { 'Content-Type': 'application/json' }), ...extra },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
}

const everything = async (response: Response) => `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await response.text()}`;

describe('the embedded sandbox (in-process)', () => {
  test('an agent creates and refunds (with its reason, D17); the answers hold no token; both writes are audited with their outcome', async () => {
    const created = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-fwd-1' });
    expect(created.status).toBe(201);
    const order = orderSchema.parse(JSON.parse(await created.clone().text()));
    expect(await everything(created)).not.toContain(SANDBOX_TOKEN);
    await server.direct('POST', `/sandbox/orders/${order.id}/status`, { status: 'activated' });
    const refund = await as('agent@example.com', 'POST', `/api/env/sandbox/orders/${order.id}/refunds`, teamRefundBody({ amount: '1.00', reason: 'Customer request' }));
    expect(refund.status).toBe(200);
    expect(await everything(refund)).not.toContain(SANDBOX_TOKEN);

    // Write-ahead (docs/security.md): each write's intent before it leaves, its outcome after.
    const writes = server.audit.filter((e) => e.action === 'order_create' || e.action === 'refund_request');
    expect(writes).toEqual([
      expect.objectContaining({ user: 'agent@example.com', role: 'agent', environment: 'sandbox', action: 'order_create', order_id: null, outcome: 'intent' }),
      expect.objectContaining({ user: 'agent@example.com', role: 'agent', environment: 'sandbox', action: 'order_create', order_id: order.id, outcome: '201' }),
      expect.objectContaining({ user: 'agent@example.com', role: 'agent', environment: 'sandbox', action: 'refund_request', order_id: order.id, outcome: 'intent' }),
      expect.objectContaining({ user: 'agent@example.com', role: 'agent', environment: 'sandbox', action: 'refund_request', order_id: order.id, outcome: '200' }),
    ]);
    expect(JSON.stringify(server.audit)).not.toContain(SANDBOX_TOKEN);
  });

  test('a viewer may read but not create: 403 permission_denied naming the role, audited, nothing created', async () => {
    const list = await as('viewer@example.com', 'GET', '/env/sandbox/sandbox/orders');
    expect(list.status).toBe(200);
    const refused = await as('viewer@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-fwd-viewer' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'Your role viewer cannot create orders in Sandbox.', code: 'permission_denied' });
    expect(server.audit.at(-1)).toMatchObject({ user: 'viewer@example.com', role: 'viewer', environment: 'sandbox', action: 'forbidden', outcome: 'refused' });
    const after = await (await as('viewer@example.com', 'GET', '/env/sandbox/sandbox/orders?q=team-fwd-viewer')).json();
    expect(after).toMatchObject({ results: [] });
  });

  test('no session: 401, nothing forwarded', async () => {
    const response = await fetch(`${server.url}/env/sandbox/sandbox/orders`);
    expect(response.status).toBe(401);
  });

  test('a path the console never calls, or an unknown environment: 404', async () => {
    expect((await as('agent@example.com', 'GET', '/env/sandbox/openapi.json')).status).toBe(404);
    expect((await as('agent@example.com', 'GET', '/env/nowhere/sandbox/orders')).status).toBe(404);
    expect((await as('agent@example.com', 'GET', '/env/prod/sandbox/orders')).status).toBe(404);
  });
});

describe('an Order Service over HTTP', () => {
  test('the token is added by the server and an echo of it never comes back', async () => {
    answerWith = (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': String(req.headers.authorization) });
      res.end(JSON.stringify({ detail: `you sent ${String(req.headers.authorization)}` }));
    };
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    const response = await as('agent@example.com', 'GET', `/env/prod${orderServicePaths.orderRead(id)}?x=1`);
    expect(seen.at(-1)).toEqual({ method: 'GET', url: `${orderServicePaths.orderRead(id)}?x=1`, authorization: `Token ${PROD_TOKEN}` });
    expect(response.status).toBe(200);
    expect(await everything(response)).not.toContain(PROD_TOKEN);
  });

  test('roles are per environment: an agent in the sandbox who is a viewer in production cannot refund there', async () => {
    const before = seen.length;
    const response = await as('agent@example.com', 'POST', '/api/env/prod/orders/3b241101-e2bb-4255-8caf-4136c566a962/refunds', teamRefundBody({ reason: 'Customer request' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'permission_denied' });
    expect(seen.length).toBe(before);
  });

  test("the service refusing the console's token is not the person's session ending: 424 service_refused_token", async () => {
    answerWith = (_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Token' });
      res.end(JSON.stringify({ detail: 'Invalid token.' }));
    };
    const response = await as('agent@example.com', 'GET', `/env/prod${orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962')}`);
    expect(response.status).toBe(424);
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect(await response.json()).toMatchObject({ code: 'service_refused_token' });
  });

  test('a service that cannot be reached: 424 service_unreachable, no 5xx, the refund audited with that outcome', async () => {
    const response = await as('agent@example.com', 'POST', '/api/env/down/orders/3b241101-e2bb-4255-8caf-4136c566a962/refunds', teamRefundBody({ reason: 'Customer request' }));
    expect(response.status).toBe(424);
    const body = z.object({ code: z.string(), detail: z.string() }).parse(await response.json());
    expect(body.code).toBe('service_unreachable');
    expect(body.detail).toContain('Staging');
    expect(server.audit.at(-1)).toMatchObject({ action: 'refund_request', environment: 'down' });
    expect(server.audit.at(-1)?.outcome).toMatch(/^424/);
  });
});

test('/api/me: the person, their grants, per environment what they may do; never a token', async () => {
  const response = await as('agent@example.com', 'GET', '/api/me');
  const text = await everything(response);
  expect(text).not.toContain(PROD_TOKEN);
  expect(text).not.toContain(SANDBOX_TOKEN);
  const body: unknown = JSON.parse(text.slice(text.indexOf('\n{') + 1));
  expect(body).toEqual({
    user: { email: 'agent@example.com' },
    setup: null,
    grants: ['agent@sandbox', 'viewer@prod', 'agent@down'],
    environments: [
      { id: 'sandbox', name: 'Sandbox', production: false, approval_threshold: null, sandbox: true, role: 'agent', permissions: ['read:order', 'create:order', 'request:refund', 'read:customer', 'run:scenarios'] },
      { id: 'prod', name: 'Production', production: true, approval_threshold: '100.00', sandbox: false, role: 'viewer', permissions: ['read:order'] },
      { id: 'down', name: 'Staging', production: false, approval_threshold: null, sandbox: false, role: 'agent', permissions: ['read:order', 'create:order', 'request:refund', 'read:customer', 'run:scenarios'] },
    ],
  });
});

describe('only the documented operations are forwarded', () => {
  const id = '3b241101-e2bb-4255-8caf-4136c566a962';

  test("a viewer's DELETE of an order, a made-up cancel, a PUT: the console's own 404, audited, the service never asked", async () => {
    answerWith = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"deleted": true}');
    };
    const before = seen.length;
    const attempts = [
      ['DELETE', `/env/prod${orderServicePaths.orderRead(id)}`],
      ['POST', `/env/prod${orderServicePaths.orderRead(id)}cancel/`],
      ['PUT', `/env/prod${orderServicePaths.orderRead(id)}`],
      ['GET', '/env/prod/psp/v2/orders/'],
      ['GET', '/env/prod/psp/v1/order/'],
    ] as const;
    for (const [method, path] of attempts) {
      const response = await as('viewer@example.com', method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
      expect(server.audit.at(-1)).toMatchObject({ user: 'viewer@example.com', environment: 'prod', action: 'forward_refused', outcome: 'not_found', body: { method, path: path.slice('/env/prod'.length) } });
    }
    expect(seen.length).toBe(before);
  });

  test('the embedded sandbox: a method its routes do not take is a 404 too; a viewer only reads', async () => {
    const created = orderSchema.parse(await (await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-fwd-methods' })).json());
    for (const [method, path] of [
      ['DELETE', orderServicePaths.orderRead(created.id)],
      ['PATCH', `/sandbox/orders/${created.id}/status`],
      ['PUT', '/sandbox/faults'],
      ['POST', '/sandbox/stats'],
    ] as const) {
      expect((await as('agent@example.com', method, `/env/sandbox${path}`, { status: 'cancelled' })).status, `${method} ${path}`).toBe(404);
    }
    // Each refusal names what was refused, not the permission behind it (create:order).
    const refusals = [
      ['POST', `/sandbox/orders/${created.id}/status`, { status: 'activated' }, undefined, "Your role viewer cannot move an order's status in Sandbox."],
      ['POST', '/sandbox/faults', { operation: 'refund', kind: 'status', status: 503 }, undefined, 'Your role viewer cannot arm faults in Sandbox.'],
      ['DELETE', '/sandbox/faults', undefined, undefined, 'Your role viewer cannot disarm faults in Sandbox.'],
      ['POST', '/sandbox/reset', undefined, { 'X-Sandbox-Namespace': 'viewer-ns' }, "Your role viewer cannot reset a namespace's orders in Sandbox."],
      ['POST', '/sandbox/reset', undefined, undefined, 'Your role viewer cannot reset the whole shared sandbox in Sandbox.'],
    ] as const;
    for (const [method, path, body, headers, detail] of refusals) {
      const refused = await as('viewer@example.com', method, `/env/sandbox${path}`, body, headers);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json(), `${method} ${path}`).toEqual({ detail, code: 'permission_denied' });
      expect(server.audit.at(-1), `${method} ${path}`).toMatchObject({ user: 'viewer@example.com', action: 'forbidden', outcome: 'refused' });
    }
    const order = orderSchema.parse(await (await as('viewer@example.com', 'GET', `/env/sandbox${orderServicePaths.orderRead(created.id)}`)).json());
    expect(order.status).toBe('new');
  });
});

describe('the token never comes back, in any form', () => {
  const encodings = (secret: string) => {
    const header = `Token ${secret}`;
    return {
      upper: header.toUpperCase(),
      lower: header.toLowerCase(),
      url: encodeURIComponent(`{"authorization": "${header}"}`),
      percentAll: [...Buffer.from(secret)].map((b) => `%${b.toString(16).toUpperCase()}`).join(''),
      jsonEscaped: [...secret].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      b64: Buffer.from(header).toString('base64'),
      b64Offset1: Buffer.from(`x${secret}`).toString('base64'),
      b64Offset2: Buffer.from(`{"a":"${secret}"}`).toString('base64url'),
    };
  };

  test("an echoing service's Allow, Retry-After and Content-Type headers and its encoded copies in the body: none reaches the browser", async () => {
    answerWith = (req, res) => {
      const auth = String(req.headers.authorization);
      const secret = auth.replace(/^Token /, '');
      const forms = encodings(secret);
      res.writeHead(429, { 'Content-Type': `application/json; echo=${secret}`, Allow: `GET, ${auth}`, 'Retry-After': forms.b64 });
      // The JSON escapes are written raw, as a service's serialiser would.
      res.end(JSON.stringify({ ...forms, jsonEscaped: 'X' }).replace('"X"', `"${forms.jsonEscaped}"`));
    };
    const response = await as('agent@example.com', 'GET', `/env/prod${orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962')}`);
    expect(response.status).toBe(429);
    const text = await everything(response);
    expect(text.toLowerCase()).not.toContain(PROD_TOKEN.toLowerCase());
    for (const [name, form] of Object.entries(encodings(PROD_TOKEN))) expect(text, name).not.toContain(form);
    // What an attacker would do with the answer: decode every field and look for the token.
    const body = z.record(z.string(), z.string()).parse(JSON.parse(text.slice(text.indexOf('\n{') + 1)));
    const decoded = [
      ...Object.values(body).flatMap((value) => [value, decodeURIComponent(value.replace(/%(?![0-9a-f]{2})/gi, '')), Buffer.from(value, 'base64').toString('latin1'), Buffer.from(value, 'base64url').toString('latin1')]),
      String(JSON.parse(`"${body['jsonEscaped'] ?? ''}"`)),
    ].join('\n');
    expect(decoded.toLowerCase()).not.toContain(PROD_TOKEN.toLowerCase());
  });
});

describe("the sandbox's reset and namespaces through the team forwarder", () => {
  const list = async (email: string, namespace?: string) => {
    const response = await as(email, 'GET', '/env/sandbox/sandbox/orders?limit=500', undefined, namespace === undefined ? {} : { 'X-Sandbox-Namespace': namespace });
    return z.object({ results: z.array(z.object({ external_id: z.string() })) }).parse(await response.json()).results.map((o) => o.external_id);
  };

  test('an agent works in a namespace of their own and may reset it; the shared orders stay', async () => {
    const ns = { 'X-Sandbox-Namespace': 'qa-run-1' };
    const shared = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-ns-shared' });
    expect(shared.status).toBe(201);
    const mine = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-ns-mine' }, ns);
    expect(mine.status).toBe(201);
    expect(await list('agent@example.com', 'qa-run-1')).toEqual(['team-ns-mine']);
    expect(await list('agent@example.com')).not.toContain('team-ns-mine');

    const reset = await as('agent@example.com', 'POST', '/env/sandbox/sandbox/reset', undefined, ns);
    expect(reset.status).toBe(204);
    expect(server.audit.at(-1)).toMatchObject({ user: 'agent@example.com', action: 'sandbox_change', outcome: '204', body: { path: '/sandbox/reset', namespace: 'qa-run-1' } });
    expect(await list('agent@example.com', 'qa-run-1')).toEqual([]);
    expect(await list('agent@example.com')).toContain('team-ns-shared');
  });

  test('resetting the whole shared sandbox: an agent is refused (403, audited, nothing deleted); an admin may', async () => {
    await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-reset-keep' });
    const refused = await as('agent@example.com', 'POST', '/env/sandbox/sandbox/reset');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: 'Your role agent cannot reset the whole shared sandbox in Sandbox.', code: 'permission_denied' });
    expect(server.audit.at(-1)).toMatchObject({ user: 'agent@example.com', action: 'forbidden', body: { permission: 'reset:sandbox' } });
    expect(await list('agent@example.com')).toContain('team-reset-keep');

    expect((await as('admin@example.com', 'POST', '/env/sandbox/sandbox/reset')).status).toBe(204);
    expect(await list('agent@example.com')).toEqual([]);
  });
});

describe('team mode answers the embedded sandbox only through /env/sandbox/', () => {
  test('/psp/ and the control routes with the sandbox token, or the public development token: 404, nothing created or moved', async () => {
    const order = orderSchema.parse(await (await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-direct-1' })).json());
    for (const token of [SANDBOX_TOKEN, 'dev-token']) {
      const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
      const create = await fetch(`${server.url}${orderServicePaths.orderCreate()}`, { method: 'POST', headers, body: JSON.stringify({ ...validCreateBody(), order_external_id: 'team-direct-2' }) });
      expect(create.status).toBe(404);
      expect((await fetch(`${server.url}/sandbox/orders/${order.id}/status`, { method: 'POST', headers, body: '{"status":"activated"}' })).status).toBe(404);
      expect((await fetch(`${server.url}${orderServicePaths.orderRefund(order.id)}`, { method: 'POST', headers, body: JSON.stringify(validRefundBody()) })).status).toBe(404);
      expect((await fetch(`${server.url}${orderServicePaths.orderRead(order.id)}`, { headers })).status).toBe(404);
      for (const path of ['/sandbox/orders', '/sandbox/stats', '/sandbox/faults', `/sandbox/orders/${order.id}/events`]) expect((await fetch(`${server.url}${path}`, { headers })).status, path).toBe(404);
      expect((await fetch(`${server.url}/sandbox/reset`, { method: 'POST', headers })).status).toBe(404);
    }
    const now = orderSchema.parse(await (await as('agent@example.com', 'GET', `/env/sandbox${orderServicePaths.orderRead(order.id)}`)).json());
    expect(now.status).toBe('new');
    expect(await (await as('agent@example.com', 'GET', '/env/sandbox/sandbox/orders?q=team-direct-2')).json()).toMatchObject({ results: [] });
  });

  test("the customer's checkout, without a session or a token, still works: the page, its button, the return page", async () => {
    const order = orderSchema.parse(
      await (await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'team-checkout', return_url: `${server.url}/sandbox/return` })).json(),
    );
    const page = await fetch(order.redirect_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox checkout');
    const approved = await fetch(`${server.url}/sandbox/checkout/${order.id}/approve`, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    const back = await fetch(approved.headers.get('location') ?? '');
    expect(back.status).toBe(200);
    const now = orderSchema.parse(await (await as('viewer@example.com', 'GET', `/env/sandbox${orderServicePaths.orderRead(order.id)}`)).json());
    expect(now.status).not.toBe('new');
  });
});
