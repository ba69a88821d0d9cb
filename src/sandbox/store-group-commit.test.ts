import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { arrivalClock, arrivalKey } from './arrival-clock.ts';
import type { CreateResult, NewOrder, Store } from './store.ts';
import { MAX_GROUP_ROWS, openStore } from './store.ts';
import { testStoreKind, testStoreLocation } from './testing/test-store.ts';

// Group commit (store.ts): creates that arrive while an INSERT is being written are written together
// as one statement. These tests hold the store to what one create at a time would have answered.

const statements: number[] = [];
let store: Store;
let ownerCounter = 0;
let owner: string;

beforeAll(async () => {
  store = await openStore(await testStoreLocation(), { onCreateStatement: (rows) => statements.push(rows) });
}, 60_000);

afterAll(async () => {
  await store.close();
});

beforeEach(() => {
  ownerCounter += 1;
  owner = `owner-${ownerCounter}`;
  statements.length = 0;
});

function newOrder(externalId: string, overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    externalId,
    service: 'provider-pay',
    paymentIdentifier: `PI-${externalId}`,
    returnUrl: 'https://shop.example/return',
    amount: '10.00',
    requestText: JSON.stringify({ order_external_id: externalId, note: 'kept as sent' }),
    checkoutOrigin: 'http://127.0.0.1:8080',
    ...overrides,
  };
}

const settle = (promises: Promise<CreateResult>[]) => Promise.allSettled(promises);
const kinds = (results: PromiseSettledResult<CreateResult>[]) =>
  results.map((r) => (r.status === 'fulfilled' ? r.value.kind : 'rejected'));

describe('creates in one group', () => {
  test('creates started together are written as one statement, each answered with its own order', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `group-${i}`);
    const results = await Promise.all(ids.map((id) => store.createOrder(owner, newOrder(id))));
    expect(statements).toEqual([20]);
    expect(results.map((r) => (r.kind === 'created' ? r.order.external_id : r.kind))).toEqual(ids);
    for (const result of results) {
      if (result.kind !== 'created') throw new Error('expected created');
      expect(result.order).toMatchObject({ status: 'new', initial_amount: '10.00', current_amount: '10.00', refund_amount: '0.00' });
      expect(await store.getOrder(owner, result.order.id)).toEqual(result.order);
    }
  });

  test('each order\'s created event is written by its group\'s one statement (D12)', async () => {
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => store.createOrder(owner, newOrder(`event-${i}`))));
    expect(statements).toEqual([16]);
    for (const result of results) {
      if (result.kind !== 'created') throw new Error('expected created');
      const events = (await store.orderEvents(owner, result.order.id, { after: null, limit: 100 }))?.events;
      expect(events?.map(({ id: _id, ...rest }) => rest)).toEqual([
        { type: 'created', at: result.order.created_at.toISOString(), external_id: result.order.external_id, initial_amount: '10.00', status: 'new' },
      ]);
    }
  });

  test('a group never holds more than MAX_GROUP_ROWS creates', async () => {
    const count = MAX_GROUP_ROWS * 2 + 5;
    const results = await Promise.all(Array.from({ length: count }, (_, i) => store.createOrder(owner, newOrder(`big-${i}`))));
    expect(results.every((r) => r.kind === 'created')).toBe(true);
    expect(Math.max(...statements)).toBeLessThanOrEqual(MAX_GROUP_ROWS);
    expect(statements.reduce((a, b) => a + b, 0)).toBe(count);
  });

  test('the same external id twice in one group: the first is created, the later ones are duplicates', async () => {
    const ids = ['dup-a', 'dup-b', 'dup-a', 'dup-c', 'dup-b', 'dup-a'];
    const results = await Promise.all(ids.map((id) => store.createOrder(owner, newOrder(id, { amount: '1.00' }))));
    expect(statements).toEqual([6]);
    expect(results.map((r) => r.kind)).toEqual(['created', 'created', 'duplicate_external_id', 'created', 'duplicate_external_id', 'duplicate_external_id']);
    const listed = await store.listOrders(owner, { limit: 50, cursor: null, status: null, q: null });
    expect(listed.map((o) => o.external_id).sort()).toEqual(['dup-a', 'dup-b', 'dup-c']);
    // The stored dup-a is the first request's, not a later one's.
    const first = results[0];
    if (first?.kind !== 'created') throw new Error('expected created');
    expect(listed.find((o) => o.external_id === 'dup-a')?.id).toBe(first.order.id);
  });

  test('an external id already stored is a duplicate inside a group too; another owner may reuse it', async () => {
    await store.createOrder(owner, newOrder('taken'));
    const other = `${owner}-other`;
    const results = await Promise.all([
      store.createOrder(owner, newOrder('fresh')),
      store.createOrder(owner, newOrder('taken')),
      store.createOrder(other, newOrder('taken')),
    ]);
    expect(results.map((r) => r.kind)).toEqual(['created', 'duplicate_external_id', 'created']);
  });

  test('a row the database refuses fails only its own create; its group-mates are created', async () => {
    // A CHECK violation (initial_amount > 0) and a value out of numeric(10,2)'s range: validation
    // refuses both before the store, but the store must not let one request sink another.
    const promises = [
      store.createOrder(owner, newOrder('ok-1')),
      store.createOrder(owner, newOrder('bad-check', { amount: '-5.00' })),
      store.createOrder(owner, newOrder('ok-2')),
      store.createOrder(owner, newOrder('bad-range', { amount: '123456789.00' })),
      store.createOrder(owner, newOrder('ok-3')),
    ];
    const results = await settle(promises);
    expect(kinds(results)).toEqual(['created', 'rejected', 'created', 'rejected', 'created']);
    // One failed statement, then each create alone.
    expect(statements).toEqual([5, 1, 1, 1, 1, 1]);
    const listed = await store.listOrders(owner, { limit: 50, cursor: null, status: null, q: null });
    expect(listed.map((o) => o.external_id)).toEqual(['ok-3', 'ok-2', 'ok-1']);
  });

  test('a refused row does not hold its external id: a later create with that id in the same group is created', async () => {
    const results = await settle([
      store.createOrder(owner, newOrder('retry-me', { amount: '0.00' })),
      store.createOrder(owner, newOrder('retry-me')),
      store.createOrder(owner, newOrder('retry-me')),
    ]);
    expect(kinds(results)).toEqual(['rejected', 'created', 'duplicate_external_id']);
  });
});

describe('order of arrival', () => {
  test('created_at follows the order creates were started in, across groups, and the list pages by it', async () => {
    const count = 150;
    const results = await Promise.all(Array.from({ length: count }, (_, i) => store.createOrder(owner, newOrder(`seq-${String(i).padStart(3, '0')}`))));
    expect(statements.length).toBeGreaterThan(1);
    const keys = results.map((r) => (r.kind === 'created' ? r.order.created_key : ''));
    for (let i = 1; i < keys.length; i++) expect(keys[i]! > keys[i - 1]!).toBe(true);

    const seen: string[] = [];
    let cursor = null;
    for (;;) {
      const page = await store.listOrders(owner, { limit: 40, cursor, status: null, q: null });
      seen.push(...page.map((o) => o.external_id));
      const last = page.at(-1);
      if (page.length < 40 || last === undefined) break;
      cursor = { createdKey: last.created_key, id: last.id };
    }
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => `seq-${String(count - 1 - i).padStart(3, '0')}`));
  });

  test('the answered created_key is the stored created_at to the microsecond (as the list cursor reads it)', async () => {
    const results = await Promise.all([store.createOrder(owner, newOrder('key-1')), store.createOrder(owner, newOrder('key-2'))]);
    for (const result of results) {
      if (result.kind !== 'created') throw new Error('expected created');
      const stored = await store.getOrder(owner, result.order.id);
      expect(stored?.created_key).toBe(result.order.created_key);
      expect(stored?.created_at.toISOString()).toBe(result.order.created_at.toISOString());
    }
  });

  test('the arrival clock never repeats or goes back, even when the wall clock stands still or steps back', () => {
    const times = [1_700_000_000_000, 1_700_000_000_000, 1_700_000_000_000, 1_699_999_999_000, 1_700_000_000_005];
    let i = 0;
    const arrive = arrivalClock(() => times[i++] ?? 0);
    const keys = times.map(() => arrive().key);
    expect(keys).toEqual([
      '2023-11-14T22:13:20.000000Z',
      '2023-11-14T22:13:20.000001Z',
      '2023-11-14T22:13:20.000002Z',
      '2023-11-14T22:13:20.000003Z',
      '2023-11-14T22:13:20.005000Z',
    ]);
    expect(arrivalKey(1_700_000_000_123_456)).toBe('2023-11-14T22:13:20.123456Z');
  });
});

test('close() writes the creates it has accepted before closing the database', async () => {
  const own = await openStore(await testStoreLocation());
  const pending = Promise.all([own.createOrder('o', newOrder('late-1')), own.createOrder('o', newOrder('late-2'))]);
  await own.close();
  expect((await pending).map((r) => r.kind)).toEqual(['created', 'created']);
  await expect(own.createOrder('o', newOrder('after-close'))).rejects.toThrow('closed');
}, 60_000);

test('a store reopened after the wall clock stepped back files new orders after the stored ones', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-arrival-'));
  // PGlite: a data directory opened twice; PostgreSQL: one database, as a restarted process finds it.
  const location = testStoreKind() === 'postgres' ? await testStoreLocation() : dir;
  try {
    const first = await openStore(location);
    const old = await first.createOrder('o', newOrder('before-restart'));
    await first.close();
    if (old.kind !== 'created') throw new Error('expected created');

    const hourAgo = () => Date.now() - 3_600_000;
    const reopened = await openStore(location, { now: hourAgo });
    const fresh = await reopened.createOrder('o', newOrder('after-restart'));
    if (fresh.kind !== 'created') throw new Error('expected created');
    expect(fresh.order.created_key > old.order.created_key).toBe(true);
    const listed = await reopened.listOrders('o', { limit: 10, cursor: null, status: null, q: null });
    expect(listed.map((o) => o.external_id)).toEqual(['after-restart', 'before-restart']);
    await reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
