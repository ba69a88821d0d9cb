import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { ORDER_STATUSES } from '../contract/schemas.ts';
import type { SandboxStats } from '../contract/stats.ts';
import { sandboxStatsSchema, STATS_HOURS } from '../contract/stats.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { firstHour } from './stats-query.ts';
import { call, createOrder, moveOrder, refundBody } from './testing/http.ts';

// GET /sandbox/stats over HTTP: counts per status and hour, exact sums, refusals, owner only.

const TOKEN = 'stats-token';
const OTHER = 'stats-other-token';
const EMPTY = 'stats-empty-token';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: ':memory:', tokens: [TOKEN, OTHER, EMPTY], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

async function stats(token: string): Promise<SandboxStats> {
  const result = await call(base, 'GET', sandboxPaths.stats(), { token });
  expect(result.status).toBe(200);
  return sandboxStatsSchema.parse(result.json);
}

const countOf = (s: SandboxStats, status: string) => s.by_status.find((row) => row.status === status)?.count;
const amountOf = (s: SandboxStats, status: string) => s.by_status.find((row) => row.status === status)?.initial_amount;

describe('GET /sandbox/stats', () => {
  test('a token without orders: every status at 0, 24 empty hours ending with the current one, sums 0.00', async () => {
    const before = new Date();
    const s = await stats(EMPTY);
    expect(s.orders).toEqual({ count: 0, initial_amount: '0.00', current_amount: '0.00', refund_amount: '0.00' });
    expect(s.by_status.map((row) => row.status)).toEqual([...ORDER_STATUSES]);
    expect(s.by_status.every((row) => row.count === 0 && row.initial_amount === '0.00')).toBe(true);
    expect(s.created_per_hour).toHaveLength(STATS_HOURS);
    expect(s.created_per_hour.every((h) => h.count === 0)).toBe(true);
    // The first hour is 23 hours before the current one, each an hour after the one before.
    expect(Date.parse(s.created_per_hour[0]?.hour ?? '')).toBe(firstHour(before).getTime());
    const starts = s.created_per_hour.map((h) => Date.parse(h.hour));
    expect(starts.slice(1).map((t, i) => t - (starts[i] ?? 0))).toEqual(Array<number>(STATS_HOURS - 1).fill(3_600_000));
    expect(s.refunds).toEqual({ count: 0, amount: '0.00', orders: 0 });
    expect(s.refused_refunds).toEqual({ count: 0, newest: [] });
  });

  test('counts each status, sums amounts exactly past 8 digits, counts this hour, refunds and refusals, newest refusal first', async () => {
    // Three orders at the largest amount: their sum has 9 integer digits, which no float keeps exact with .97.
    const big = await Promise.all([1, 2, 3].map(() => createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '99999999.99' } })));
    const small = await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '0.10' } });
    const other = await createOrder(base, TOKEN, { order_data: { eshop_external_id: 'e', amount: '0.20' } });
    await moveOrder(base, TOKEN, small.id, 'checking');
    await moveOrder(base, TOKEN, other.id, 'activated');
    const refunded = await call(base, 'POST', orderServicePaths.orderRefund(other.id), { token: TOKEN, json: refundBody({ amount: '0.05' }) });
    expect(refunded.status).toBe(200);
    // Two refusals: a refund of a non-activated order (409), then one over the current amount (400).
    const firstRefusal = await call(base, 'POST', orderServicePaths.orderRefund(small.id), { token: TOKEN, json: refundBody({ amount: '0.01' }) });
    expect(firstRefusal.status).toBe(409);
    const secondRefusal = await call(base, 'POST', orderServicePaths.orderRefund(other.id), { token: TOKEN, json: refundBody({ amount: '5.00' }) });
    expect(secondRefusal.status).toBe(400);
    const third = big[2];
    if (third === undefined) throw new Error('no third order');
    await moveOrder(base, TOKEN, third.id, 'refunded');
    // Another token's orders count only for it.
    await createOrder(base, OTHER, { order_data: { eshop_external_id: 'e', amount: '7.00' } });

    const s = await stats(TOKEN);
    expect(s.orders.count).toBe(5);
    expect(s.orders.initial_amount).toBe('300000000.27');
    expect(countOf(s, 'new')).toBe(2);
    expect(amountOf(s, 'new')).toBe('199999999.98');
    expect(countOf(s, 'checking')).toBe(1);
    expect(countOf(s, 'activated')).toBe(1);
    expect(countOf(s, 'refunded')).toBe(1);
    expect(countOf(s, 'canceled')).toBe(0);
    expect(s.by_status.reduce((n, row) => n + row.count, 0)).toBe(5);
    // A partial refund of 0.05 and the simulated move that refunded all of the third big order.
    expect(s.refunds).toEqual({ count: 2, amount: '100000000.04', orders: 2 });
    expect(s.orders.refund_amount).toBe('100000000.04');
    expect(s.orders.current_amount).toBe('200000000.23');
    // All five were created just now: in the current hour (or the one before, across an hour's turn).
    expect(s.created_per_hour.slice(-2).reduce((n, h) => n + h.count, 0)).toBe(5);
    expect(s.refused_refunds.count).toBe(2);
    expect(s.refused_refunds.newest.map((r) => [r.order_id, r.external_id, r.code, r.http_status])).toEqual([
      [other.id, other.external_id, 'invalid_amount', 400],
      [small.id, small.external_id, 'invalid_status', 409],
    ]);
    expect(s.refused_refunds.newest[0]?.reason).not.toBe('');

    const o = await stats(OTHER);
    expect(o.orders).toEqual({ count: 1, initial_amount: '7.00', current_amount: '7.00', refund_amount: '0.00' });
    expect(o.refused_refunds.count).toBe(0);
  });

  test('no token is 401, another method is 405', async () => {
    expect((await call(base, 'GET', sandboxPaths.stats(), { token: null })).status).toBe(401);
    expect((await call(base, 'GET', sandboxPaths.stats(), { token: 'not-a-token' })).status).toBe(401);
    const post = await call(base, 'POST', sandboxPaths.stats(), { token: TOKEN, json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
  });
});
