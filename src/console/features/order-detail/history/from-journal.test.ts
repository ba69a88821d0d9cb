import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../../lib/journal.ts';
import { historyFromJournal } from './from-journal.ts';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const ENV = 'Staging';

const order = (status: string, refund = '0.00', current = '120.00') =>
  JSON.stringify({
    id: ID,
    external_id: 'EXT-1',
    redirect_url: 'https://pay.example/checkout/1',
    initial_amount: '120.00',
    current_amount: current,
    refund_amount: refund,
    date_settled: '2026-03-01T10:00:00Z',
    status,
    service: 'provider-pay',
  });

let nextId = 1;
function entry(method: string, path: string, status: number | null, requestBody: string | null, responseBody: string | null, extra: Partial<JournalEntry> = {}): JournalEntry {
  const id = nextId++;
  return {
    id,
    startedAt: new Date(Date.UTC(2026, 2, 1, 10, 0, id)).toISOString(),
    method,
    url: `https://svc.example${path}`,
    path,
    environmentName: ENV,
    requestHeaders: {},
    status,
    durationMs: status === null ? null : 10,
    requestBody,
    responseBody,
    error: null,
    ...extra,
  };
}

const refundBody = (amount: string, n: number) =>
  JSON.stringify({ amount, destination_account_number: 'CZ6508000000192000145399', payment_identifier: `RF-${n}`, external_id: `REFUND-${n}` });

describe('historyFromJournal', () => {
  test("this browser's create, reads, refunds and refusal become the timeline, in the order they were sent", () => {
    const create = JSON.stringify({ order_external_id: 'EXT-1', return_url: 'https://shop.example/r', order_data: { eshop_external_id: 'S', amount: '120.00' }, customer_data: {} });
    const calls = [
      entry('POST', '/psp/v2/order/', 201, create, order('new')),
      entry('GET', `/psp/v2/order/${ID}/`, 200, null, order('new')),
      entry('GET', `/psp/v2/order/${ID}/`, 200, null, order('activated')),
      entry('POST', `/psp/v2/order/${ID}/refund/`, 200, refundBody('20.00', 1), order('activated', '20.00', '100.00')),
      entry('POST', `/psp/v2/order/${ID}/refund/`, 400, refundBody('500.00', 2), JSON.stringify({ amount: ["Must not exceed the order's current amount (100.00)"] })),
      entry('POST', `/psp/v2/order/${ID}/refund/`, null, refundBody('1.00', 3), null, { error: 'Network error' }),
      entry('POST', `/psp/v2/order/${ID}/refund/`, 200, refundBody('100.00', 4), order('refunded', '120.00', '0.00')),
      // Another environment's call to the same path, and another order: not this order's history.
      entry('POST', `/psp/v2/order/${ID}/refund/`, 200, refundBody('5.00', 5), order('activated'), { environmentName: 'Production' }),
      entry('GET', '/psp/v2/order/00000000-0000-4000-8000-000000000000/', 200, null, order('canceled')),
    ];
    // The journal is newest first.
    const browser = historyFromJournal(calls.toReversed(), ENV, ID);

    expect(browser.history.origin).toBe('browser');
    expect(browser.history.fromCreation).toBe(true);
    expect(browser.createBody).toBe(create);
    expect(browser.reads).toBe(2);
    expect(browser.history.items.map((i) => (i.kind === 'status' ? `status ${i.from}>${i.to} ${i.source}` : i.kind))).toEqual([
      'created',
      'status new>activated seen',
      'refunded',
      'refused',
      'no-answer',
      'refunded',
      'status activated>refunded refund',
    ]);
    expect(browser.history.refunds.map((r) => [r.amount, r.refundedAfter, r.currentAfter, r.externalId])).toEqual([
      ['20.00', '20.00', '100.00', 'REFUND-1'],
      ['100.00', '120.00', '0.00', 'REFUND-4'],
    ]);
    const refused = browser.history.items[3];
    expect(refused).toMatchObject({ kind: 'refused', httpStatus: 400, code: null, status: 'activated', request: { amount: '500.00' } });
    expect(refused?.kind === 'refused' && refused.reason).toContain("Must not exceed the order's current amount (100.00)");
  });

  test('a refund accepted after a create with no read between: the move to activated was seen, not made by the refund', () => {
    const create = JSON.stringify({ order_external_id: 'EXT-1' });
    const calls = [
      entry('POST', '/psp/v2/order/', 201, create, order('new')),
      entry('POST', `/psp/v2/order/${ID}/refund/`, 200, refundBody('120.00', 1), order('refunded', '120.00', '0.00')),
    ];
    const steps = historyFromJournal(calls.toReversed(), ENV, ID).history.items.map((i) => (i.kind === 'status' ? `${i.from}>${i.to} ${i.source}` : i.kind));
    expect(steps).toEqual(['created', 'new>activated seen', 'refunded', 'activated>refunded refund']);
  });

  test('an order this browser only read: no creation, only what it saw', () => {
    const browser = historyFromJournal([entry('GET', `/psp/v2/order/${ID}/`, 200, null, order('activated'))], ENV, ID);
    expect(browser.history.fromCreation).toBe(false);
    expect(browser.history.items).toEqual([]);
    expect(browser.firstRead).toMatchObject({ status: 'activated' });
  });

  test('nothing in the journal: an empty history', () => {
    const browser = historyFromJournal([], ENV, ID);
    expect(browser.history.items).toEqual([]);
    expect(browser.createBody).toBeNull();
    expect(browser.firstRead).toBeNull();
  });
});
