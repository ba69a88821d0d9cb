import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { approvalSchema, refundPreviewSchema } from '../../contract/approvals.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { call, readOrder } from '../../sandbox/testing/http.ts';
import type { Caller, ConsoleServer, Team } from './testing/approval-console.ts';
import { startTeam, TOKEN } from './testing/approval-console.ts';

// docs/security.md, "The approval threshold counts what an order's refunds add up to" and "The console
// server makes every refund's identifiers": each test performs an attack on those controls and sees it
// fail. The environment `sandbox` here has a threshold of 500.00 and a daily limit of
// 1,000.00; `live` (the same sandbox over HTTP, no history read) one of 500.00, and `qa` (the same, not
// production) one of 100.00. Runs on PGlite and on
// PostgreSQL, where the two consoles are two pools on one database (two processes).

let team: Team;
let one: ConsoleServer;
let two: ConsoleServer;
let ann: Caller;
let bob: Caller;
let approverOnTwo: Caller;

const account = 'CZ6508000000192000145399';
const refund = (amount: string) => ({ amount, destination_account_number: account, reason: 'Goods returned' });
const requested = z.object({ approval: approvalSchema, reasons: z.array(z.string()) });

async function refundsInService(orderId: string) {
  const events = await call(team.liveUrl, 'GET', sandboxPaths.orderEvents(orderId), { token: TOKEN });
  return orderEventsResponseSchema.parse(events.json).results.filter((e) => e.type === 'refunded');
}

beforeAll(async () => {
  team = await startTeam();
  const environments = [
    { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '500.00', approvalDailyLimit: '1000.00', target: { kind: 'sandbox' as const } },
    { id: 'live', name: 'Live', production: true, approvalThreshold: '500.00', target: { kind: 'http' as const, baseUrl: team.liveUrl, token: TOKEN } },
    { id: 'qa', name: 'QA sandbox', production: false, approvalThreshold: '100.00', target: { kind: 'http' as const, baseUrl: team.liveUrl, token: TOKEN } },
  ];
  one = await team.startConsole({ config: { environments } });
  two = await team.startConsole({ config: { environments } });
  await team.addUser('ann@example.com', ['agent']);
  await team.addUser('bob@example.com', ['agent']);
  await team.addUser('approver@example.com', ['approver']);
  ann = await one.signIn('ann@example.com');
  bob = await two.signIn('bob@example.com');
  approverOnTwo = await two.signIn('approver@example.com');
}, 120_000);

afterAll(async () => {
  await team?.close();
});

describe('splitting a refund does not avoid approval', () => {
  test('3 x 500.00 on one order under a 500.00 threshold: the first goes, the second and third wait; 500.00 refunded', async () => {
    const orderId = await team.activatedOrder('1500.00');
    const first = await ann('POST', `/api/env/live/orders/${orderId}/refunds`, refund('500.00'));
    expect(first.status).toBe(200);
    for (const _ of [2, 3]) {
      const next = await ann('POST', `/api/env/live/orders/${orderId}/refunds`, refund('500.00'));
      expect(next.status).toBe(202);
      expect(requested.parse(next.json).reasons.join(' ')).toMatch(/the order's refunds within 24 hours come to 1(000|500)\.00 \(.+ before it\), over Live's approval threshold of 500\.00/);
    }
    expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('500.00');
  });

  test('5 x 100.00 on one sandbox order under a 100.00 threshold: the first goes, the other four wait; 100.00 refunded', async () => {
    const orderId = await team.activatedOrder('500.00');
    const statuses: number[] = [];
    for (const _ of [1, 2, 3, 4, 5]) statuses.push((await ann('POST', `/api/env/qa/orders/${orderId}/refunds`, refund('100.00'))).status);
    expect(statuses).toEqual([200, 202, 202, 202, 202]);
    expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('100.00');
  });

  test('whoever asked: two people, one order, 300.00 each: the second waits', async () => {
    const orderId = await team.activatedOrder('600.00');
    expect((await ann('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refund('300.00'))).status).toBe(200);
    const second = await bob('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refund('300.00'));
    expect(second.status).toBe(202);
    expect(await refundsInService(orderId)).toHaveLength(1);
  });

  test('two refunds of 300.00 at the same moment, through two console processes: exactly one goes straight out', async () => {
    const orderId = await team.activatedOrder('600.00');
    const answers = await Promise.all([ann('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refund('300.00')), bob('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refund('300.00'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    expect(await refundsInService(orderId)).toHaveLength(1);
  });

  test("one person's refunds without approval within 24 hours beyond the daily limit wait too, on other orders", async () => {
    await team.addUser('dan@example.com', ['agent']);
    const dan = await one.signIn('dan@example.com');
    for (const amount of ['400.00', '400.00']) expect((await dan('POST', `/api/env/sandbox/orders/${await team.activatedOrder('400.00')}/refunds`, refund(amount))).status).toBe(200);
    const third = await dan('POST', `/api/env/sandbox/orders/${await team.activatedOrder('400.00')}/refunds`, refund('300.00'));
    expect(third.status).toBe(202);
    expect(requested.parse(third.json).reasons).toEqual(['With this refund your refunds without approval in Sandbox within 24 hours come to 1100.00, over the daily limit of 1000.00.']);
    // Someone else is not held by Dan's day.
    expect((await ann('POST', `/api/env/sandbox/orders/${await team.activatedOrder('300.00')}/refunds`, refund('300.00'))).status).toBe(200);
  });

  test('the review says before Confirm that the refund will wait, and why; the identifiers it shows are the ones sent', async () => {
    await team.addUser('eve@example.com', ['agent']);
    const eve = await one.signIn('eve@example.com');
    const orderId = await team.activatedOrder('800.00');
    expect((await eve('POST', `/api/env/sandbox/orders/${orderId}/refunds`, refund('450.00'))).status).toBe(200);
    const preview = refundPreviewSchema.parse((await bob('POST', `/api/env/sandbox/orders/${orderId}/refunds/preview`, refund('100.00'))).json);
    expect(preview.approval).toEqual({ needed: true, reasons: ["With this refund the order's refunds within 24 hours come to 550.00 (450.00 before it), over Sandbox's approval threshold of 500.00."] });
    const confirmed = await bob('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...refund('100.00'), payment_identifier: preview.payment_identifier, external_id: preview.external_id });
    expect(confirmed.status).toBe(202);
    expect(requested.parse(confirmed.json).approval).toMatchObject({ payment_identifier: preview.payment_identifier, external_id: preview.external_id });
    // The lost answer's retry, same identifiers: the same request, not a second one.
    const again = await bob('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { ...refund('100.00'), payment_identifier: preview.payment_identifier, external_id: preview.external_id });
    expect(requested.parse(again.json).approval.id).toBe(requested.parse(confirmed.json).approval.id);
    const under = refundPreviewSchema.parse((await bob('POST', `/api/env/sandbox/orders/${await team.activatedOrder('80.00')}/refunds/preview`, refund('80.00'))).json);
    expect(under.approval).toEqual({ needed: false, reasons: [] });
  });
});

describe('the console server makes the identifiers; an approval ends sent only when the order shows it', () => {
  test("a 0.01 refund with a pending request's payment_identifier: refused; the browser's own identifiers: refused", async () => {
    const orderId = await team.activatedOrder('600.00');
    const pending = requested.parse((await ann('POST', `/api/env/live/orders/${orderId}/refunds`, refund('600.00'))).json).approval;
    const reuse = await bob('POST', `/api/env/live/orders/${orderId}/refunds`, { ...refund('0.01'), payment_identifier: pending.payment_identifier, external_id: pending.external_id });
    expect(reuse.status).toBe(400);
    expect(reuse.json).toMatchObject({ payment_identifier: [expect.stringContaining('the console server makes the refund')] });
    const own = await bob('POST', `/api/env/live/orders/${orderId}/refunds`, { ...refund('0.01'), payment_identifier: 'RF-MADE-IN-THE-BROWSER', external_id: 'R-1' });
    expect(own.status).toBe(400);
    expect(await refundsInService(orderId)).toHaveLength(0);
  });

  test('the identifier used by a 0.01 refund outside the console: the approval of 600.00 ends failed, not sent', async () => {
    for (const env of ['live', 'sandbox'] as const) {
      // Room for both: the service takes the 0.01 and would take the 600.00 too.
      const orderId = await team.activatedOrder('1000.00');
      const pending = requested.parse((await ann('POST', `/api/env/${env}/orders/${orderId}/refunds`, refund('600.00'))).json).approval;
      const { payment_identifier, external_id } = pending;
      const outside = await call(team.liveUrl, 'POST', orderServicePaths.orderRefund(orderId), { token: TOKEN, json: { amount: '0.01', destination_account_number: account, payment_identifier, external_id } });
      expect(outside.status).toBe(200);
      const approved = requested.omit({ reasons: true }).parse((await approverOnTwo('POST', `/api/approvals/${pending.id}/approve`, {})).json).approval;
      expect(approved.state, env).toBe('failed');
      expect(approved.resolution).toMatch(/^identifier_used_by_(another_refund|a_refund_of_0\.01)$/);
      expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('0.01');
    }
  });
});
