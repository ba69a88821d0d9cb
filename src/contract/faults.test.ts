import { describe, expect, it } from 'vitest';
import { faultRuleRequestSchema } from './faults.ts';
import { orderEventSchema } from './history.ts';

// D13: what an armed rule may be. The sandbox answers the failures of this parse as DRF field errors.

const paths = (input: unknown) => {
  const result = faultRuleRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('fault rules (D13)', () => {
  it.each([
    [{ operation: 'refund', effect: { kind: 'lose_answer' } }],
    [{ operation: 'create', effect: { kind: 'status', status: 503 }, times: 1 }],
    [{ operation: 'any', effect: { kind: 'status', status: 429, retry_after: 30 }, times: 5 }],
    [{ operation: 'read', effect: { kind: 'delay', ms: 60_000 } }],
    [{ operation: 'refund', order_id: '0b6f1a52-3c8e-4d8e-9a43-0f4c2a9d7e11', effect: { kind: 'drop' }, times: 1000 }],
  ])('accepts %j', (input) => {
    expect(paths(input)).toEqual([]);
  });

  it.each([
    ['a 2xx status', { operation: 'create', effect: { kind: 'status', status: 200 } }, 'effect.status'],
    ['a 3xx status', { operation: 'create', effect: { kind: 'status', status: 302 } }, 'effect.status'],
    ['a status past 599', { operation: 'create', effect: { kind: 'status', status: 600 } }, 'effect.status'],
    ['a delay over 60 s', { operation: 'read', effect: { kind: 'delay', ms: 60_001 } }, 'effect.ms'],
    ['a delay of 0', { operation: 'read', effect: { kind: 'delay', ms: 0 } }, 'effect.ms'],
    ['an unknown operation', { operation: 'delete', effect: { kind: 'drop' } }, 'operation'],
    ['an unknown kind', { operation: 'any', effect: { kind: 'explode' } }, 'effect.kind'],
    ['no effect', { operation: 'any' }, 'effect'],
    ['times 0', { operation: 'any', effect: { kind: 'drop' }, times: 0 }, 'times'],
    ['times as text', { operation: 'any', effect: { kind: 'drop' }, times: '2' }, 'times'],
    ['an order id that is not a UUID', { operation: 'refund', order_id: 'abc', effect: { kind: 'drop' } }, 'order_id'],
    ['an order id on a create rule', { operation: 'create', order_id: '0b6f1a52-3c8e-4d8e-9a43-0f4c2a9d7e11', effect: { kind: 'drop' } }, 'order_id'],
  ])('refuses %s, on its field', (_what, input, path) => {
    expect(paths(input)).toEqual([path]);
  });
});

describe('order events (D12)', () => {
  it('parses every event type and refuses an unknown one', () => {
    const at = '2026-11-24T10:00:00.000Z';
    const events = [
      { id: 1, at, type: 'created', external_id: 'ORD-1', initial_amount: '100.00', status: 'new' },
      { id: 2, at, type: 'status_changed', from: 'new', to: 'data_completed', source: 'checkout' },
      {
        id: 3, at, type: 'refunded', amount: '30.00', payment_identifier: 'RF-1', external_id: 'r-1',
        destination_account_number: 'CZ65', current_amount: '70.00', refund_amount: '30.00', source: 'refund',
      },
      { id: 4, at, type: 'refund_refused', code: 'invalid_amount', http_status: 400, reason: 'too much', status: 'activated', request: { amount: '500' } },
      { id: 5, at, type: 'fault_applied', fault_id: 'f1', operation: 'refund', effect: { kind: 'lose_answer' } },
    ];
    for (const event of events) expect(orderEventSchema.safeParse(event).success).toBe(true);
    expect(orderEventSchema.safeParse({ id: 6, at, type: 'deleted' }).success).toBe(false);
  });
});
