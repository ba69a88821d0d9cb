import { describe, expect, test } from 'vitest';
import type { OrderEvent } from '../contract/history.ts';
import type { Order } from '../contract/schemas.ts';
import type { OrderLookup } from './checks.ts';
import type { EngineDeps, EngineOptions, SendAnswer } from './engine.ts';
import { runBulk } from './engine.ts';
import type { BulkRun, RowState } from '../contract/bulk-run-model.ts';

// The engine's decisions with a scripted service and a fake clock: what the sandbox test cannot
// provoke on purpose (a refunded amount moved by someone else, reads that never succeed, the pace).

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const OPTIONS: EngineOptions = { ratePerSecond: 2, maxAttempts: 3, backoffMs: () => 100, maxRetryAfterSeconds: 60, defaultRetryAfterSeconds: 5 };

function order(refunded: string, current: string): Order {
  return {
    id: ORDER_ID,
    external_id: 'E',
    redirect_url: 'x',
    initial_amount: '100.00',
    current_amount: current,
    refund_amount: refunded,
    date_settled: '2026-11-25T10:00:00Z',
    status: 'activated',
    service: 'provider-pay',
  };
}

function plan(rows: number, state: RowState = { kind: 'pending' }): BulkRun {
  return {
    version: 1,
    id: 'run',
    environmentId: 'env',
    createdAt: '2026-11-25T10:00:00Z',
    total: '10.00',
    rows: Array.from({ length: rows }, (_, i) => ({
      plan: { key: `k${i}`, line: i + 2, order_id: ORDER_ID, reason: 'r', body: { amount: '10.00', destination_account_number: 'A', payment_identifier: `RF-${i}`, external_id: `X-${i}` } },
      state,
    })),
    leftOut: [],
    finishedAt: null,
  };
}

/** A fake clock: sleeping moves it on at once. Every send is logged with its time. */
function harness(answers: SendAnswer[], reads: OrderLookup[], history: OrderEvent[] | null = null) {
  let clock = 0;
  const sends: number[] = [];
  const ids: string[] = [];
  const saved: RowState['kind'][][] = [];
  const deps: EngineDeps = {
    send: (_orderId, body) => {
      sends.push(clock);
      ids.push(body.payment_identifier);
      return Promise.resolve(answers.shift() ?? { kind: 'answered', refunded: '10.00', remaining: '90.00' });
    },
    readOrder: () => Promise.resolve(reads.shift() ?? { kind: 'found', order: order('0.00', '100.00') }),
    readHistory: () => Promise.resolve(history),
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
    now: () => clock,
    save: (run) => {
      saved.push(run.rows.map((r) => r.state.kind));
      return Promise.resolve();
    },
  };
  return { deps, sends, ids, saved };
}

const signal = () => new AbortController().signal;

describe('runBulk', () => {
  test('sends no faster than the rate, and saves "sending" before each send', async () => {
    const { deps, sends, saved } = harness([], []);
    const run = await runBulk(plan(4), deps, OPTIONS, signal());
    expect(sends).toEqual([0, 500, 1000, 1500]);
    expect(saved[0]).toEqual(['sending', 'pending', 'pending', 'pending']);
    expect(run.rows.every((r) => r.state.kind === 'refunded')).toBe(true);
    expect(run.finishedAt).not.toBeNull();
  });

  test('a 429 holds every send for its Retry-After; a 503 is sent again after a backoff, with the same identifiers', async () => {
    const { deps, sends, ids } = harness([{ kind: 'status', status: 429, message: 'Request was throttled.', fields: [], retryAfterSeconds: 7 }, { kind: 'status', status: 503, message: 'down', fields: [] }], []);
    const run = await runBulk(plan(1), deps, { ...OPTIONS, backoffMs: () => 900 }, signal());
    expect(sends).toEqual([0, 7000, 7900]);
    expect(ids).toEqual(['RF-0', 'RF-0', 'RF-0']);
    expect(run.rows[0]?.state).toEqual({ kind: 'refunded', refunded: '10.00', remaining: '90.00', via: 'answer' });
  });

  test('a 4xx is the row\'s outcome, with the service\'s words, and the run goes on', async () => {
    const { deps, sends } = harness([{ kind: 'status', status: 409, message: 'Order is not activated (refunded).', fields: [] }], []);
    const run = await runBulk(plan(2), deps, OPTIONS, signal());
    expect(sends).toHaveLength(2);
    expect(run.rows.map((r) => r.state)).toEqual([
      { kind: 'refused', status: 409, message: 'Order is not activated (refunded).' },
      { kind: 'refunded', refunded: '10.00', remaining: '90.00', via: 'answer' },
    ]);
  });

  test('a lost answer, the refunded amount moved by another amount: the history decides', async () => {
    const ours: OrderEvent = { id: 9, at: '2026-11-25T10:00:01Z', type: 'refunded', amount: '10.00', payment_identifier: 'RF-0', external_id: 'X-0', destination_account_number: 'A', current_amount: '85.00', refund_amount: '15.00', source: 'refund' };
    const moved: OrderLookup = { kind: 'found', order: order('15.00', '85.00') };
    const found = harness([{ kind: 'lost', message: 'socket hang up' }], [{ kind: 'found', order: order('0.00', '100.00') }, moved], [ours]);
    expect((await runBulk(plan(1), found.deps, OPTIONS, signal())).rows[0]?.state).toEqual({ kind: 'refunded', refunded: '15.00', remaining: '85.00', via: 'history' });
    expect(found.sends).toHaveLength(1);

    // No history to ask (a real service): nobody can tell, so nothing is sent again.
    const blind = harness([{ kind: 'lost', message: 'socket hang up' }], [{ kind: 'found', order: order('0.00', '100.00') }, moved], null);
    const state = (await runBulk(plan(1), blind.deps, OPTIONS, signal())).rows[0]?.state;
    expect(state).toMatchObject({ kind: 'unknown', before: '0.00' });
    expect(blind.sends).toHaveLength(1);
  });

  test('a lost answer and the order cannot be read: unknown, never resent; a resume reads it again first', async () => {
    const failed: OrderLookup = { kind: 'failed', message: 'HTTP 503' };
    const first = harness([{ kind: 'lost', message: 'timeout' }], [{ kind: 'found', order: order('0.00', '100.00') }, failed, failed, failed]);
    const stopped = await runBulk(plan(1), first.deps, OPTIONS, signal());
    expect(stopped.rows[0]?.state).toMatchObject({ kind: 'unknown', before: '0.00' });
    expect(stopped.finishedAt).toBeNull();
    expect(first.sends).toHaveLength(1);

    const again = harness([], [{ kind: 'found', order: order('10.00', '90.00') }]);
    const resumed = await runBulk(stopped, again.deps, OPTIONS, signal());
    expect(resumed.rows[0]?.state).toEqual({ kind: 'refunded', refunded: '10.00', remaining: '90.00', via: 'check' });
    expect(again.sends).toHaveLength(0);
  });

  test('a stop between rows leaves the rest pending; nothing after it is sent', async () => {
    const stop = new AbortController();
    const { deps, sends } = harness([], []);
    const run = await runBulk(plan(3), { ...deps, onProgress: (r) => r.rows[0]?.state.kind === 'refunded' && stop.abort() }, OPTIONS, stop.signal);
    expect(sends).toHaveLength(1);
    expect(run.rows.map((r) => r.state.kind)).toEqual(['refunded', 'pending', 'pending']);
  });
});
