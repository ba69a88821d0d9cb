import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { teamBulkRunListSchema, teamBulkRunSchema } from '../../contract/bulk-runs.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { sandboxPaths } from '../../contract/paths.ts';
import { call } from '../../sandbox/testing/http.ts';
import type { Caller, ConsoleServer, Team } from '../approvals/testing/approval-console.ts';
import { startTeam, TOKEN } from '../approvals/testing/approval-console.ts';
import { planOf } from './testing/bulk-plan.ts';

// D16/D17: the rules a person meets with a team bulk run: who may start, approve,
// pause and withdraw one; the batch total against the threshold; a plan the server refuses; the
// typed total in production; every step in the audit. The service side is read from the sandbox.

let team: Team;
let server: ConsoleServer;
let agent: Caller;
let agent2: Caller;
let approver: Caller;
let viewer: Caller;
let admin: Caller;

const refusal = z.object({ code: z.string(), detail: z.string() });
const countOf = async (who: Caller) => z.object({ waiting: z.number() }).parse((await who('GET', '/api/approvals/count')).json).waiting;

async function refundsInService(orderId: string) {
  const events = await call(team.liveUrl, 'GET', sandboxPaths.orderEvents(orderId), { token: TOKEN });
  return orderEventsResponseSchema.parse(events.json).results.filter((e) => e.type === 'refunded');
}

async function orders(count: number, amount = '50.00') {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await team.activatedOrder(amount));
  return ids;
}

async function create(who: Caller, env: string, body: unknown) {
  const answer = await who('POST', `/api/env/${env}/bulk-runs`, body);
  return { status: answer.status, json: answer.json };
}

async function started(who: Caller, env: string, body: unknown) {
  const answer = await create(who, env, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return teamBulkRunSchema.parse(answer.json);
}

const read = async (env: string, id: string) => teamBulkRunSchema.parse((await viewer('GET', `/api/env/${env}/bulk-runs/${id}`)).json);
const settled = (env: string, id: string) => expect.poll(async () => (await read(env, id)).state, { timeout: 20_000 });

beforeAll(async () => {
  team = await startTeam();
  server = await team.startConsole({ config: { bulkRuns: { engine: { ratePerSecond: 100, backoffMs: () => 20, maxRetryAfterSeconds: 1 }, pollMs: 200, leaseMs: 3_000 } } });
  await team.addUser('agent@example.com', ['agent']);
  await team.addUser('agent2@example.com', ['agent']);
  await team.addUser('approver@example.com', ['approver']);
  await team.addUser('viewer@example.com', ['viewer']);
  await team.addUser('admin@example.com', ['admin']);
  agent = await server.signIn('agent@example.com');
  agent2 = await server.signIn('agent2@example.com');
  approver = await server.signIn('approver@example.com');
  viewer = await server.signIn('viewer@example.com');
  admin = await server.signIn('admin@example.com');
}, 120_000);

afterAll(async () => {
  await team?.close();
});

describe('at or under the threshold', () => {
  test('an agent starts a run; the server sends every row once and says so in the list, the run, the result file and the audit', async () => {
    const ids = await orders(3);
    const plan = planOf('sandbox', ids.map((orderId) => ({ orderId, amount: '30.00' })));
    const run = await started(agent, 'sandbox', { plan });
    expect(run).toMatchObject({ state: 'running', requester: 'agent@example.com', total: '90.00', needs_approval: false, expires_at: null, decision: null });
    await settled('sandbox', run.id).toBe('finished');
    const done = await read('sandbox', run.id);
    expect(done.progress).toEqual({ total: 3, done: 3, refunded: 3, refused: 0, skipped: 0, unknown: 0 });
    // Sent with the identifiers the server made (docs/security.md), never the ones the browser's plan carried.
    for (const [i, orderId] of ids.entries()) {
      const kept = done.run.rows[i]?.plan.body;
      expect(kept?.payment_identifier).not.toBe(plan.rows[i]?.plan.body.payment_identifier);
      expect(await refundsInService(orderId)).toEqual([expect.objectContaining({ amount: '30.00', payment_identifier: kept?.payment_identifier, external_id: kept?.external_id })]);
    }
    const list = teamBulkRunListSchema.parse((await viewer('GET', '/api/env/sandbox/bulk-runs')).json);
    expect(list.results[0]).toMatchObject({ id: run.id, state: 'finished' });
    expect(list.results[0]).not.toHaveProperty('run');
    const csv = await fetch(`${server.url}/api/env/sandbox/bulk-runs/${run.id}/result.csv`, { headers: { Cookie: '' } });
    expect(csv.status).toBe(401);
    const file = await call(server.url, 'GET', `/api/env/sandbox/bulk-runs/${run.id}/result.csv`, { headers: await cookieHeader() });
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.text.split('\r\n').filter((l) => l.includes(',refunded,'))).toHaveLength(3);
    const actions = server.audit.filter((e) => JSON.stringify(e.body).includes(run.id)).map((e) => `${e.action}:${e.outcome}`);
    const eachRow = ['bulk_refund:intent', 'bulk_refund:refunded answer'];
    expect(actions).toEqual(['bulk_run_create:running', 'bulk_run_start:started', ...eachRow, ...eachRow, ...eachRow, 'bulk_run_finish:finished']);
  });

  test('a viewer cannot start a run (403 with the reason); the same plan twice is one run (409)', async () => {
    const [orderId = ''] = await orders(1);
    const plan = planOf('sandbox', [{ orderId, amount: '10.00' }]);
    const denied = await create(viewer, 'sandbox', { plan });
    expect(denied.status).toBe(403);
    expect(refusal.parse(denied.json)).toEqual({ code: 'permission_denied', detail: 'Your role viewer cannot refund in Sandbox.' });
    await started(agent, 'sandbox', { plan });
    const twice = await create(agent, 'sandbox', { plan });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ code: 'duplicate_plan' });
    await expect.poll(async () => (await refundsInService(orderId)).length, { timeout: 20_000 }).toBe(1);
  });
});

describe('a plan the server refuses, nothing kept or sent', () => {
  test.each([
    ['a row already sent', (p: ReturnType<typeof planOf>) => ({ ...p, rows: p.rows.map((r, i) => (i === 0 ? { ...r, state: { kind: 'refused' as const, status: 400, message: 'x' } } : r)) }), /Line 2: it is refused, not waiting/],
    ['one payment_identifier twice', (p: ReturnType<typeof planOf>) => ({ ...p, rows: p.rows.map((r) => ({ ...r, plan: { ...r.plan, body: { ...r.plan.body, payment_identifier: 'RF-SAME' } } })) }), /own payment_identifier; used more than once: RF-SAME/],
    ['a total that is not the sum', (p: ReturnType<typeof planOf>) => ({ ...p, total: '25.00' }), /The total 25.00 is not what the rows add up to \(20.00\)/],
    ['another environment', (p: ReturnType<typeof planOf>) => ({ ...p, environmentId: 'live' }), /made for the environment "live", not Sandbox/],
    ['no rows', (p: ReturnType<typeof planOf>) => ({ ...p, rows: [], total: '0.00' }), /no refund to send/],
    // The refund dialog's rule for reasons holds for a plan made elsewhere too.
    ['a reason off the list', (p: ReturnType<typeof planOf>) => ({ ...p, rows: p.rows.map((r) => ({ ...r, plan: { ...r.plan, reason: 'Event cancelled' } })) }), /Line 2: the reason "Event cancelled" is neither one of Customer request, .*, Other nor "Other: <why>"/],
    ['"Other" without its words', (p: ReturnType<typeof planOf>) => ({ ...p, rows: p.rows.map((r) => ({ ...r, plan: { ...r.plan, reason: 'Other' } })) }), /Line 2: the reason "Other" is neither/],
  ])('%s: 400 naming the plan', async (_, spoil, words) => {
    const ids = await orders(2);
    const plan = spoil(planOf('sandbox', ids.map((orderId) => ({ orderId, amount: '10.00' }))));
    const answer = await create(agent, 'sandbox', { plan });
    expect(answer.status).toBe(400);
    expect(z.object({ plan: z.array(z.string()) }).parse(answer.json).plan.join(' ')).toMatch(words);
    for (const orderId of ids) expect(await refundsInService(orderId)).toHaveLength(0);
  });

  test('bodies that are not a plan: 400 or 413, never a 5xx', async () => {
    const raw = (body: string) => agent('POST', '/api/env/sandbox/bulk-runs', undefined, body);
    for (const body of ['{"plan": ', '[]', '{"plan": 5}', '{}', 'null', JSON.stringify({ plan: { version: 2 } })]) expect((await raw(body)).status).toBe(400);
    expect((await raw(JSON.stringify({ plan: 'x'.repeat(5 * 1024 * 1024) }))).status).toBe(413);
    expect((await agent('GET', '/api/env/sandbox/bulk-runs/not-a-uuid')).status).toBe(404);
    expect((await agent('POST', '/api/bulk-runs/00000000-0000-4000-8000-000000000000/approve', {})).status).toBe(404);
    expect((await agent('GET', '/api/env/nowhere/bulk-runs')).status).toBe(404);
  });
});

describe('over the threshold: the batch waits for a second person (D17)', () => {
  test('waits, counted in the header for others; not by its requester; an approver starts it and every row is sent once', async () => {
    const ids = await orders(3, '80.00');
    const before = await countOf(approver);
    const run = await started(agent, 'sandbox', { plan: planOf('sandbox', ids.map((orderId) => ({ orderId, amount: '40.00' }))) });
    expect(run).toMatchObject({ state: 'awaiting_approval', needs_approval: true, total: '120.00' });
    expect(Date.parse(run.expires_at ?? '') - Date.parse(run.created_at)).toBe(24 * 3_600_000);
    expect(await countOf(approver)).toBe(before + 1);
    const waiting = z.object({ results: z.array(z.object({ id: z.string() })) }).parse((await approver('GET', '/api/bulk-runs/awaiting-approval')).json);
    expect(waiting.results.map((r) => r.id)).toContain(run.id);
    expect((await agent('GET', '/api/bulk-runs/awaiting-approval')).status).toBe(403);
    expect((await agent2('POST', `/api/bulk-runs/${run.id}/approve`, {})).json).toMatchObject({ code: 'permission_denied' });
    for (const orderId of ids) expect(await refundsInService(orderId)).toHaveLength(0);

    const approved = await approver('POST', `/api/bulk-runs/${run.id}/approve`, { note: 'incident 42' });
    expect(approved.status).toBe(200);
    expect(teamBulkRunSchema.parse(approved.json)).toMatchObject({ state: 'running', decision: { by: 'approver@example.com', note: 'incident 42' } });
    await settled('sandbox', run.id).toBe('finished');
    for (const orderId of ids) expect(await refundsInService(orderId)).toHaveLength(1);
    expect((await approver('POST', `/api/bulk-runs/${run.id}/approve`, {})).status).toBe(409);
  });

  test('an approver who asked for the batch cannot approve it: 403 own_request, in the audit', async () => {
    const [orderId = ''] = await orders(1, '200.00');
    const run = await started(approver, 'sandbox', { plan: planOf('sandbox', [{ orderId, amount: '150.00' }]) });
    const own = await approver('POST', `/api/bulk-runs/${run.id}/approve`, {});
    expect(own.status).toBe(403);
    const said = refusal.parse(own.json);
    expect(said.code).toBe('own_request');
    expect(said.detail).toMatch(/^You asked for this batch, so someone else must approve/);
    expect(server.audit.at(-1)).toMatchObject({ user: 'approver@example.com', action: 'bulk_run_approve', outcome: 'refused_own_request' });
    expect((await read('sandbox', run.id)).state).toBe('awaiting_approval');
  });

  test('reject, withdraw (the requester only) and expiry send nothing', async () => {
    const ids = await orders(3, '200.00');
    const [a, b, c] = await Promise.all(ids.map((orderId) => started(agent, 'sandbox', { plan: planOf('sandbox', [{ orderId, amount: '150.00' }]) })));
    if (a === undefined || b === undefined || c === undefined) throw new Error('three runs');
    expect(teamBulkRunSchema.parse((await approver('POST', `/api/bulk-runs/${a.id}/reject`, { note: 'not this one' })).json)).toMatchObject({ state: 'rejected', decision: { note: 'not this one' } });
    expect((await agent2('POST', `/api/env/sandbox/bulk-runs/${b.id}/withdraw`)).json).toMatchObject({ code: 'not_requester' });
    expect(teamBulkRunSchema.parse((await agent('POST', `/api/env/sandbox/bulk-runs/${b.id}/withdraw`)).json).state).toBe('withdrawn');
    await server.db.query("UPDATE console_bulk_runs SET expires_at = now() - interval '1 second' WHERE id = $1", [c.id]);
    const late = await approver('POST', `/api/bulk-runs/${c.id}/approve`, {});
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ code: 'expired' });
    expect((await read('sandbox', c.id)).state).toBe('expired');
    expect(server.audit.filter((e) => e.action === 'bulk_run_expire' && JSON.stringify(e.body).includes(c.id))).toHaveLength(1);
    for (const orderId of ids) expect(await refundsInService(orderId)).toHaveLength(0);
  });
});

describe('production: the typed total', () => {
  test('missing or different: 400 on confirmation; the same total is accepted (and waits: every refund needs approval there)', async () => {
    const [orderId = ''] = await orders(1);
    const plan = planOf('live', [{ orderId, amount: '12.50' }]);
    const missing = await create(agent, 'live', { plan });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ confirmation: ['Live is production: type the total (12.50) to confirm.'] });
    const wrong = await create(agent, 'live', { plan, confirmation: '12.00' });
    expect(wrong.json).toEqual({ confirmation: ["The typed total 12.00 is not the plan's total 12.50."] });
    const run = await started(agent, 'live', { plan, confirmation: '12.5' });
    expect(run.state).toBe('awaiting_approval');
  });
});

describe('pause and resume', () => {
  test('the requester pauses before the next row and resumes; another agent cannot; an admin can', async () => {
    const ids = await orders(4);
    // The second refund takes a while, so the pause lands while the run is under way.
    await call(team.liveUrl, 'POST', sandboxPaths.faults(), { token: TOKEN, json: { operation: 'refund', order_id: ids[1], effect: { kind: 'delay', ms: 1_500 } } });
    const run = await started(agent, 'sandbox', { plan: planOf('sandbox', ids.map((orderId) => ({ orderId, amount: '20.00' }))) });
    await expect.poll(async () => (await read('sandbox', run.id)).run.rows[1]?.state.kind, { timeout: 10_000 }).toBe('sending');
    expect((await agent2('POST', `/api/env/sandbox/bulk-runs/${run.id}/pause`)).json).toMatchObject({ code: 'not_requester' });
    const paused = teamBulkRunSchema.parse((await agent('POST', `/api/env/sandbox/bulk-runs/${run.id}/pause`)).json);
    expect(paused).toMatchObject({ state: 'paused', state_reason: 'Paused by agent@example.com; resume to send the rest.' });
    // The refund in flight ends and is saved; nothing after it is sent.
    await expect.poll(async () => (await read('sandbox', run.id)).progress.done, { timeout: 10_000 }).toBe(2);
    expect(await refundsInService(ids[2] ?? '')).toHaveLength(0);
    expect(teamBulkRunSchema.parse((await admin('POST', `/api/env/sandbox/bulk-runs/${run.id}/resume`)).json).state).toBe('running');
    await settled('sandbox', run.id).toBe('finished');
    for (const orderId of ids) expect(await refundsInService(orderId)).toHaveLength(1);
    expect((await agent('POST', `/api/env/sandbox/bulk-runs/${run.id}/pause`)).status).toBe(409);
  });
});

async function cookieHeader(): Promise<Record<string, string>> {
  const response = await call(server.url, 'POST', '/auth/sign-in', { json: { email: 'viewer@example.com', password: 'a-long-test-password' }, headers: { Origin: server.url } });
  return { Cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}
