import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Order, OrderStatus } from '../contract/schemas.ts';
import { readBulkFile } from './bulk-file.ts';
import type { OrderLookup } from './checks.ts';
import { bulkTotals, checkRows } from './checks.ts';
import { parseCsv } from './csv.ts';
import { planRun } from './plan.ts';
import { resultCsv } from './result-csv.ts';

const ACCOUNT = 'CZ6508000000192000145399';

function order(id: string, status: OrderStatus, current: string, refunded = '0.00'): OrderLookup {
  const value: Order = {
    id,
    external_id: `ext-${id.slice(0, 4)}`,
    redirect_url: 'http://127.0.0.1/sandbox/checkout/x',
    initial_amount: '200.00',
    current_amount: current,
    refund_amount: refunded,
    date_settled: '2026-11-25T10:00:00Z',
    status,
    service: 'provider-pay',
  };
  return { kind: 'found', order: value };
}

const orders = new Map<string, OrderLookup>([
  ['11111111-1111-4111-8111-111111111111', order('11111111-1111-4111-8111-111111111111', 'activated', '100.00')],
  ['22222222-2222-4222-8222-222222222222', { kind: 'not-found' }],
  ['33333333-3333-4333-8333-333333333333', order('33333333-3333-4333-8333-333333333333', 'new', '100.00')],
  ['44444444-4444-4444-8444-444444444444', order('44444444-4444-4444-8444-444444444444', 'activated', '100.00')],
  ['55555555-5555-4555-8555-555555555555', order('55555555-5555-4555-8555-555555555555', 'activated', '100.00')],
  ['66666666-6666-4666-8666-666666666666', order('66666666-6666-4666-8666-666666666666', 'activated', '80.00', '120.00')],
  ['77777777-7777-4777-8777-777777777777', order('77777777-7777-4777-8777-777777777777', 'activated', '200.00')],
  ['88888888-8888-4888-8888-888888888888', { kind: 'failed', message: 'HTTP 503: Service temporarily unavailable' }],
  ['99999999-9999-4999-8999-999999999999', order('99999999-9999-4999-8999-999999999999', 'activated', '42.10')],
]);

function checkedFixture(account = ACCOUNT) {
  const file = readBulkFile(readFileSync(new URL('./fixtures/bad-rows.csv', import.meta.url), 'utf8'));
  if (!file.ok) throw new Error(file.error);
  return checkRows(file.rows, orders, account);
}

describe('a file full of bad rows: each row says why', () => {
  test('every line gets its own problem, and only the good ones are ready', () => {
    const byLine = Object.fromEntries(checkedFixture().map((r) => [r.line, r.problems]));
    expect(byLine).toEqual({
      2: [],
      3: ['order_id is not an order id (a UUID such as 3f2b…-…)'],
      4: ['Unknown order: the service has no order with this id'],
      5: ['Refunds are possible only for activated orders; this order is new'],
      6: ['Duplicate of line 2 (same order and amount)'],
      7: ['amount: Enter an amount like 120.50: up to 8 digits before the decimal point and 2 after, or full'],
      8: ['amount must be greater than 0'],
      9: ['amount must be greater than 0'],
      10: ['amount is missing (an amount such as 12.50, or full)'],
      11: ['reason is missing (one of Customer request, Duplicate payment, Goods not delivered, Goods returned, Fraud, Other; any other text is sent as Other with it as its note)'],
      12: ['With line 13 this order would be refunded 110.00, more than its current amount (100.00)'],
      13: ['With line 12 this order would be refunded 110.00, more than its current amount (100.00)'],
      14: ['With line 15 this order would be refunded 100.00, more than its current amount (80.00)'],
      15: ['With line 14 this order would be refunded 100.00, more than its current amount (80.00)'],
      16: ["200.01 is more than the order's current amount (200.00)"],
      17: ['The order could not be read: HTTP 503: Service temporarily unavailable'],
      18: [],
    });
  });

  test('the total adds only the ready rows, exactly ("full" is the current amount)', () => {
    const rows = checkedFixture();
    expect(rows.find((r) => r.line === 18)?.refund).toBe('42.10');
    expect(bulkTotals(rows)).toEqual({ rows: 17, ready: 2, withProblems: 15, total: '52.10' });
  });

  test('fixing a row (dropping its twin, lowering an amount) clears the problems it caused', () => {
    const file = readBulkFile(readFileSync(new URL('./fixtures/bad-rows.csv', import.meta.url), 'utf8'));
    if (!file.ok) throw new Error(file.error);
    const fixed = file.rows.filter((r) => r.line !== 6).map((r) => (r.line === 13 ? { ...r, amount: '40.00' } : r));
    const checked = checkRows(fixed, orders, ACCOUNT);
    expect(checked.filter((r) => r.problems.length === 0).map((r) => r.line)).toEqual([2, 12, 13, 18]);
    expect(bulkTotals(checked).total).toBe('152.10');
  });

  test('no account for the batch: every row says so; a row may name its own', () => {
    const rows = checkRows(
      [
        { key: 'a', line: 2, order_id: '11111111-1111-4111-8111-111111111111', amount: '1', reason: 'r', destination_account_number: '' },
        { key: 'b', line: 3, order_id: '44444444-4444-4444-8444-444444444444', amount: '1', reason: 'r', destination_account_number: 'SK31' },
      ],
      orders,
      '  ',
    );
    expect(rows.map((r) => r.problems)).toEqual([['No destination account: give the batch one, or the row a destination_account_number'], []]);
    expect(rows[1]?.account).toBe('SK31');
  });

  test('the plan holds the ready rows only, each with its own identifiers, amounts with two decimals', () => {
    const run = planRun(checkedFixture(), 'local-sandbox', new Date('2026-11-25T12:00:00Z'));
    expect(run.total).toBe('52.10');
    expect(run.rows.map((r) => [r.plan.line, r.plan.body.amount, r.state.kind])).toEqual([
      [2, '10.00', 'pending'],
      [18, '42.10', 'pending'],
    ]);
    expect(run.leftOut.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(run.leftOut[1]).toEqual({ line: 4, order_id: '22222222-2222-4222-8222-222222222222', amount: '5.00', reason: 'Never heard of it', problems: ['Unknown order: the service has no order with this id'] });
    const ids = run.rows.flatMap((r) => [r.plan.body.payment_identifier, r.plan.body.external_id]);
    expect(new Set(ids).size).toBe(4);
    expect(run.rows[0]?.plan.body.payment_identifier).toMatch(/^RF-[A-Z0-9]{20}$/);
  });

  test('the result CSV accounts for every row of the file: sent rows with their identifiers, held-back rows as skipped with why', () => {
    const run = planRun(checkedFixture(), 'local-sandbox');
    const lines = resultCsv(run).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 17);
    expect(lines[1]).toMatch(/^2,11111111-1111-4111-8111-111111111111,10\.00,Other: Double charge,pending,Not sent yet,RF-[A-Z0-9]{20},REFUND-\d{8}-[A-Z0-9]{8},,$/);
    expect(lines[2]).toBe('3,not-an-order,5.00,Typo in the id,skipped,Not sent: order_id is not an order id (a UUID such as 3f2b…-…),,,,');
    expect(lines[7]).toBe("8,44444444-4444-4444-8444-444444444444,'-3.00,Negative,skipped,Not sent: amount must be greater than 0,,,,");
  });

  test('payment_identifier and external_id cells a spreadsheet would run are written inert (OWASP CSV injection)', () => {
    const run = planRun(checkedFixture(), 'local-sandbox');
    const hostile = ['=cmd|" /C calc"!A0', '+1+1', '-2', '@SUM(1)', '\t=1', '\r=1'];
    const [first] = run.rows;
    if (first === undefined) throw new Error('no row to send');
    const rows = hostile.map((text, i) => ({ ...first, plan: { ...first.plan, line: i + 2, body: { ...first.plan.body, payment_identifier: text, external_id: text } } }));
    const parsed = parseCsv(resultCsv({ ...run, rows, leftOut: [] }));
    if (!parsed.ok) throw new Error(parsed.error);
    const written = parsed.records.slice(1).map((r) => [r.fields[6], r.fields[7]]);
    expect(written).toEqual(hostile.map((h) => [`'${h}`, `'${h}`]));
  });
});

describe("reasons follow the refund dialog's rule: one of the list, or Other with the words as its note", () => {
  const row = (line: number, reason: string) => ({ key: `line-${line}`, line, order_id: '99999999-9999-4999-8999-999999999999', amount: '1.00', reason, destination_account_number: '' });
  test.each([
    ['Goods returned', 'Goods returned'],
    ['  goods RETURNED ', 'Goods returned'],
    ['Fraud', 'Fraud'],
    ['Event cancelled', 'Other: Event cancelled'],
    ['Other: Event cancelled', 'Other: Event cancelled'],
    ['other - late delivery', 'Other: late delivery'],
    ['Other reasons, see ticket 7', 'Other: Other reasons, see ticket 7'],
  ])('%j is sent as %j', (reason, sentAs) => {
    const [checked] = checkRows([row(2, reason)], orders, ACCOUNT);
    expect(checked?.problems).toEqual([]);
    expect(checked?.reasonAs).toBe(sentAs);
    expect(planRun(checkRows([row(2, reason)], orders, ACCOUNT), 'sandbox').rows[0]?.plan.reason).toBe(sentAs);
  });

  test.each(['Other', ' other ', 'Other:', 'Other —  '])('%j alone has no words for Other: a problem, nothing sent', (reason) => {
    const checked = checkRows([row(2, reason)], orders, ACCOUNT);
    expect(checked[0]?.problems).toEqual(['reason "Other" needs its words: write "Other: why", or the reason itself']);
    expect(planRun(checked, 'sandbox').rows).toEqual([]);
  });
});
