import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { orderSearchPageSchema } from '../../contract/order-index.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import { serviceKeyAnswerSchema } from '../../contract/service-accounts.ts';
import { validCreateBody, validRefundBody } from '../../contract/test-support.ts';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import { runCommand } from '../../sandbox/testing/child.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { cookieOf, signIn, startTeamServer } from '../testing/team-server.ts';

// The console as the PSP's gateway: a machine client keeps calling the Order Service as it does, with the
// console's address and a service account's key; what it gets back, what the index and the audit learn,
// and what a key may not do.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PROD_TOKEN = 'gateway-test-partner-token-91c4e7';
const dir = mkdtempSync(join(tmpdir(), 'gateway-'));
let service: RunningServer;
let echo: ReturnType<typeof createServer>;
let server: TeamServer;
const cookies = new Map<string, string>();
let agentKey = '';
let viewerKey = '';

/** A machine client: the PSP's backend, its base URL now the console's /env/{id}. */
const machine = (key: string, env: string, method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/env/${env}${path}`, {
    method,
    headers: { Authorization: `Token ${key}`, ...(json !== undefined && { 'Content-Type': 'application/json' }), ...headers },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
const direct = (method: string, path: string, json?: unknown) =>
  fetch(`${service.url}${path}`, { method, headers: { Authorization: `Token ${PROD_TOKEN}`, ...(json !== undefined && { 'Content-Type': 'application/json' }) }, ...(json !== undefined && { body: JSON.stringify(json) }) });
const person = (email: string, method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, ...(json !== undefined && { 'Content-Type': 'application/json' }), ...headers },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
async function search(q: string) {
  const response = await person('agent@example.com', 'GET', `/api/orders/search?q=${encodeURIComponent(q)}&env=prod`);
  return orderSearchPageSchema.parse(await response.json()).results;
}
const headerNames = (headers: Headers) => [...headers.keys()].filter((name) => name !== 'date').sort();

beforeAll(async () => {
  const store = await openStore(':memory:');
  service = await serveApp(createSandboxApp({ store, tokens: [PROD_TOKEN], log: () => undefined }), { port: 0 });
  // A service that echoes what it got, the partner token too, in its body and its headers.
  echo = createServer((request: IncomingMessage, response: ServerResponse) => {
    const got = request.headers.authorization ?? '';
    response.writeHead(201, { 'Content-Type': 'application/json', 'X-Seen': got, 'X-Kept': 'yes', Connection: 'X-Hop', 'X-Hop': 'no', Location: '/psp/v2/order/x/' });
    response.end(JSON.stringify({ seen: got, b64: Buffer.from(got).toString('base64') }));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  const echoUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  // The PSP's operator adds the accounts the way the README says, before the console starts.
  const consoleDb = join(dir, 'console');
  const env = { ...process.env, CONSOLE_DB: consoleDb, CONSOLE_ENVIRONMENTS: '' };
  const added = await runCommand('npx', ['tsx', 'scripts/users.ts', 'add-service', 'shop-backend', '--role', 'agent'], { cwd: ROOT, env });
  expect(added.code, added.stderr).toBe(0);
  agentKey = added.stdout.trim().split('\n').at(-1) ?? '';
  expect(agentKey).toMatch(/^ocsk_[A-Za-z0-9_-]{43}$/);
  server = await startTeamServer({
    consoleDb,
    environments: [
      { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '50.00', serviceRefunds: 'direct', target: { kind: 'sandbox' } },
      { id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', target: { kind: 'http', baseUrl: service.url, token: PROD_TOKEN } },
      { id: 'echo', name: 'Echo', production: false, approvalThreshold: null, target: { kind: 'http', baseUrl: echoUrl, token: PROD_TOKEN } },
    ],
  });
  await server.addUser('admin@example.com', ['admin']);
  await server.addUser('agent@example.com', ['agent']);
  await server.addUser('viewer@example.com', ['viewer']);
  for (const email of ['admin@example.com', 'agent@example.com', 'viewer@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
  const viewer = await person('admin@example.com', 'POST', '/api/service-accounts', { name: 'reporting', grants: ['viewer@prod'] });
  expect(viewer.status).toBe(201);
  viewerKey = serviceKeyAnswerSchema.parse(await viewer.json()).key;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await service?.close();
  echo?.closeAllConnections();
  await new Promise((resolve) => echo?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

test('a machine creates orders through the gateway with its key; an agent finds them by e-mail, part of a name and phone digits', async () => {
  const made = [];
  for (const [i, customer] of [
    { email: 'Vera.Machova@example.com', first_name: 'Věra', last_name: 'Máchová', phone_number: '+420 731 222 333' },
    { email: 'vera.machova@example.com', first_name: 'Věra', last_name: 'Máchová', phone_number: '731222333' },
  ].entries()) {
    const created = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: `GW-${i}`, customer_data: customer });
    expect(created.status).toBe(201);
    made.push(orderSchema.parse(await created.json()));
  }
  const ids = made.map((o) => o.id).sort();
  await expect.poll(async () => (await search('email:vera.machova@example.com')).length).toBe(2);
  for (const q of ['máchov', 'ÁCHOVÁ', '222333', '"731 222"']) expect((await search(q)).map((o) => o.order_id).sort(), q).toEqual(ids);
  expect((await search('ext:GW-0'))[0]).toMatchObject({ first_source: 'service_create', customer: { first_name: 'Věra' } });
  // The audit has each call under the service account, its intent written before it left.
  expect(server.audit.filter((e) => e.user === 'service:shop-backend' && e.action === 'order_create').map((e) => e.outcome)).toEqual(['intent', '201', 'intent', '201']);
});

test('the answer is the service’s own: status, body and headers, a refusal and a 404 included', async () => {
  const created = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-SAME' });
  const order = orderSchema.parse(await created.json());
  const [viaGateway, straight] = [await machine(agentKey, 'prod', 'GET', orderServicePaths.orderRead(order.id)), await direct('GET', orderServicePaths.orderRead(order.id))];
  expect(viaGateway.status).toBe(straight.status);
  expect(await viaGateway.text()).toBe(await straight.text());
  for (const name of headerNames(straight.headers).filter((n) => !['connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(n))) {
    expect(viaGateway.headers.get(name), name).toBe(straight.headers.get(name));
  }
  // A duplicate external id: the service's 400 body as it was (not the browser path's rewriting).
  const again = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-SAME' });
  const againDirect = await direct('POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-SAME' });
  expect([again.status, await again.text()]).toEqual([againDirect.status, await againDirect.text()]);
  const missing = await machine(agentKey, 'prod', 'GET', orderServicePaths.orderRead('00000000-0000-4000-8000-000000000000'));
  expect(missing.status).toBe(404);
});

test('the partner token never comes back, whatever the service echoes; hop-by-hop headers stay behind', async () => {
  const answer = await machine(agentKey, 'echo', 'POST', orderServicePaths.orderCreate(), { order_external_id: 'x' });
  expect(answer.status).toBe(201);
  const text = await answer.text();
  expect(text).not.toContain(PROD_TOKEN);
  expect(text).not.toContain(Buffer.from(`Token ${PROD_TOKEN}`).toString('base64').slice(4, 30));
  expect(text).toContain('[token removed]');
  expect(answer.headers.get('x-seen')).toBeNull();
  expect(answer.headers.get('x-kept')).toBe('yes');
  expect(answer.headers.get('x-hop')).toBeNull();
  expect(answer.headers.get('location')).toBe('/psp/v2/order/x/');
  expect(answer.headers.get('set-cookie')).toBeNull();
});

test('a viewer-role key cannot refund or create; an unknown or revoked key gets 401 at once', async () => {
  const created = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-VIEW' });
  const order = orderSchema.parse(await created.json());
  expect((await machine(viewerKey, 'prod', 'GET', orderServicePaths.orderRead(order.id))).status).toBe(200);
  const refund = await machine(viewerKey, 'prod', 'POST', orderServicePaths.orderRefund(order.id), { ...validRefundBody(), amount: '1.00' });
  expect(refund.status).toBe(403);
  expect(await refund.json()).toMatchObject({ code: 'permission_denied' });
  expect(server.audit.at(-1)).toMatchObject({ user: 'service:reporting', action: 'forbidden', outcome: 'refused' });
  expect((await machine(viewerKey, 'sandbox', 'GET', orderServicePaths.orderRead(order.id))).status).toBe(403);
  expect((await machine('ocsk_nobody-has-this-key', 'prod', 'GET', orderServicePaths.orderRead(order.id))).status).toBe(401);
  // An admin revokes it on the Users page: the very next call is refused.
  expect((await person('admin@example.com', 'POST', '/api/service-accounts/reporting/revoke')).status).toBe(200);
  const refused = await machine(viewerKey, 'prod', 'GET', orderServicePaths.orderRead(order.id));
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toBe('Token');
  // Another console process on the same database revokes it: refused here too, with nothing cached.
  const rotated = serviceKeyAnswerSchema.parse(await (await person('admin@example.com', 'POST', '/api/service-accounts/reporting/rotate')).json());
  expect((await machine(rotated.key, 'prod', 'GET', orderServicePaths.orderRead(order.id))).status).toBe(200);
  await server.db.query("UPDATE console_service_accounts SET status = 'revoked' WHERE name = 'reporting'");
  expect((await machine(rotated.key, 'prod', 'GET', orderServicePaths.orderRead(order.id))).status).toBe(401);
  expect(server.audit.filter((e) => e.action === 'service_account_revoke' || e.action === 'service_account_rotate').map((e) => e.user)).toEqual(['admin@example.com', 'admin@example.com']);
});

test('refunds follow service_refunds: over the threshold, approval refuses with approval_required and direct sends', async () => {
  const created = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-REFUND' });
  const order = orderSchema.parse(await created.json());
  await direct('POST', `/sandbox/orders/${order.id}/status`, { status: 'activated' });
  const over = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderRefund(order.id), { ...validRefundBody(), amount: '100.01' });
  expect(over.status).toBe(403);
  expect(await over.json()).toMatchObject({ code: 'approval_required' });
  const under = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderRefund(order.id), { ...validRefundBody(), amount: '20.50', payment_identifier: 'GW-PI-1' });
  expect(under.status).toBe(200);
  expect(orderSchema.parse(await under.json()).current_amount).toBe('100.00');
  await expect.poll(async () => (await search('ext:GW-REFUND'))[0]?.current_amount).toBe('100.00');
  // The embedded sandbox here says direct: over its threshold of 50.00 the refund is sent.
  const made = orderSchema.parse(await (await machine(agentKey, 'sandbox', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-DIRECT' })).json());
  await server.direct('POST', `/sandbox/orders/${made.id}/status`, { status: 'activated' });
  expect((await machine(agentKey, 'sandbox', 'POST', orderServicePaths.orderRefund(made.id), { ...validRefundBody(), amount: '60.00' })).status).toBe(200);
});

test('a machine that splits a refund meets the approval rule; a person after it counts its refunds; no approval identifier can be spent', async () => {
  const order = orderSchema.parse(await (await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'GW-SPLIT' })).json());
  await direct('POST', `/sandbox/orders/${order.id}/status`, { status: 'activated' });
  const part = (amount: string, id: string) => machine(agentKey, 'prod', 'POST', orderServicePaths.orderRefund(order.id), { ...validRefundBody(), amount, payment_identifier: id, external_id: `X-${id}` });
  // The attack: 3 x 60.00 against prod's threshold of 100.00. Only the first goes.
  expect((await part('60.00', 'GW-SPLIT-1')).status).toBe(200);
  for (const id of ['GW-SPLIT-2', 'GW-SPLIT-3']) {
    const refused = await part('60.00', id);
    expect(refused.status).toBe(403);
    const said = z.object({ code: z.string(), detail: z.string() }).parse(await refused.json());
    expect(said.code).toBe('approval_required');
    expect(said.detail).toContain('come to 120.00 (60.00 before it)');
  }
  expect(orderSchema.parse(await (await direct('GET', orderServicePaths.orderRead(order.id))).json()).current_amount).toBe('60.50');
  // A person's 50.00 after the machine's 60.00 waits for a second person.
  const asked = await person('agent@example.com', 'POST', `/api/env/prod/orders/${order.id}/refunds`, { amount: '50.00', destination_account_number: validRefundBody().destination_account_number, reason: 'Goods returned' });
  expect(asked.status).toBe(202);
  const pending = z.object({ approval: z.object({ payment_identifier: z.string() }) }).parse(await asked.json()).approval.payment_identifier;
  // The pending request's identifier, spent by a machine with 0.01, is refused: the approval cannot end `sent` without its money.
  const spent = await part('0.01', pending);
  expect(spent.status).toBe(400);
  expect(await spent.json()).toHaveProperty('payment_identifier');
  expect(orderSchema.parse(await (await direct('GET', orderServicePaths.orderRead(order.id))).json()).current_amount).toBe('60.50');
  const rows = server.audit.filter((e) => e.order_id === order.id && e.action === 'refund_request' && e.user === 'service:shop-backend').map((e) => e.outcome);
  expect(rows).toEqual(['intent', expect.stringMatching(/^200/), '403 approval_required', '403 approval_required', 'refused_identifiers']);
});

test('a request with a session cookie is a person’s: a key on it neither skips the cross-site check nor lends its role', async () => {
  const body = { ...validCreateBody(), order_external_id: 'GW-MIXED' };
  const crossSite = await person('agent@example.com', 'POST', `/env/prod${orderServicePaths.orderCreate()}`, body, { Authorization: `Token ${agentKey}`, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
  expect(crossSite.status).toBe(403);
  expect(await crossSite.json()).toMatchObject({ code: 'cross_origin' });
  const viewerWithKey = await person('viewer@example.com', 'POST', `/env/prod${orderServicePaths.orderCreate()}`, body, { Authorization: `Token ${agentKey}` });
  expect(viewerWithKey.status).toBe(403);
  expect(await viewerWithKey.json()).toMatchObject({ code: 'permission_denied' });
  expect(await search('ext:GW-MIXED')).toEqual([]);
  // A key's call sets no cookie and needs no Origin.
  const plain = await machine(agentKey, 'prod', 'POST', orderServicePaths.orderCreate(), body);
  expect(plain.status).toBe(201);
  expect(plain.headers.get('set-cookie')).toBeNull();
});
