import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { approvalSchema } from '../../contract/approvals.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { call, readOrder } from '../../sandbox/testing/http.ts';
import { readTeamConfig } from '../team-config.ts';
import type { Caller, ConsoleServer, Team } from './testing/approval-console.ts';
import { startTeam, TOKEN } from './testing/approval-console.ts';
import { z } from 'zod';

// docs/decisions.md D17, the rules a person meets: a reason on every refund, the threshold, the requester
// never approving their own, withdraw, reject, expiry, the queue with the order read fresh, the
// header's count, the trail. The service side is checked in the sandbox's own history.

let team: Team;
let server: ConsoleServer;
let agent: Caller;
let approver: Caller;
let viewer: Caller;

const approvalAnswer = z.object({ approval: approvalSchema });
const refundBody = { amount: '150.00', destination_account_number: 'CZ6508000000192000145399', reason: 'Goods returned' };

async function refundsInService(orderId: string) {
  const events = await call(team.liveUrl, 'GET', sandboxPaths.orderEvents(orderId), { token: TOKEN });
  return orderEventsResponseSchema.parse(events.json).results.filter((e) => e.type === 'refunded');
}

async function request(orderId: string, env = 'sandbox', body: object = refundBody) {
  const answer = await agent('POST', `/api/env/${env}/orders/${orderId}/refunds`, body);
  expect(answer.status).toBe(202);
  return approvalAnswer.parse(answer.json).approval;
}

beforeAll(async () => {
  team = await startTeam();
  server = await team.startConsole();
  await team.addUser('agent@example.com', ['agent']);
  await team.addUser('approver@example.com', ['approver']);
  await team.addUser('viewer@example.com', ['viewer']);
  agent = await server.signIn('agent@example.com');
  approver = await server.signIn('approver@example.com');
  viewer = await server.signIn('viewer@example.com');
}, 120_000);

afterAll(async () => {
  await team?.close();
});

describe('a reason on every refund', () => {
  test('no reason, an unknown one, or "Other" without a note: 400 on that field, nothing sent or requested', async () => {
    const orderId = await team.activatedOrder();
    const { reason: _, ...noReason } = refundBody;
    const missing = await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...noReason, amount: '10.00' });
    expect(missing.status).toBe(400);
    expect(missing.json).toHaveProperty('reason');
    const unknown = await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...refundBody, reason: 'Because' });
    expect(unknown.status).toBe(400);
    const other = await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...refundBody, reason: 'Other' });
    expect(other.status).toBe(400);
    expect(other.json).toEqual({ reason_note: ['Say what the reason is (required with "Other").'] });
    expect(await refundsInService(orderId)).toHaveLength(0);
    expect((await agent('GET', `/api/env/sandbox/orders/${orderId}/approvals`)).json).toEqual({ results: [] });
  });

  test('a body that is not JSON, or too large: 400 or 413, never a 5xx', async () => {
    const orderId = await team.activatedOrder();
    const path = `/api/env/sandbox/orders/${orderId}/refunds`;
    const raw = (body: string) => agent('POST', path, undefined, body);
    expect((await raw('{"amount": ')).status).toBe(400);
    expect((await raw(JSON.stringify({ ...refundBody, reason_note: 'x'.repeat(20_000) }))).status).toBe(413);
    expect((await raw('[]')).status).toBe(400);
  });

  test('at or under the threshold the refund is sent at once, its reason in the audit', async () => {
    const orderId = await team.activatedOrder();
    const sent = await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...refundBody, amount: '100.00', reason: 'Other', reason_note: 'goodwill' });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ refund_amount: '100.00' });
    expect(await refundsInService(orderId)).toHaveLength(1);
    expect(server.audit.at(-1)).toMatchObject({ user: 'agent@example.com', action: 'refund_request', order_id: orderId, outcome: '200', body: { reason: 'Other', reason_note: 'goodwill' } });
  });

  test('the forwarding refuses every refund straight to the service, under the threshold too: it has no reason (403 reason_required)', async () => {
    const orderId = await team.activatedOrder();
    for (const amount of ['250.00', '1.00']) {
      const direct = await agent('POST', `/env/sandbox${orderServicePaths.orderRefund(orderId)}`, { ...refundBody, amount, payment_identifier: `RF-DIRECT-${amount}`, external_id: 'direct-1' });
      expect(direct.status).toBe(403);
      expect(direct.json).toMatchObject({ code: 'reason_required' });
      expect(JSON.stringify(direct.json)).toContain('/api/env/sandbox/orders/{id}/refunds');
    }
    expect(await refundsInService(orderId)).toHaveLength(0);
  });

  test('CONSOLE_APPROVAL_TTL is a duration (default 24h); anything else stops the start naming it', () => {
    const base = { CONSOLE_AUTH: 'local' };
    expect(readTeamConfig(base, { hasSandbox: true })?.approvalTtlMs).toBe(24 * 3_600_000);
    expect(readTeamConfig({ ...base, CONSOLE_APPROVAL_TTL: '15m' }, { hasSandbox: true })?.approvalTtlMs).toBe(15 * 60_000);
    expect(() => readTeamConfig({ ...base, CONSOLE_APPROVAL_TTL: 'a day' }, { hasSandbox: true })).toThrow(/CONSOLE_APPROVAL_TTL/);
  });
});

describe('over the threshold: a request, then a second person', () => {
  test('the request holds the refund, identifiers made once, and shows as pending to everyone who can read the order', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId);
    expect(approval).toMatchObject({ state: 'pending', amount: '150.00', requester: 'agent@example.com', reason: 'Goods returned', environment: 'sandbox', order_id: orderId });
    expect(approval.payment_identifier).toMatch(/^RF-[A-Z0-9]{20}$/);
    expect(Date.parse(approval.expires_at) - Date.parse(approval.created_at)).toBe(24 * 3_600_000);
    const seen = await viewer('GET', `/api/env/sandbox/orders/${orderId}/approvals`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ results: [{ id: approval.id, state: 'pending' }] });
    expect(await refundsInService(orderId)).toHaveLength(0);
    expect(server.audit.at(-1)).toMatchObject({ action: 'approval_request', outcome: 'pending', order_id: orderId });
  });

  test('the requester cannot approve their own request: 403 with the reason; nothing sent', async () => {
    await team.addUser('self@example.com', ['approver']);
    const self = await server.signIn('self@example.com');
    const count = async (who: Caller) => z.object({ waiting: z.number() }).parse((await who('GET', '/api/approvals/count')).json).waiting;
    const [selfBefore, otherBefore] = [await count(self), await count(approver)];
    const orderId = await team.activatedOrder();
    const mine = approvalAnswer.parse((await self('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refundBody)).json).approval;
    const own = await self('POST', `/api/approvals/${mine.id}/approve`, { note: 'looks fine' });
    expect(own.status).toBe(403);
    const refusal = z.object({ code: z.string(), detail: z.string() }).parse(own.json);
    expect(refusal.code).toBe('own_request');
    expect(refusal.detail).toMatch(/^You asked for this refund, so someone else must approve/);
    // The header counts it for the other approver, not for the one who asked.
    expect([await count(self), await count(approver)]).toEqual([selfBefore, otherBefore + 1]);
    expect(await refundsInService(orderId)).toHaveLength(0);
    expect(server.audit.at(-1)).toMatchObject({ user: 'self@example.com', action: 'approval_approve', outcome: 'refused_own_request' });
  });

  test('an agent cannot approve, a viewer cannot request', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId);
    expect((await agent('POST', `/api/approvals/${approval.id}/approve`, {})).status).toBe(403);
    expect((await viewer('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refundBody)).status).toBe(403);
    expect((await agent('GET', '/api/approvals')).status).toBe(403);
  });

  test('approve sends once with the stored identifiers; the trail holds every step', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId);
    const approved = await approver('POST', `/api/approvals/${approval.id}/approve`, { note: 'checked the return' });
    expect(approved.status).toBe(200);
    expect(approvalAnswer.parse(approved.json).approval).toMatchObject({ state: 'sent', decided_by: 'approver@example.com', decision_note: 'checked the return', answer: { status: 200 } });
    const refunds = await refundsInService(orderId);
    expect(refunds).toEqual([expect.objectContaining({ amount: '150.00', payment_identifier: approval.payment_identifier, external_id: approval.external_id })]);
    const again = await approver('POST', `/api/approvals/${approval.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(await refundsInService(orderId)).toHaveLength(1);
    const trail = await viewer('GET', `/api/approvals/${approval.id}`);
    expect(z.object({ events: z.array(z.object({ kind: z.string() })) }).parse(trail.json).events.map((e) => e.kind)).toEqual(['requested', 'approved', 'sent']);
    // Write-ahead (docs/security.md): each step's intent is in the log before it happens, its outcome after.
    expect(server.audit.filter((e) => e.order_id === orderId).map((e) => `${e.action} ${e.outcome}`)).toEqual([
      'refund_request intent',
      'approval_request pending',
      'approval_approve intent',
      'approval_approve sending',
      'refund_send intent',
      'refund_sent sent 200',
      'approval_approve intent',
      'approval_approve refused_not_pending',
    ]);
    expect(server.audit.at(-1)).toMatchObject({ action: 'approval_approve', outcome: 'refused_not_pending' });
  });

  test('reject with a note sends nothing; the requester sees why', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId);
    const rejected = await approver('POST', `/api/approvals/${approval.id}/reject`, { note: 'no return received' });
    expect(approvalAnswer.parse(rejected.json).approval).toMatchObject({ state: 'rejected', decided_by: 'approver@example.com', decision_note: 'no return received' });
    expect((await approver('POST', `/api/approvals/${approval.id}/approve`, {})).status).toBe(409);
    expect(await refundsInService(orderId)).toHaveLength(0);
  });

  test('only the requester withdraws; a withdrawn request cannot be approved', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId);
    const notMine = await approver('POST', `/api/approvals/${approval.id}/withdraw`);
    expect(notMine.status).toBe(403);
    expect(notMine.json).toMatchObject({ code: 'not_requester' });
    const withdrawn = await agent('POST', `/api/approvals/${approval.id}/withdraw`);
    expect(approvalAnswer.parse(withdrawn.json).approval.state).toBe('withdrawn');
    const late = await approver('POST', `/api/approvals/${approval.id}/approve`, {});
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'not_pending', detail: 'This request is no longer waiting: it is withdrawn.' });
    expect(await refundsInService(orderId)).toHaveLength(0);
  });

  test('an expired request sends nothing; the order page and the queue say it expired; audited once', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId);
    await server.db.query("UPDATE console_approvals SET expires_at = now() - interval '1 second' WHERE id = $1", [approval.id]);
    const late = await approver('POST', `/api/approvals/${approval.id}/approve`, {});
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'expired' });
    expect((await viewer('GET', `/api/env/sandbox/orders/${orderId}/approvals`)).json).toMatchObject({ results: [{ id: approval.id, state: 'expired' }] });
    const queue = z.object({ results: z.array(z.object({ approval: approvalSchema })) }).parse((await approver('GET', '/api/approvals')).json);
    expect(queue.results.find((r) => r.approval.id === approval.id)?.approval.state).toBe('expired');
    expect(await refundsInService(orderId)).toHaveLength(0);
    expect(server.audit.filter((e) => e.order_id === orderId && e.action === 'approval_expire')).toHaveLength(1);
  });

  test('the queue reads each order fresh with what its refunds add up to; the header counts what waits for someone else', async () => {
    const orderId = await team.activatedOrder('400.00');
    const direct = await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...refundBody, amount: '30.00' });
    expect(direct.status).toBe(200);
    const before = z.object({ waiting: z.number() }).parse((await approver('GET', '/api/approvals/count')).json).waiting;
    const approval = await request(orderId);
    expect((await approver('GET', '/api/approvals/count')).json).toEqual({ waiting: before + 1 });
    const queue = z.object({ results: z.array(z.object({ approval: approvalSchema, order: z.unknown() })) }).parse((await approver('GET', '/api/approvals')).json);
    const row = queue.results.find((r) => r.approval.id === approval.id);
    expect(row?.order).toEqual({ status: 'activated', current_amount: '370.00', refund_amount: '30.00', initial_amount: '400.00' });
    // Fresh: a refund made meanwhile shows on the next read.
    await call(team.liveUrl, 'POST', orderServicePaths.orderRefund(orderId), { token: TOKEN, json: { amount: '20.00', destination_account_number: 'X1', payment_identifier: 'RF-MEANWHILE', external_id: 'meanwhile' } });
    const later = z.object({ results: z.array(z.object({ approval: approvalSchema, order: z.unknown() })) }).parse((await approver('GET', '/api/approvals')).json);
    expect(later.results.find((r) => r.approval.id === approval.id)?.order).toMatchObject({ refund_amount: '50.00' });
    expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('50.00');
  });
});
