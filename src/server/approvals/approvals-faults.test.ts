import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Approval } from '../../contract/approvals.ts';
import { approvalSchema } from '../../contract/approvals.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { call, readOrder } from '../../sandbox/testing/http.ts';
import { claimForSending, keepRefundedBefore } from './approval-store.ts';
import type { Caller, ConsoleServer, Team } from './testing/approval-console.ts';
import { startTeam, TOKEN } from './testing/approval-console.ts';

// docs/decisions.md D17, exactly once: two approvers at once, two console servers (own pools on one
// PostgreSQL under sandbox-postgres) at once, the answer lost (D13 lose_answer) or never sent (drop),
// 429 and 503, a server killed between its claim and the answer. Every case is checked on the
// SERVICE side: the sandbox's history holds at most one refund per request, with its identifiers.

let team: Team;
let one: ConsoleServer;
let two: ConsoleServer;
let agent: Caller;
let first: Caller;
let second: Caller;
let onTwo: Caller;

const approvalAnswer = z.object({ approval: approvalSchema });
const body = { amount: '150.00', destination_account_number: 'CZ6508000000192000145399', reason: 'Customer request' };

async function refundsInService(orderId: string) {
  const events = await call(team.liveUrl, 'GET', sandboxPaths.orderEvents(orderId), { token: TOKEN });
  return orderEventsResponseSchema.parse(events.json).results.filter((e) => e.type === 'refunded');
}

async function request(orderId: string, env: 'sandbox' | 'live'): Promise<Approval> {
  const answer = await agent('POST', `/api/env/${env}/orders/${orderId}/refunds`, body);
  expect(answer.status).toBe(202);
  return approvalAnswer.parse(answer.json).approval;
}

async function arm(orderId: string, effect: object) {
  const armed = await call(team.liveUrl, 'POST', sandboxPaths.faults(), { token: TOKEN, json: { operation: 'refund', order_id: orderId, effect, times: 1 } });
  expect(armed.status).toBe(201);
}

const stateOf = async (id: string) => approvalAnswer.parse((await first('GET', `/api/approvals/${id}`)).json).approval;

beforeAll(async () => {
  team = await startTeam();
  one = await team.startConsole();
  two = await team.startConsole();
  await team.addUser('agent@example.com', ['agent']);
  await team.addUser('first@example.com', ['approver']);
  await team.addUser('second@example.com', ['approver']);
  agent = await one.signIn('agent@example.com');
  first = await one.signIn('first@example.com');
  second = await one.signIn('second@example.com');
  onTwo = await two.signIn('second@example.com');
}, 120_000);

afterAll(async () => {
  await team?.close();
});

describe('two at once', () => {
  test.each(['sandbox', 'live'] as const)('two approvers clicking at once (%s): one sends, the other is told it is decided; one refund', async (env) => {
    for (let round = 0; round < 3; round++) {
      const orderId = await team.activatedOrder();
      const approval = await request(orderId, env);
      const answers = await Promise.all([first('POST', `/api/approvals/${approval.id}/approve`, {}), second('POST', `/api/approvals/${approval.id}/approve`, {})]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await refundsInService(orderId)).toEqual([expect.objectContaining({ payment_identifier: approval.payment_identifier, amount: '150.00' })]);
      expect((await stateOf(approval.id)).state).toBe('sent');
    }
  });

  test('two console servers (two pools on one database) approving at once: one refund', async () => {
    for (let round = 0; round < 3; round++) {
      const orderId = await team.activatedOrder();
      const approval = await request(orderId, 'live');
      const answers = await Promise.all([first('POST', `/api/approvals/${approval.id}/approve`, {}), onTwo('POST', `/api/approvals/${approval.id}/approve`, {})]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await refundsInService(orderId)).toHaveLength(1);
      expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('150.00');
    }
  });
});

describe('the service misbehaving (D13)', () => {
  test('the answer is lost over HTTP: unknown, then resolved as sent by reading the order and sending the same identifiers (refused as a duplicate); one refund', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId, 'live');
    await arm(orderId, { kind: 'lose_answer' });
    const approved = approvalAnswer.parse((await first('POST', `/api/approvals/${approval.id}/approve`, {})).json).approval;
    expect(approved).toMatchObject({ state: 'sent', resolution: 'applied_before_duplicate_refused' });
    expect(await refundsInService(orderId)).toEqual([expect.objectContaining({ payment_identifier: approval.payment_identifier })]);
    const trail = z.object({ events: z.array(z.object({ kind: z.string(), state: z.string() })) }).parse((await first('GET', `/api/approvals/${approval.id}`)).json);
    expect(trail.events.map((e) => `${e.kind}:${e.state}`)).toEqual(['requested:pending', 'approved:sending', 'sent:unknown', 'order_read:unknown', 'resolved:sent']);
  });

  test('the answer is lost in the embedded sandbox: resolved from the order history; one refund', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId, 'sandbox');
    await arm(orderId, { kind: 'lose_answer' });
    const approved = approvalAnswer.parse((await first('POST', `/api/approvals/${approval.id}/approve`, {})).json).approval;
    expect(approved).toMatchObject({ state: 'sent', resolution: 'found_in_history' });
    expect(await refundsInService(orderId)).toHaveLength(1);
  });

  test('the connection dropped before the service acted: resolved by sending the same identifiers once; one refund', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId, 'live');
    await arm(orderId, { kind: 'drop' });
    const approved = approvalAnswer.parse((await first('POST', `/api/approvals/${approval.id}/approve`, {})).json).approval;
    expect(approved).toMatchObject({ state: 'sent', resolution: 'sent_again_not_applied_before' });
    expect(await refundsInService(orderId)).toEqual([expect.objectContaining({ payment_identifier: approval.payment_identifier })]);
  });

  test.each([429, 503])('a %i: the request waits again with the answer kept; approving again sends the same identifiers; one refund', async (status) => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId, 'live');
    await arm(orderId, { kind: 'status', status });
    const deferred = approvalAnswer.parse((await first('POST', `/api/approvals/${approval.id}/approve`, {})).json).approval;
    expect(deferred).toMatchObject({ state: 'pending', decided_by: null, resolution: 'retry_later', answer: { status } });
    expect(await refundsInService(orderId)).toHaveLength(0);
    const sent = approvalAnswer.parse((await second('POST', `/api/approvals/${approval.id}/approve`, {})).json).approval;
    expect(sent).toMatchObject({ state: 'sent', decided_by: 'second@example.com', payment_identifier: approval.payment_identifier });
    expect(await refundsInService(orderId)).toEqual([expect.objectContaining({ payment_identifier: approval.payment_identifier, external_id: approval.external_id })]);
  });

  test('the service refuses the refund (more than is left): failed, with its answer; nothing refunded', async () => {
    const orderId = await team.activatedOrder('120.00');
    const approval = await request(orderId, 'live');
    const failed = approvalAnswer.parse((await first('POST', `/api/approvals/${approval.id}/approve`, {})).json).approval;
    expect(failed).toMatchObject({ state: 'failed', answer: { status: 400 } });
    expect(one.audit.filter((e) => e.order_id === orderId).at(-1)).toMatchObject({ action: 'refund_sent', outcome: 'failed 400' });
    expect(await refundsInService(orderId)).toHaveLength(0);
  });
});

describe('the service cannot be reached', () => {
  /** A port of 127.0.0.1 that nothing listens on: taken from the system, then let go. */
  async function closedPort(): Promise<number> {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  }

  test('the audit says service_unreachable, as for a forwarded refund: an approved request (left unknown) and one under the threshold', async () => {
    const target = { kind: 'http' as const, baseUrl: `http://127.0.0.1:${await closedPort()}`, token: TOKEN };
    const gone = await team.startConsole({
      config: {
        environments: [
          { id: 'gone', name: 'Gone', production: false, approvalThreshold: '0.00', target },
          { id: 'gone-direct', name: 'Gone direct', production: false, approvalThreshold: null, target },
        ],
      },
    });
    const orderId = crypto.randomUUID();
    const requested = await (await gone.signIn('agent@example.com'))('POST', `/api/env/gone/orders/${orderId}/refunds`, body);
    expect(requested.status).toBe(202);
    const { id } = approvalAnswer.parse(requested.json).approval;
    const approved = await (await gone.signIn('first@example.com'))('POST', `/api/approvals/${id}/approve`, {});
    expect(approvalAnswer.parse(approved.json).approval).toMatchObject({ state: 'unknown', answer: { status: 424 } });
    expect(gone.audit.filter((e) => e.action === 'refund_sent').at(-1)).toMatchObject({ order_id: orderId, outcome: 'unknown 424 service_unreachable' });

    const direct = await (await gone.signIn('agent@example.com'))('POST', `/api/env/gone-direct/orders/${orderId}/refunds`, { ...body, amount: '10.00' });
    expect(direct).toMatchObject({ status: 424, json: { code: 'service_unreachable' } });
    expect(gone.audit.at(-1)).toMatchObject({ action: 'refund_request', environment: 'gone-direct', outcome: '424 service_unreachable' });
  });
});

describe('a console killed between the claim and the answer', () => {
  // The claim is made as a server makes it, with a lease that has already run out: what a process
  // leaves behind when it dies right after its UPDATE, or right after its send.
  async function abandonedClaim(env: 'sandbox' | 'live', sentBeforeDying: boolean) {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId, env);
    const claimed = await claimForSending(one.db, approval.id, 'first@example.com', null, 0);
    expect(claimed?.state).toBe('sending');
    if (sentBeforeDying) {
      // As the server does before its send: the order's refunded amount kept, then the refund posted.
      await keepRefundedBefore(one.db, approval.id, '0.00');
      const { amount, destination_account_number, payment_identifier, external_id } = approval;
      const sent = await call(team.liveUrl, 'POST', orderServicePaths.orderRefund(orderId), { token: TOKEN, json: { amount, destination_account_number, payment_identifier, external_id } });
      expect(sent.status).toBe(200);
    }
    return { orderId, approval };
  }

  test.each([
    ['live', true, 'applied_before_duplicate_refused'],
    ['live', false, 'sent_again_not_applied_before'],
    ['sandbox', true, 'found_in_history'],
    ['sandbox', false, 'sent_again_not_applied_before'],
  ] as const)('%s, refund applied before the kill %s: the next read of the queue resolves it (%s); one refund', async (env, sentBeforeDying, resolution) => {
    const { orderId, approval } = await abandonedClaim(env, sentBeforeDying);
    expect((await second('GET', '/api/approvals')).status).toBe(200);
    expect(await stateOf(approval.id)).toMatchObject({ state: 'sent', resolution });
    expect(await refundsInService(orderId)).toEqual([expect.objectContaining({ payment_identifier: approval.payment_identifier })]);
    // Read again (the other server too): nothing more is sent.
    await onTwo('GET', '/api/approvals');
    expect(await refundsInService(orderId)).toHaveLength(1);
  });

  test('a console server that starts resolves what a killed one left, before anyone reads the queue', async () => {
    const { orderId, approval } = await abandonedClaim('live', true);
    await team.startConsole();
    await expect.poll(async () => (await stateOf(approval.id)).state, { timeout: 20_000 }).toBe('sent');
    expect(await refundsInService(orderId)).toHaveLength(1);
  });

  test('a claim still within its lease is left to its sender', async () => {
    const orderId = await team.activatedOrder();
    const approval = await request(orderId, 'live');
    await claimForSending(one.db, approval.id, 'first@example.com', null, 60_000);
    await second('GET', '/api/approvals');
    expect((await stateOf(approval.id)).state).toBe('sending');
    expect(await refundsInService(orderId)).toHaveLength(0);
  });
});
