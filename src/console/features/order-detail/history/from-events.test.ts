import { describe, expect, test } from 'vitest';
import { historyFromEvents, HistoryShapeError } from './from-events.ts';
import { refundTotals } from './refund-totals.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, 0, ms)).toISOString();

const created = { id: 1, at: at(0), type: 'created', external_id: 'EXT-1', initial_amount: '120.00', status: 'new' };
const step = (id: number, ms: number, from: string, to: string, source: string) => ({ id, at: at(ms), type: 'status_changed', from, to, source });
const refunded = (id: number, ms: number, amount: string, refundAmount: string, currentAmount: string) => ({
  id,
  at: at(ms),
  type: 'refunded',
  amount,
  payment_identifier: `RF-${id}`,
  external_id: `REFUND-${id}`,
  destination_account_number: 'CZ6508000000192000145399',
  current_amount: currentAmount,
  refund_amount: refundAmount,
  source: 'refund',
});

describe('historyFromEvents', () => {
  test('a checkout approve, written as four steps a millisecond apart, is one step with its whole path', () => {
    const history = historyFromEvents({
      results: [
        created,
        step(2, 5_000, 'new', 'data_completed', 'checkout'),
        step(3, 5_000, 'data_completed', 'checking', 'checkout'),
        step(4, 5_001, 'checking', 'accepted', 'checkout'),
        step(5, 5_002, 'accepted', 'activated', 'checkout'),
      ],
    });
    expect(history.items.map((i) => i.kind)).toEqual(['created', 'status']);
    expect(history.items[1]).toMatchObject({ from: 'new', via: ['data_completed', 'checking', 'accepted'], to: 'activated', source: 'checkout', at: at(5_000) });
    expect(history.fromCreation).toBe(true);
  });

  test('moves by different movers, or seconds apart, stay separate steps', () => {
    const history = historyFromEvents({
      results: [
        created,
        step(2, 5_000, 'new', 'data_completed', 'control'),
        step(3, 5_001, 'data_completed', 'checking', 'checkout'),
        step(4, 9_000, 'checking', 'accepted', 'checkout'),
      ],
    });
    expect(history.items.filter((i) => i.kind === 'status').map((i) => (i.kind === 'status' ? `${i.from}>${i.to}:${i.source}` : ''))).toEqual([
      'new>data_completed:control',
      'data_completed>checking:checkout',
      'checking>accepted:checkout',
    ]);
  });

  test('refunds become rows with the amounts after each, and add up to the record', () => {
    const history = historyFromEvents({ results: [created, refunded(7, 8_000, '20.50', '20.50', '99.50'), refunded(9, 9_000, '99.50', '120.00', '0.00')] });
    expect(history.refunds.map((r) => [r.amount, r.refundedAfter, r.currentAfter, r.paymentIdentifier])).toEqual([
      ['20.50', '20.50', '99.50', 'RF-7'],
      ['99.50', '120.00', '0.00', 'RF-9'],
    ]);
    expect(refundTotals(history.refunds, '120.00')).toEqual({ kind: 'match', sum: '120.00' });
    expect(refundTotals(history.refunds.slice(1), '120.00')).toEqual({ kind: 'mismatch', sum: '99.50', recorded: '120.00' });
  });

  test('a refused refund keeps its code, HTTP status, reason and body', () => {
    const history = historyFromEvents({
      results: [
        created,
        {
          id: 4,
          at: at(6_000),
          type: 'refund_refused',
          code: 'invalid_amount',
          http_status: 400,
          reason: "amount: Must not exceed the order's current amount (100.00)",
          status: 'activated',
          request: { amount: '500.00' },
        },
      ],
    });
    expect(history.items[1]).toMatchObject({
      kind: 'refused',
      code: 'invalid_amount',
      httpStatus: 400,
      reason: "amount: Must not exceed the order's current amount (100.00)",
      status: 'activated',
      request: { amount: '500.00' },
    });
  });

  test('an event of a newer kind, or one that differs from the contract, is kept raw among the others', () => {
    const history = historyFromEvents({
      results: [created, { id: 2, at: at(1), type: 'chargeback', amount: '5.00' }, { id: 3, at: at(2), type: 'refunded', amount: 12 }, 'junk'],
    });
    expect(history.items.map((i) => i.kind)).toEqual(['created', 'unknown', 'unknown', 'unknown']);
    expect(history.items[1]).toMatchObject({ type: 'chargeback', problem: null, at: at(1) });
    expect(history.items[2]).toMatchObject({ type: 'refunded' });
    expect(history.items[2]?.kind === 'unknown' && history.items[2].problem).toMatch(/amount/);
    expect(history.items[3]).toMatchObject({ type: null, at: null, raw: 'junk' });
  });

  test('an injected fault is a step of its own, saying what the sandbox did', () => {
    const history = historyFromEvents({
      results: [created, { id: 3, at: at(10), type: 'fault_applied', fault_id: 'F-1', operation: 'refund', effect: { kind: 'status', status: 503 } }],
    });
    expect(history.items[1]).toMatchObject({ kind: 'fault', event: { operation: 'refund', effect: { kind: 'status', status: 503 } } });
  });

  test('no created event: the history does not start at the creation', () => {
    expect(historyFromEvents({ results: [step(2, 0, 'new', 'data_completed', 'control')] }).fromCreation).toBe(false);
  });

  test.each([[null], [[]], [{ results: 'x' }], [{}]])('%j is no history at all', (body) => {
    expect(() => historyFromEvents(body)).toThrow(HistoryShapeError);
  });
});
