import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { IndexedOrder } from '../../contract/order-index.ts';
import { parseOrderSearch } from '../../contract/order-search.ts';
import type { Database } from '../../db/store-db.ts';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import type { Store } from '../../sandbox/entry.ts';
import { createOrder, moveOrder } from '../../sandbox/testing/http.ts';
import { createBackground } from '../background.ts';
import { openConsoleDb } from '../console-db.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { Upstream } from '../upstream.ts';
import { upstream } from '../upstream.ts';
import { startIndexRefresher } from './index-refresher.ts';
import { searchIndex } from './order-index-search.ts';
import { upsertImportRows } from './order-index-store.ts';

// docs/order-index.md, "Fresh statuses": the refresher reads the index's open orders again from a real
// service (a sandbox over HTTP, as a production environment is reached), at its pace, one process at
// a time, and stops cleanly.

const TOKEN = 'refresher-test-token-8d2e';
let service: RunningServer;
let store: Store;
let db: Database;
let prod: TeamEnvironment;
/** Every order id the refreshers asked the service for, in order. */
const asked: string[] = [];
let counting: Upstream;

const row = (orderId: string, externalId: string, status: IndexedOrder['status'] = 'new') => ({
  order_id: orderId,
  external_id: externalId,
  email: null,
  first_name: null,
  last_name: null,
  phone_number: null,
  status,
  initial_amount: '120.50',
  created_at: null,
});

async function record(externalId: string): Promise<IndexedOrder | undefined> {
  const parsed = parseOrderSearch(`ext:${externalId}`);
  if (!parsed.ok) throw new Error(parsed.error);
  return (await searchIndex(db, parsed.search, { environments: ['prod'], customerEnvironments: [] }, null)).orders[0];
}

beforeAll(async () => {
  store = await openStore(':memory:');
  service = await serveApp(createSandboxApp({ store, tokens: [TOKEN], log: () => undefined }), { port: 0 });
  db = await openConsoleDb(':memory:');
  prod = { id: 'prod', name: 'Production', production: true, approvalThreshold: null, target: { kind: 'http', baseUrl: service.url, token: TOKEN } };
  const real = upstream(undefined);
  counting = {
    scrubber: (environment) => real.scrubber(environment),
    async call(environment, request) {
      asked.push(request.path.split('/').at(-2) ?? '');
      return real.call(environment, request);
    },
  };
}, 60_000);

afterAll(async () => {
  await service?.close();
  await db?.close();
});

test('open orders are read again, each in turn, at the set pace; final, resting and unknown ones are left alone; a stop is clean', async () => {
  const made = await Promise.all(['R-1', 'R-2', 'R-3', 'R-FINAL', 'R-REST'].map((external) => createOrder(service.url, TOKEN, { order_external_id: external })));
  const [one, two, three, final, resting] = made;
  if (one === undefined || two === undefined || three === undefined || final === undefined || resting === undefined) throw new Error('no orders');
  const unknown = randomUUID();
  // What a nightly file said: all new (the service knows better), one id the service never made.
  await upsertImportRows(db, 'prod', [row(one.id, 'R-1'), row(two.id, 'R-2'), row(three.id, 'R-3'), row(final.id, 'R-FINAL', 'canceled'), row(resting.id, 'R-REST'), row(unknown, 'R-UNKNOWN')], new Date());
  await db.query("UPDATE order_index SET changed_at = now() - interval '31 days' WHERE external_id = 'R-REST'");
  await moveOrder(service.url, TOKEN, one.id, 'activated');
  await moveOrder(service.url, TOKEN, two.id, 'canceled');

  const work = createBackground();
  const started = Date.now();
  startIndexRefresher({ db, upstream: counting, environments: [prod], perSecond: 5, background: work.background, log: () => undefined, minAgeMs: 0, idleMs: 100 });
  await expect.poll(async () => (await record('R-1'))?.status, { timeout: 10_000 }).toBe('activated');
  await expect.poll(async () => (await record('R-2'))?.status, { timeout: 10_000 }).toBe('canceled');
  expect(await record('R-1')).toMatchObject({ source: 'refresh', current_amount: '120.50', created_at: one.date_settled.replace('Z', '000Z') });
  await expect.poll(async () => (await record('R-UNKNOWN'))?.not_found_at ?? null, { timeout: 10_000 }).not.toBeNull();
  // Let it go round a few times: stay open (activated, new), the rest are out of its way.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await work.stop();
  const seconds = (Date.now() - started) / 1000;
  const stoppedAt = asked.length;
  expect(asked.length).toBeLessThanOrEqual(Math.ceil(seconds * 5) + 1);
  expect(asked.filter((id) => id === final.id || id === resting.id)).toEqual([]);
  expect(asked.filter((id) => id === unknown)).toHaveLength(1);
  expect(asked.filter((id) => id === two.id)).toHaveLength(1);
  expect(asked.filter((id) => id === three.id).length).toBeGreaterThan(1);
  // The lease is given back, and nothing is read after the stop.
  expect((await db.query('SELECT * FROM order_index_leases')).rows).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(asked.length).toBe(stoppedAt);
});

test('two processes on one database: one reads at a time; a dead holder’s lease runs out first; a stop hands over', async () => {
  await db.query("UPDATE order_index SET checked_at = NULL WHERE external_id IN ('R-1', 'R-3')");
  // A process that died while holding the lease: nobody reads until it runs out.
  await db.query("INSERT INTO order_index_leases (environment, holder, expires_at) VALUES ('prod', 'killed-process', now() + interval '1 second')");
  const options = { db, environments: [prod], perSecond: 10, log: () => undefined, minAgeMs: 0, idleMs: 100, leaseMs: 600 };
  const reads = [[] as string[], [] as string[]];
  const works = [createBackground(), createBackground()];
  const started = Date.now();
  works.forEach((work, i) => {
    const into = reads[i] ?? [];
    startIndexRefresher({ ...options, background: work.background, upstream: { scrubber: (environment) => counting.scrubber(environment), call: (environment, request) => (into.push(request.path), counting.call(environment, request)) } });
  });
  await expect.poll(() => (reads[0]?.length ?? 0) + (reads[1]?.length ?? 0), { timeout: 5_000 }).toBeGreaterThan(0);
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const holder = (reads[0]?.length ?? 0) > 0 ? 0 : 1;
  const other = 1 - holder;
  expect(reads[other]).toEqual([]);
  const before = reads[holder]?.length ?? 0;
  await works[holder]?.stop();
  await expect.poll(() => reads[other]?.length ?? 0, { timeout: 5_000 }).toBeGreaterThan(0);
  expect(reads[holder]?.length).toBe(before);
  await works[other]?.stop();
});
