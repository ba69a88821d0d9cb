import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { approvalSchema } from '../../contract/approvals.ts';
import { teamBulkRunSchema } from '../../contract/bulk-runs.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import type { ThrowawayPostgres } from '../../sandbox/testing/postgres-server.ts';
import { startThrowawayPostgres } from '../../sandbox/testing/postgres-server.ts';
import { newPostgresDatabase } from '../../sandbox/testing/test-store.ts';
import { planOf } from '../bulk-runs/testing/bulk-plan.ts';
import type { TeamConfig } from '../team-config.ts';
import type { OpsConsole } from './testing/ops-console.ts';
import { startOpsConsole } from './testing/ops-console.ts';

// The console's PostgreSQL stopped (an administrator's fast shutdown) and started
// again in the middle of a bulk run and of approvals being sent, then a console process stopped the
// way SIGTERM stops it while another one serves the same database. The console's database is a
// PostgreSQL of this file's own (the suite's shared one must not stop); the embedded sandbox, which
// stands for the partner's Order Service, keeps its orders on the shared one and is never stopped.
// Whatever the timing: no 500, a 503 with Retry-After while the database is away, every refund sent
// exactly once (the sandbox's history of each order says so), and no restart of the console needed.

// A batch of the runs below (at most 200.00) is sent at once; a refund of 270.00 or 280.00 waits for an approver.
const THRESHOLD = '250.00';
const team: Partial<TeamConfig> = {
  environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: THRESHOLD, target: { kind: 'sandbox' } }],
  approvalLeaseMs: 1_500,
  bulkRuns: { engine: { ratePerSecond: 12, backoffMs: (attempt) => 50 * attempt, maxRetryAfterSeconds: 2, defaultRetryAfterSeconds: 1 }, leaseMs: 4_000, pollMs: 250 },
};

let pg: ThrowawayPostgres;
let consoleDb: string;
let sandboxDb: string;
let a: OpsConsole;
let agent = '';
let approver = '';
const METRICS_TOKEN = 'metrics-token-for-the-restart-test-61d0';
const statuses: number[] = [];

beforeAll(async () => {
  pg = await startThrowawayPostgres();
  [consoleDb, sandboxDb] = await Promise.all([pg.createDatabase('console'), newPostgresDatabase('restart_sandbox')]);
  a = await startOpsConsole({ consoleDb, people: { 'agent@example.com': ['agent'], 'approver@example.com': ['approver'] }, team, start: { db: sandboxDb, metrics: { token: METRICS_TOKEN, port: null } } });
  [agent, approver] = await Promise.all([a.signIn('agent@example.com'), a.signIn('approver@example.com')]);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await pg?.stop();
});

/** A call whose status is kept: none of them may ever be a 500. */
async function tracked(server: OpsConsole, cookie: string, method: string, path: string, json?: unknown): Promise<Response> {
  const response = await server.call(cookie, method, path, json);
  statuses.push(response.status);
  return response;
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const refundBody = (amount: string) => ({ amount, destination_account_number: 'CZ6508000000192000145399', reason: 'Customer request' });

async function requestApproval(server: OpsConsole, orderId: string, amount: string): Promise<string> {
  const response = await tracked(server, agent, 'POST', `/api/env/sandbox/orders/${orderId}/refunds`, refundBody(amount));
  expect(response.status).toBe(202);
  return z.object({ approval: approvalSchema }).parse(await response.json()).approval.id;
}

async function approvalState(server: OpsConsole, id: string) {
  const response = await tracked(server, approver, 'GET', `/api/approvals/${id}`);
  return response.status === 200 ? z.object({ approval: approvalSchema }).parse(await response.json()).approval.state : null;
}

async function runOf(server: OpsConsole, id: string) {
  const response = await tracked(server, agent, 'GET', `/api/env/sandbox/bulk-runs/${id}`);
  return response.status === 200 ? teamBulkRunSchema.parse(await response.json()) : null;
}

async function startRun(server: OpsConsole, orders: readonly string[], amount: string): Promise<string> {
  const plan = planOf('sandbox', orders.map((orderId) => ({ orderId, amount })));
  const response = await tracked(server, agent, 'POST', '/api/env/sandbox/bulk-runs', { plan });
  expect(response.status).toBe(201);
  return teamBulkRunSchema.parse(await response.json()).id;
}

/** The order's refunds as the service recorded them: exactly `amount`, in one refund. */
async function expectRefundedOnce(orderId: string, amount: string) {
  const order = orderSchema.parse(await (await a.call(agent, 'GET', `/env/sandbox${orderServicePaths.orderRead(orderId)}`)).json());
  const history = orderEventsResponseSchema.parse(await (await a.call(agent, 'GET', `/env/sandbox${sandboxPaths.orderEvents(orderId)}`)).json());
  expect({ order: orderId, refund_amount: order.refund_amount, refunds: history.results.filter((e) => e.type === 'refunded').length }).toEqual({ order: orderId, refund_amount: amount, refunds: 1 });
}

const armDelay = (orderId: string, ms: number) => tracked(a, agent, 'POST', `/env/sandbox${sandboxPaths.faults()}`, { operation: 'refund', order_id: orderId, effect: { kind: 'delay', ms } });

test('PostgreSQL stopped and started mid-run and mid-approval: 503 with Retry-After meanwhile, then every refund sent exactly once', async () => {
  const bulkOrders = await Promise.all(Array.from({ length: 40 }, () => a.activeOrder(agent, '10.00')));
  const approvalOrders = await Promise.all(Array.from({ length: 4 }, () => a.activeOrder(agent, '300.00')));
  const approvals = await Promise.all(approvalOrders.map((order) => requestApproval(a, order.id, '280.00')));
  // The first two are being sent when the database goes: the service takes 3 s to answer them.
  await Promise.all(approvalOrders.slice(0, 2).map((order) => armDelay(order.id, 3_000)));
  const runId = await startRun(a, bulkOrders.map((o) => o.id), '5.00');
  await until('a few rows sent', async () => ((await runOf(a, runId))?.progress.done ?? 0) >= 4 || null);
  const inFlight = approvals.slice(0, 2).map((id) => tracked(a, approver, 'POST', `/api/approvals/${id}/approve`, {}));
  await until('both approvals claimed', async () => ((await Promise.all(approvals.slice(0, 2).map((id) => approvalState(a, id)))).every((s) => s !== 'pending') ? true : null));
  expect((await runOf(a, runId))?.state).toBe('running');

  await pg.halt();
  const during = await Promise.all([
    tracked(a, approver, 'POST', `/api/approvals/${approvals[2] ?? ''}/approve`, {}),
    tracked(a, agent, 'GET', `/api/env/sandbox/bulk-runs/${runId}`),
    tracked(a, agent, 'GET', '/api/me'),
  ]);
  for (const response of during) {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ code: 'database_unavailable' });
  }
  const readiness = await fetch(`${a.url}/readyz`);
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toMatchObject({ status: 'not_ready', checks: { database: { status: 'down' } } });
  // The approvals in flight come back from the service while the database is away: 503, left in sending.
  for (const response of await Promise.all(inFlight)) expect(response.status).toBe(503);
  await pg.resume();

  // The same process carries on; the queue's next read resolves the two left in sending once their lease ran out.
  await until('the console answers again', async () => ((await tracked(a, agent, 'GET', '/api/me')).status === 200 ? true : null));
  for (const id of approvals.slice(2)) expect((await tracked(a, approver, 'POST', `/api/approvals/${id}/approve`, {})).status).toBe(200);
  await until('every approval sent', async () => {
    await tracked(a, approver, 'GET', '/api/approvals');
    return (await Promise.all(approvals.map((id) => approvalState(a, id)))).every((s) => s === 'sent') ? true : null;
  });
  const finished = await until('the run finished', async () => {
    const run = await runOf(a, runId);
    return run?.state === 'finished' ? run : null;
  });
  expect(finished.progress).toMatchObject({ total: 40, refunded: 40, refused: 0, unknown: 0 });
  for (const order of bulkOrders) await expectRefundedOnce(order.id, '5.00');
  for (const order of approvalOrders) await expectRefundedOnce(order.id, '280.00');
  expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  // The console's PostgreSQL pool, as scraped: its size, and the connections it holds again after the restart.
  const scraped = await (await fetch(`${a.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const pool = (series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(scraped)?.[1] ?? Number.NaN);
  expect(pool('console_db_pool_max{database="console"}')).toBeGreaterThan(0);
  expect(pool('console_db_pool_connections{database="console",state="total"}')).toBeGreaterThanOrEqual(1);
  expect(pool('console_db_pool_connections{database="console",state="waiting"}')).toBe(0);
}, 120_000);

test('a process stopped as SIGTERM stops it finishes the approval it is sending and its row, and lets the run go to another at once', async () => {
  const b = await startOpsConsole({ consoleDb, people: {}, team, start: { db: sandboxDb } });
  try {
    const bulkOrders = await Promise.all(Array.from({ length: 30 }, () => a.activeOrder(agent, '10.00')));
    const approvalOrder = await a.activeOrder(agent, '300.00');
    const approval = await requestApproval(a, approvalOrder.id, '270.00');
    await armDelay(approvalOrder.id, 3_000);
    const runId = await startRun(a, bulkOrders.map((o) => o.id), '3.00');
    await until('a few rows sent', async () => ((await runOf(a, runId))?.progress.done ?? 0) >= 3 || null);
    const approving = tracked(a, approver, 'POST', `/api/approvals/${approval}/approve`, {});
    await until('the approval claimed', async () => ((await approvalState(a, approval)) === 'sending' ? true : null));

    const doneBefore = (await runOf(b, runId))?.progress.done ?? 0;
    const closing = a.server.close();
    // The lease is let go, not left to run out (4 s): the other process sends the next rows at once,
    // while this one still waits for the service's answer to the approval it sent.
    await until('the other process takes the run', async () => (((await runOf(b, runId))?.progress.done ?? 0) > doneBefore + 1 ? true : null), 2_500);
    const answer = await approving;
    await closing;
    expect(answer.status).toBe(200);
    expect(z.object({ approval: approvalSchema }).parse(await answer.json()).approval.state).toBe('sent');
    // Closed: it takes no request any more.
    await expect(fetch(`${a.url}/healthz`)).rejects.toThrow();
    const finished = await until('the run finished', async () => {
      const run = await runOf(b, runId);
      return run?.state === 'finished' ? run : null;
    });
    expect(finished.progress).toMatchObject({ total: 30, refunded: 30 });
    a = b;
    for (const order of bulkOrders) await expectRefundedOnce(order.id, '3.00');
    await expectRefundedOnce(approvalOrder.id, '270.00');
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  } finally {
    await b.close();
  }
}, 120_000);
