import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import type { Database } from '../../db/store-db.ts';
import type { Store } from '../../sandbox/entry.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import { serveApp } from '../../http/listen.ts';
import type { RunningServer } from '../../http/listen.ts';
import { call, createOrder, moveOrder } from '../../sandbox/testing/http.ts';
import { testStoreKind, testStoreLocation } from '../../sandbox/testing/test-store.ts';
import type { AuditEntry } from '../audit-sink.ts';
import { createBackground } from '../background.ts';
import { openConsoleDb } from '../console-db.ts';
import type { ServiceCall } from '../forward.ts';
import { serviceCaller } from '../forward.ts';
import type { TeamConfig } from '../team-config.ts';
import { startBulkRunner } from './bulk-runner.ts';
import { resolveBulkSettings } from './bulk-runner-settings.ts';
import { findRun, insertRun, setPaused } from './bulk-run-store.ts';
import { planOf } from './testing/bulk-plan.ts';

// The runner on its own: two console processes on one database (two pools on PostgreSQL)
// never send the same run, and a row nobody can confirm keeps the run open (paused, with the reason)
// until someone resumes it, when the order is read before anything is sent again.

const TOKEN = 'bulk-runner-token-1b7d';
const SETTINGS = resolveBulkSettings({ engine: { ratePerSecond: 200, backoffMs: () => 10, maxRetryAfterSeconds: 1 }, pollMs: 100, leaseMs: 2_000 });
const config: TeamConfig = {
  auth: 'local',
  db: ':memory:',
  environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } }],
  idleMs: 60_000,
  maxMs: 3_600_000,
  origin: null,
};

let store: Store;
let sandbox: RunningServer;
let location: string;
const dbs: Database[] = [];
const audit: AuditEntry[] = [];
const sink = { record: (entry: AuditEntry) => Promise.resolve(void audit.push(entry)) };

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  sandbox = await serveApp(createSandboxApp({ store, tokens: [TOKEN], log: () => undefined }));
  location = await testStoreLocation();
}, 60_000);

afterAll(async () => {
  for (const db of dbs.reverse()) await db.close();
  await sandbox?.close();
  await store?.close();
});

/** A console process's database handle: its own pool on PostgreSQL, the one in-memory database on PGlite. */
async function database(): Promise<Database> {
  const db = testStoreKind() === 'postgres' || dbs[0] === undefined ? await openConsoleDb(location) : dbs[0];
  if (!dbs.includes(db)) dbs.push(db);
  return db;
}

/**
 * A runner as a console process starts one; `wrap` stands between it and the sandbox. It stops when its
 * test ends: a runner left polling would take the next test's run and send it without that test's `wrap`.
 */
async function runner(wrap: (call: ServiceCall) => ServiceCall = (c) => c) {
  const db = await database();
  const handle = createBackground();
  onTestFinished(() => handle.stop());
  const call = wrap(serviceCaller({ db, config, audit: sink, log: () => undefined }, { app: createSandboxApp({ store, tokens: [TOKEN], log: () => undefined }), token: TOKEN }));
  return { db, ...startBulkRunner({ db, audit: sink, call, environments: config.environments, settings: SETTINGS, log: () => undefined, background: handle.background }) };
}

async function activated(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await moveOrder(sandbox.url, TOKEN, (await createOrder(sandbox.url, TOKEN, { order_data: { eshop_external_id: 'runner', amount: '50.00' } })).id, 'activated')).id);
  return ids;
}

async function refundsOf(orderId: string) {
  const events = await call(sandbox.url, 'GET', sandboxPaths.orderEvents(orderId), { token: TOKEN });
  return orderEventsResponseSchema.parse(events.json).results.filter((e) => e.type === 'refunded');
}

test('two processes looking for runs at once: each run is sent by one of them, every refund once', async () => {
  const sent = new Map<string, number>();
  const counting = (inner: ServiceCall): ServiceCall => async (env, method, path, json) => {
    if (method === 'POST') sent.set(path, (sent.get(path) ?? 0) + 1);
    return inner(env, method, path, json);
  };
  const ids = await activated(20);
  const one = await runner(counting);
  const runs = [];
  for (let i = 0; i < 4; i++) {
    const plan = planOf('sandbox', ids.slice(i * 5, i * 5 + 5).map((orderId) => ({ orderId, amount: '10.00' })));
    runs.push(await insertRun(one.db, { environment: 'sandbox', requester: 'agent@example.com', run: plan, needsApproval: false, ttlMs: 0 }));
  }
  const two = await runner(counting);
  one.wake();
  two.wake();
  for (const run of runs) await expect.poll(async () => (await findRun(one.db, run?.id ?? ''))?.state, { timeout: 20_000 }).toBe('finished');
  expect([...sent.values()]).toEqual(Array.from({ length: 20 }, () => 1));
  for (const orderId of ids) expect(await refundsOf(orderId)).toHaveLength(1);
  for (const run of runs) expect(audit.filter((e) => e.action === 'bulk_run_start' && JSON.stringify(e.body).includes(run?.id ?? '-'))).toHaveLength(1);
});

test('a refund nobody can confirm pauses the run with the reason; resumed, the order is read and nothing is sent twice', async () => {
  const [orderId = '', other = ''] = await activated(2);
  let blind = true;
  // The refund is made but its answer lost, and the order cannot be read afterwards (until `blind` ends).
  const losing = (inner: ServiceCall): ServiceCall => async (env, method, path, json) => {
    if (!path.includes(orderId)) return inner(env, method, path, json);
    if (method === 'POST' && blind) {
      await inner(env, method, path, json);
      return { status: 424, text: JSON.stringify({ detail: 'lost', code: 'service_unreachable' }) };
    }
    const reads = (await refundsOf(orderId)).length;
    if (method === 'GET' && path === orderServicePaths.orderRead(orderId) && blind && reads > 0) return { status: 503, text: '{"detail": "down"}' };
    if (method === 'GET' && path.startsWith('/sandbox/') && blind) return { status: 503, text: '{"detail": "down"}' };
    return inner(env, method, path, json);
  };
  const process1 = await runner(losing);
  const plan = planOf('sandbox', [{ orderId, amount: '10.00' }, { orderId: other, amount: '5.00' }]);
  const run = await insertRun(process1.db, { environment: 'sandbox', requester: 'agent@example.com', run: plan, needsApproval: false, ttlMs: 0 });
  process1.wake();
  await expect.poll(async () => (await findRun(process1.db, run?.id ?? ''))?.state, { timeout: 20_000 }).toBe('paused');
  const paused = await findRun(process1.db, run?.id ?? '');
  expect(paused?.state_reason).toMatch(/^1 refund could not be confirmed .* Resume to check it again/);
  expect(paused?.progress).toMatchObject({ refunded: 1, unknown: 1 });
  expect(audit.at(-1)).toMatchObject({ action: 'bulk_run_pause', outcome: 'paused_unknown_rows' });

  blind = false;
  await setPaused(process1.db, run?.id ?? '', false, null);
  process1.wake();
  await expect.poll(async () => (await findRun(process1.db, run?.id ?? ''))?.state, { timeout: 20_000 }).toBe('finished');
  expect((await findRun(process1.db, run?.id ?? ''))?.run.rows[0]?.state).toMatchObject({ kind: 'refunded', via: 'check' });
  expect(await refundsOf(orderId)).toHaveLength(1);
});
