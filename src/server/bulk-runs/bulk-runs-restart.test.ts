import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { teamBulkRunSchema } from '../../contract/bulk-runs.ts';
import { faultListResponseSchema } from '../../contract/faults.ts';
import { grantSchema } from '../../contract/grants.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { addMoney, compareMoney, formatMoney, sumMoney } from '../../contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import type { MainProcess } from '../../sandbox/testing/child.ts';
import { spawnScript, waitForListening } from '../../sandbox/testing/child.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import { serveApp } from '../../http/listen.ts';
import { call, createOrder, moveOrder } from '../../sandbox/testing/http.ts';
import { newPostgresDatabase, testStoreKind } from '../../sandbox/testing/test-store.ts';
import { openConsoleDb } from '../console-db.ts';
import { hashPassword } from '../passwords.ts';
import { addUser } from '../users.ts';
import { planOf } from './testing/bulk-plan.ts';

// A 300-row team bulk run sent by the console server from the embedded sandbox's
// D13 faults (lost answers, dropped connections, 503s, 429s with Retry-After, failing reads), the
// server process killed with SIGKILL while a refund is on its way, and a new process started on
// the same databases, which takes the run over once the lease has run out. At the end every row is
// refunded exactly once and the service's sums are the plan's — read back order by order from the
// sandbox, compared with big.js.

const TOKEN = 'bulk-restart-token-5c0e';
const PASSWORD = 'a-long-test-password';
const CHILD = fileURLToPath(new URL('./testing/bulk-server-child.ts', import.meta.url));

let dir: string | null = null;
let sandboxDb: string;
let consoleDb: string;
const children: MainProcess[] = [];
let whole: string[] = [];
let split: string[] = [];

beforeAll(async () => {
  if (testStoreKind() === 'postgres') {
    sandboxDb = await newPostgresDatabase('bulk_sandbox');
    consoleDb = await newPostgresDatabase('bulk_console');
  } else {
    dir = mkdtempSync(join(tmpdir(), 'bulk-restart-'));
    sandboxDb = join(dir, 'sandbox');
    consoleDb = join(dir, 'console');
  }
  // The two databases are made side by side: each first start of an embedded database takes seconds.
  const people = async () => {
    const db = await openConsoleDb(consoleDb);
    try {
      await addUser(db, { email: 'agent@example.com', grants: [grantSchema.parse('agent')], passwordHash: await hashPassword(PASSWORD) });
    } finally {
      await db.close();
    }
  };
  await Promise.all([prepareSandbox(), people()]);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
});

/** The orders and the armed faults, made in the sandbox's store before any console process runs (quicker than through the console, which audits and indexes each). */
async function prepareSandbox() {
  const store = await openStore(sandboxDb);
  const sandbox = await serveApp(createSandboxApp({ store, tokens: [TOKEN], log: () => undefined }));
  try {
    const many = async (count: number, amount: string) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 10) {
        const batch = Array.from({ length: Math.min(10, count - i) }, async () => {
          const order = await createOrder(sandbox.url, TOKEN, { order_data: { eshop_external_id: 'bulk', amount } });
          return (await moveOrder(sandbox.url, TOKEN, order.id, 'activated')).id;
        });
        ids.push(...(await Promise.all(batch)));
      }
      return ids;
    };
    // 100 orders refunded in full, 100 refunded in two parts: 300 rows.
    whole = await many(100, '75.00');
    split = await many(100, '100.00');
    const arm = async (rule: object) => expect((await call(sandbox.url, 'POST', sandboxPaths.faults(), { token: TOKEN, json: rule })).status).toBe(201);
    const pick = (ids: string[], every: number, offset: number) => ids.filter((_, i) => i % every === offset);
    for (const id of pick(whole, 10, 1)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'lose_answer' } });
    for (const id of pick(split, 10, 2)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'lose_answer' }, times: 2 });
    for (const id of pick(whole, 10, 4)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'status', status: 503 }, times: 2 });
    for (const id of pick(split, 10, 6)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'drop' } });
    for (const id of pick(split, 50, 8)) await arm({ operation: 'refund', order_id: id, effect: { kind: 'status', status: 429, retry_after: 1 } });
    for (const id of pick(whole, 20, 1)) await arm({ operation: 'read', order_id: id, effect: { kind: 'status', status: 503 }, times: 2 });
    // split[25]'s first refund takes its time: the process is killed while it is on its way.
    await arm({ operation: 'refund', order_id: split[25], effect: { kind: 'delay', ms: 5_000 } });
  } finally {
    await sandbox.close();
    await store.close();
  }
}

async function startChild(): Promise<string> {
  const child = spawnScript(CHILD, [sandboxDb, consoleDb, TOKEN]);
  children.push(child);
  return waitForListening(child, 60_000);
}

/** A signed-in agent's calls to one console process (the session lives in the database: it outlives the process). */
function as(cookie: string) {
  return (url: string) => async (method: string, path: string, json?: unknown) => {
    const answer = await call(url, method, path, { headers: { Cookie: cookie, Origin: url }, ...(json !== undefined && { json }) });
    return { status: answer.status, json: answer.json, text: answer.text };
  };
}

test('300 rows with faults armed, the server killed mid-send and restarted: every row refunded exactly once, the sums the service\'s', async () => {
  const started = Date.now();
  const url1 = await startChild();
  const signIn = await call(url1, 'POST', '/auth/sign-in', { json: { email: 'agent@example.com', password: PASSWORD }, headers: { Origin: url1 } });
  expect(signIn.status).toBe(200);
  const agent = as((signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
  const first = agent(url1);
  const plan = planOf('sandbox', [...whole.map((orderId) => ({ orderId, amount: '75.00' })), ...split.flatMap((orderId) => [{ orderId, amount: '40.00' }, { orderId, amount: '25.50' }])]);
  expect(plan.rows).toHaveLength(300);
  expect(plan.total).toBe('14050.00');
  const inFlight = 150;
  expect(plan.rows[inFlight]?.plan.order_id).toBe(split[25]);

  const created = await first('POST', '/api/env/sandbox/bulk-runs', { plan });
  expect(created.status, created.text).toBe(201);
  const { id } = teamBulkRunSchema.parse(created.json);
  const runOn = async (url: string) => teamBulkRunSchema.parse((await agent(url)('GET', `/api/env/sandbox/bulk-runs/${id}`)).json);

  await expect.poll(async () => (await runOn(url1)).run.rows[inFlight]?.state.kind, { timeout: 60_000, interval: 100 }).toBe('sending');
  const killedAt = await runOn(url1);
  expect(killedAt.state).toBe('running');
  expect(killedAt.progress.done).toBe(inFlight);
  // Its read says who sends it: a living process, heard from within the hold's renewal (a 2 s hold here).
  expect(killedAt.sender).toMatchObject({ stalled: false });
  expect(killedAt.sender?.heard_ms_ago).toBeLessThan(2_000);
  const [victim] = children;
  victim?.child.kill('SIGKILL');
  expect(await victim?.exited).toEqual({ code: null, signal: 'SIGKILL' });

  // A new process on the same databases: once the dead one's lease has run out, it takes the run over.
  const url2 = await startChild();
  await expect.poll(async () => (await runOn(url2)).state, { timeout: 90_000, interval: 250 }).toBe('finished');
  const finished = await runOn(url2);
  console.info(`team bulk run: 300 rows with faults, killed and restarted, in ${((Date.now() - started) / 1000).toFixed(1)} s from the first process's start to the end (two process starts and a lease of 2 s included)`);
  expect(finished.progress).toEqual({ total: 300, done: 300, refunded: 300, refused: 0, skipped: 0, unknown: 0 });
  expect(finished.run.finishedAt).not.toBeNull();
  // Lost answers were settled by reading the order, never by sending blindly.
  expect(finished.run.rows.filter((r) => r.state.kind === 'refunded' && r.state.via === 'check').length).toBeGreaterThanOrEqual(10);

  // The service's own account: each row's payment_identifier refunded once, nothing else, every
  // order's refunded amount the sum of its rows, and all of it the plan's total.
  const second = agent(url2);
  let serviceTotal = sumMoney([]);
  for (const orderId of [...whole, ...split]) {
    const mine = finished.run.rows.filter((r) => r.plan.order_id === orderId);
    const events = orderEventsResponseSchema.parse((await second('GET', `/env/sandbox${sandboxPaths.orderEvents(orderId)}`)).json).results.filter((e) => e.type === 'refunded');
    expect(events.map((e) => e.payment_identifier).sort()).toEqual(mine.map((r) => r.plan.body.payment_identifier).sort());
    const order = orderSchema.parse((await second('GET', `/env/sandbox${orderServicePaths.orderRead(orderId)}`)).json);
    expect(compareMoney(order.refund_amount, sumMoney(mine.map((r) => r.plan.body.amount)))).toBe(0);
    serviceTotal = addMoney(serviceTotal, order.refund_amount);
  }
  expect(formatMoney(serviceTotal)).toBe(finished.total);
  // Every fault fired (the delay's request died with the first process, so its rule may be left).
  const left = faultListResponseSchema.parse((await second('GET', `/env/sandbox${sandboxPaths.faults()}`)).json).results;
  expect(left.filter((rule) => rule.effect.kind !== 'delay')).toEqual([]);

  // The audit holds the start, the take-over, one outcome per row and the end.
  const last = children[1];
  last?.child.kill('SIGTERM');
  expect((await last?.exited)?.code).toBe(0);
  const db = await openConsoleDb(consoleDb);
  try {
    const { rows } = await db.query(`SELECT action, outcome FROM audit_log WHERE action LIKE 'bulk_%' ORDER BY seq`);
    const entries = z.array(z.object({ action: z.string(), outcome: z.string() })).parse(rows);
    expect(entries.filter((e) => e.action === 'bulk_run_start').map((e) => e.outcome)).toEqual(['started', 'taken_over']);
    // One outcome per row; before every send (a resend after a fault too) its intent (write-ahead).
    const refunds = entries.filter((e) => e.action === 'bulk_refund');
    expect(refunds.filter((e) => e.outcome !== 'intent')).toHaveLength(300);
    expect(refunds.filter((e) => e.outcome === 'intent').length).toBeGreaterThanOrEqual(300);
    expect(entries.at(-1)).toEqual({ action: 'bulk_run_finish', outcome: 'finished' });
  } finally {
    await db.close();
  }
}, 240_000);
