import { describe, expect, test } from 'vitest';
import { orderSchema } from '../../../contract/schemas.ts';
import { validOrder } from '../../../contract/test-support.ts';
import { knownStatus, receiveOrder, reviveOrder } from './order-record.ts';
import { orderRecordOf } from './order-record-text.ts';

const FIELDS = orderSchema.keyof().options;
const RECEIVED_AT = '2026-03-01T10:00:00.000Z';

function mismatchedFields(mismatches: string[]): string[] {
  return mismatches.map((m) => m.split(':')[0] ?? '').sort();
}

describe('receiveOrder (D9)', () => {
  test('a documented order: no mismatches, the order itself, and every field as text', () => {
    const order = validOrder();
    const received = receiveOrder(order, RECEIVED_AT);
    expect(received.mismatches).toEqual([]);
    expect(received.order).toEqual(order);
    expect(received.receivedAt).toBe(RECEIVED_AT);
    expect(received.record).toEqual(order);
  });

  test('an unknown status, a number amount and a missing field: still a full record, and each is named', () => {
    const { service: _missing, ...rest } = validOrder();
    const data: unknown = { ...rest, status: 'paid_out', initial_amount: 120.5 };
    const received = receiveOrder(data, RECEIVED_AT);

    expect(received.order).toBeNull();
    expect(Object.keys(received.record).sort()).toEqual([...FIELDS].sort());
    for (const field of FIELDS) expect(typeof received.record[field]).toBe('string');
    expect(received.record.status).toBe('paid_out');
    expect(received.record.initial_amount).toBe('120.5');
    expect(received.record.service).toBe('');
    expect(received.record.id).toBe(validOrder().id);
    expect(received.record.current_amount).toBe(validOrder().current_amount);

    expect(mismatchedFields(received.mismatches)).toEqual(['initial_amount', 'service', 'status']);
    expect(received.mismatches.find((m) => m.startsWith('status:'))).toContain('paid_out');
  });

  test('nested values and booleans come out as JSON text; extra fields do not matter', () => {
    const received = receiveOrder({ ...validOrder(), redirect_url: { href: 'x' }, refund_amount: null, extra: true });
    expect(received.record.redirect_url).toBe('{"href":"x"}');
    expect(received.record.refund_amount).toBe('');
    expect(mismatchedFields(received.mismatches)).toEqual(['redirect_url', 'refund_amount']);
  });

  test('an answer that is not an object at all does not crash: empty record, one mismatch on the body', () => {
    for (const data of [null, 'OK', [validOrder()]]) {
      const received = receiveOrder(data);
      expect(received.order).toBeNull();
      expect(Object.values(received.record).every((v) => v === '')).toBe(true);
      expect(received.mismatches.length).toBeGreaterThan(0);
    }
  });
});

describe('reviveOrder and knownStatus', () => {
  test('a kept record is checked again and keeps its age', () => {
    const revived = reviveOrder({ record: receiveOrder(validOrder()).record, receivedAt: RECEIVED_AT });
    expect(revived.order).toEqual(validOrder());
    expect(revived.receivedAt).toBe(RECEIVED_AT);

    const bad = reviveOrder({ record: { ...receiveOrder(validOrder()).record, status: 'paid_out' }, receivedAt: RECEIVED_AT });
    expect(bad.order).toBeNull();
    expect(mismatchedFields(bad.mismatches ?? [])).toEqual(['status']);
  });

  test('knownStatus: a documented state, or null', () => {
    expect(knownStatus({ status: 'activated' })).toBe('activated');
    expect(knownStatus({ status: 'paid_out' })).toBeNull();
    expect(knownStatus({ status: '' })).toBeNull();
  });
});

describe('orderRecordOf: an answer as text, without zod (the list first screen)', () => {
  test('no object: an empty record; an object: each field as text, nested values as JSON, extra keys dropped', () => {
    const empty = Object.fromEntries(FIELDS.map((f) => [f, '']));
    for (const data of [null, undefined, 'order', 42, [validOrder()]]) expect(orderRecordOf(data)).toEqual(empty);
    const record = orderRecordOf({ ...validOrder(), service: { name: 'x' }, refund_amount: null, extra: 'kept nowhere' });
    expect(Object.keys(record).sort()).toEqual([...FIELDS].sort());
    expect(record.service).toBe('{"name":"x"}');
    expect(record.refund_amount).toBe('');
    expect(record.external_id).toBe(validOrder().external_id);
  });
});
