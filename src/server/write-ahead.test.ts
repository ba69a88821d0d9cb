import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { approvalSchema } from '../contract/approvals.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { validCreateBody } from '../contract/test-support.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, signIn, startTeamServer, teamRefundBody } from './testing/team-server.ts';

// docs/security.md, "Write-ahead audit": an action that leaves for the service is in the
// audit log before it leaves; when the log cannot be written nothing is sent. Text the database cannot
// keep is a 400 before anything happens, and no input makes the console answer a 5xx of its own.

let server: TeamServer;
const cookies = new Map<string, string>();
const ACCOUNT = 'CZ6508000000192000145399';

function as(email: string, method: string, path: string, body?: unknown, raw?: string) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, ...((body !== undefined || raw !== undefined) && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    ...(raw !== undefined && { body: raw }),
  });
}

async function activatedOrder(amount = '300.00') {
  const created = orderSchema.parse(await (await server.direct('POST', orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: `WA-${crypto.randomUUID().slice(0, 8)}`, order_data: { eshop_external_id: 'e', amount }, items: [] })).json());
  await server.direct('POST', sandboxPaths.orderStatus(created.id), { status: 'activated' });
  return created.id;
}

/** A text in a URL, percent-encoded UTF-8 (which has no surrogates: they become U+FFFD here). */
const inUrl = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

const refundedOf = async (orderId: string) => orderSchema.parse(await (await server.direct('GET', orderServicePaths.orderRead(orderId))).json()).refund_amount;

beforeAll(async () => {
  server = await startTeamServer({ environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '100.00', target: { kind: 'sandbox' } }] });
  await server.addUser('agent@example.com', ['agent']);
  await server.addUser('approver@example.com', ['approver']);
  await server.addUser('admin@example.com', ['admin']);
  for (const email of ['agent@example.com', 'approver@example.com', 'admin@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

test('the audit log refusing every row: an order, a refund, an approval and a sandbox change answer 503 with Retry-After, and none of them happens', async () => {
  const orderId = await activatedOrder();
  const pending = z.object({ approval: approvalSchema }).parse(await (await as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, teamRefundBody({ amount: '150.00', reason: 'Goods returned' }))).json()).approval;
  // What a full disk or a revoked grant does: every append fails (the constraint is checked on new rows only).
  await server.db.exec('ALTER TABLE audit_log ADD CONSTRAINT audit_refused CHECK (false) NOT VALID');
  try {
    const attempts = [
      as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: 'WA-NOT-MADE' }),
      as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, teamRefundBody({ amount: '10.00', reason: 'Goods returned' })),
      as('approver@example.com', 'POST', `/api/approvals/${pending.id}/approve`, {}),
      as('agent@example.com', 'POST', `/env/sandbox${sandboxPaths.orderStatus(orderId)}`, { status: 'cancelled' }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toMatchObject({ code: 'audit_unavailable' });
    }
  } finally {
    await server.db.exec('ALTER TABLE audit_log DROP CONSTRAINT audit_refused');
  }
  expect(await refundedOf(orderId)).toBe('0.00');
  expect(orderSchema.parse(await (await server.direct('GET', orderServicePaths.orderRead(orderId))).json()).status).toBe('activated');
  const list = z.object({ results: z.array(z.object({ external_id: z.string() })) }).parse(await (await server.direct('GET', `${sandboxPaths.orders()}?q=WA-NOT-MADE`)).json());
  expect(list.results).toEqual([]);
  const now = z.object({ approval: approvalSchema }).parse(await (await as('agent@example.com', 'GET', `/api/approvals/${pending.id}`)).json()).approval;
  expect(now.state).toBe('pending');
  // Once the log takes rows again, the approval goes through, its intent first.
  const approved = await as('approver@example.com', 'POST', `/api/approvals/${pending.id}/approve`, {});
  expect(approved.status).toBe(200);
  expect(await refundedOf(orderId)).toBe('150.00');
  const ofOrder = server.audit.filter((e) => e.order_id === orderId && e.action !== 'approval_approve').map((e) => `${e.action} ${e.outcome}`);
  expect(ofOrder.slice(-2)).toEqual(['refund_send intent', 'refund_sent sent 200']);
});

describe('text the database cannot keep (a NUL, half a surrogate pair): a 400 before anything happens', () => {
  const bad = ['nul\u0000here', 'half \uD83D surrogate', '\uDE00'];

  test('in a refund reason note, an approval note, a forwarded order, an e-mail, a search, an audit filter, a return_to', async () => {
    const orderId = await activatedOrder();
    for (const text of bad) {
      const refund = await as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, teamRefundBody({ amount: '150.00', reason: 'Other', reason_note: text }));
      expect(refund.status).toBe(400);
      expect(await refund.json()).toEqual({ reason_note: ['This text holds a character that cannot be kept (a NUL, or half of a surrogate pair): remove it.'] });
      const created = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { ...validCreateBody(), order_external_id: `WA-${text}` });
      expect(created.status).toBe(400);
      for (const path of [`/api/orders/search?q=${inUrl(text)}`, `/api/audit?user=${inUrl(text)}`, `/sign-in?return_to=${inUrl(text)}`]) {
        expect((await as('admin@example.com', 'GET', path)).status, path).toBeLessThan(500);
      }
      const signInWith = await fetch(`${server.url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email: `a${text}@example.com`, password: 'x', return_to: text }) });
      expect(signInWith.status).toBe(400);
      const user = await as('admin@example.com', 'POST', '/api/users', { email: `u${text}@example.com`, grants: ['agent'], password: 'a-long-initial-password' });
      expect(user.status).toBe(400);
    }
    const pending = z.object({ approval: approvalSchema }).parse(await (await as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, teamRefundBody({ amount: '150.00', reason: 'Goods returned' }))).json()).approval;
    const note = await as('approver@example.com', 'POST', `/api/approvals/${pending.id}/approve`, { note: 'ok \uD800' });
    expect(note.status).toBe(400);
    const trail = z.object({ approval: approvalSchema }).parse(await (await as('agent@example.com', 'GET', `/api/approvals/${pending.id}`)).json());
    expect(trail.approval.state).toBe('pending');
    expect(await refundedOf(orderId)).toBe('0.00');
  });
});

test('no input makes the console answer a 5xx of its own (fast-check over the team routes)', async () => {
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('\u0000', '\uD800', '\uDFFF', '%00', '../', '=1+1', 'Token x', ''));
  const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean(), fc.array(text, { maxLength: 3 }));
  const orderId = await activatedOrder('1000.00');
  const routes: ((t: string, v: unknown) => Promise<Response>)[] = [
    (t, v) => as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, { amount: v, destination_account_number: t, reason: t, reason_note: t }),
    (t, v) => as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds/preview`, { amount: t, destination_account_number: v, reason: 'Other', reason_note: t }),
    (t, v) => as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, { amount: '1.00', destination_account_number: ACCOUNT, reason: 'Goods returned', payment_identifier: t, external_id: v }),
    (t) => as('approver@example.com', 'POST', `/api/approvals/${inUrl(t)}/approve`, { note: t }),
    (t, v) => as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { order_external_id: t, order_data: { eshop_external_id: t, amount: v } }),
    (t, v) => as('agent@example.com', 'POST', '/api/env/sandbox/bulk-runs', { plan: { id: t, rows: v } }),
    (t) => as('agent@example.com', 'GET', `/api/orders/search?q=${inUrl(t)}`),
    (t) => as('admin@example.com', 'GET', `/api/audit?action=${inUrl(t)}&from=${inUrl(t)}`),
    (t, v) => as('admin@example.com', 'POST', '/api/users', { email: t, grants: v }),
    (t) => as('agent@example.com', 'GET', `/api/env/${inUrl(t)}/orders/${inUrl(t)}/approvals`),
    (t) => as('agent@example.com', 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, undefined, t),
  ];
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: routes.length - 1 }), text, value, async (i, t, v) => {
      const answer = await routes[i]?.(t, v);
      expect(answer?.status, `route ${i} with ${JSON.stringify(t)} / ${JSON.stringify(v)}`).toBeLessThan(500);
    }),
    { numRuns: 120 },
  );
}, 120_000);
