import { describe, expect, test } from 'vitest';
import { historyFromEvents } from './from-events.ts';
import { readSentRequest } from './sent-request.ts';
import { maskAccount, summaryText } from './summary-text.ts';

const record = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  external_id: 'EXT-1',
  redirect_url: 'https://pay.example/checkout/1',
  initial_amount: '120.00',
  current_amount: '99.50',
  refund_amount: '20.50',
  date_settled: '2026-03-01T10:00:00Z',
  status: 'activated',
  service: 'provider-pay',
};

describe('summaryText', () => {
  test('ids, status, amounts, refunds and steps in UTC; the account masked, no customer data', () => {
    const history = historyFromEvents({
      results: [
        { id: 1, at: '2026-03-01T10:00:00Z', type: 'created', external_id: 'EXT-1', initial_amount: '120.00', status: 'new' },
        { id: 2, at: '2026-03-01T10:01:00.000Z', type: 'status_changed', from: 'new', to: 'data_completed', source: 'checkout' },
        { id: 3, at: '2026-03-01T10:01:00.001Z', type: 'status_changed', from: 'data_completed', to: 'activated', source: 'checkout' },
        {
          id: 4,
          at: '2026-03-01T10:02:00Z',
          type: 'refunded',
          amount: '20.50',
          payment_identifier: 'RF-1',
          external_id: 'REFUND-1',
          destination_account_number: 'CZ6508000000192000145399',
          current_amount: '99.50',
          refund_amount: '20.50',
          source: 'refund',
        },
        { id: 5, at: '2026-03-01T10:03:00Z', type: 'refund_refused', code: 'invalid_amount', http_status: 400, reason: 'amount: too much', status: 'activated', request: null },
      ],
    });
    const text = summaryText({ environmentName: 'Local sandbox', record, history, now: new Date('2026-03-02T00:00:00Z') });

    expect(text).toContain(`Order ID: ${record.id}`);
    expect(text).toContain('Status: activated');
    expect(text).toContain('Refunded: 20.50');
    expect(text).toContain('Current amount: 99.50');
    expect(text).toContain('2026-03-01 10:02:00.000 UTC  20.50  payment RF-1  refund external id REFUND-1  to account …5399');
    expect(text).toContain("Sum 20.50 matches the order's refunded amount.");
    expect(text).toContain('2026-03-01 10:01:00.000 UTC  status new -> data_completed -> activated (by checkout)');
    expect(text).toContain('refund refused (HTTP 400 invalid_amount): amount: too much');
    expect(text).not.toContain('CZ6508000000192000145399');
    expect(text).toContain('Copied from Order Console at 2026-03-02 00:00:00.000 UTC');
  });

  test('without a history it says so', () => {
    expect(summaryText({ environmentName: 'x', record, history: null })).toContain('History: not available.');
  });

  test.each([
    ['CZ6508000000192000145399', '…5399'],
    ['1234', '…'],
    ['', '…'],
  ])('maskAccount(%j) is %j', (account, masked) => {
    expect(maskAccount(account)).toBe(masked);
  });
});

describe('readSentRequest', () => {
  test('line totals and the items total are exact; values stay as sent', () => {
    const request = readSentRequest({
      order_external_id: 'EXT-1',
      return_url: 'https://shop.example/r',
      order_data: { eshop_external_id: 'S', amount: '0.30' },
      customer_data: { last_name: 'Tester', email: 'eva@example.test', nickname: 'evi' },
      items: [
        { name: 'A', quantity: 3, amount: '0.1', vat: '21', type: 'goods' },
        { name: 'B', quantity: 1, amount: '0.00', vat: '21', type: 'goods' },
      ],
      transaction_history: [{ date: '2026-01-15', transaction_id: 'T', eshop_external_id: 'S', amount: '9.9', is_canceled: false, payment_type: 'card' }],
    });
    expect(request?.items.map((i) => [i.amount, i.lineTotal])).toEqual([
      ['0.1', '0.30'],
      ['0.00', '0.00'],
    ]);
    expect(request?.itemsTotal).toBe('0.30');
    expect(request?.returnUrl).toBe('https://shop.example/r');
    // Documented fields first, in the document's order; then the others.
    expect(request?.customer.map((c) => c.field)).toEqual(['email', 'last_name', 'nickname']);
    expect(request?.transactions[0]).toMatchObject({ amount: '9.9', is_canceled: 'false', payment_type: 'card' });
  });

  test('a line whose quantity or amount cannot be read has no total, and nor do the items', () => {
    const request = readSentRequest({ items: [{ name: 'A', quantity: '2', amount: '1.00' }, { name: 'B', quantity: 1, amount: '1.00' }] });
    expect(request?.items.map((i) => i.lineTotal)).toEqual([null, '1.00']);
    expect(request?.itemsTotal).toBeNull();
    expect(request?.mismatches.length).toBeGreaterThan(0);
  });

  test.each([[null], ['text'], [[1, 2]]])('%j is no request body', (body) => {
    expect(readSentRequest(body)).toBeNull();
  });
});
