import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../lib/journal.ts';
import { SHORTENED_MARK } from '../../lib/journal.ts';
import { journalAsHar } from './har.ts';
import { entryAsPlaywright, sessionAsSpec } from './playwright-code.ts';

const ORDER_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const ORIGIN = 'http://127.0.0.1:8080';
let nextId = 1;

function order(status: string, current = '120.00', refunded = '0.00') {
  return JSON.stringify({
    id: ORDER_ID,
    external_id: 'SHOP-42',
    redirect_url: `${ORIGIN}/sandbox/checkout/${ORDER_ID}`,
    initial_amount: '120.00',
    current_amount: current,
    refund_amount: refunded,
    date_settled: '2026-11-24T07:00:00Z',
    status,
    service: 'provider-pay',
  });
}

function entry(method: string, path: string, status: number | null, requestBody: unknown, responseBody: string | null): JournalEntry {
  return {
    id: nextId++,
    startedAt: '2026-11-24T07:00:00.000Z',
    method,
    url: `${ORIGIN}${path}`,
    path,
    environmentName: 'Local sandbox',
    requestHeaders: { Accept: 'application/json', Authorization: 'Token ****' },
    status,
    durationMs: status === null ? null : 12,
    requestBody: requestBody === null ? null : JSON.stringify(requestBody),
    responseBody,
    error: status === null ? 'Service unreachable' : null,
  };
}

const create = { order_external_id: 'SHOP-42', return_url: 'https://shop.example.test/return', order_data: { amount: '120.00' }, customer_data: {} };
const refund = { amount: '20.00', destination_account_number: 'CZ65', payment_identifier: 'RF-1', external_id: 'REF-1' };
// The journal's order: newest first.
const session = [
  entry('POST', `/psp/v2/order/${ORDER_ID}/refund/`, 409, refund, JSON.stringify({ detail: 'Order is refunded', code: 'invalid_status' })),
  entry('GET', `/psp/v2/order/${ORDER_ID}/`, null, null, null),
  entry('POST', `/psp/v2/order/${ORDER_ID}/refund/`, 200, { ...refund, amount: '120.00', payment_identifier: 'RF-2' }, order('refunded', '0.00', '120.00')),
  entry('GET', `/psp/v2/order/${ORDER_ID}/`, 200, null, order('activated')),
  entry('GET', `/psp/v2/order/${ORDER_ID}/`, 200, null, order('new')),
  entry('GET', `/psp/v2/order/${ORDER_ID}/`, 200, null, order('new')),
  entry('POST', '/psp/v2/order/', 201, create, order('new')),
];

describe('sessionAsSpec', () => {
  const spec = sessionAsSpec(session, { exportedAt: new Date('2026-11-24T07:05:00.000Z'), environmentName: 'Local sandbox' });

  test('replays oldest first on the kit, with the created order id carried into later calls', () => {
    expect(spec).toMatch(/^import \{ expect, idOf, test \} from 'order-console\/testing';/);
    const create = spec.indexOf(`sandbox.call("POST", "/psp/v2/order/"`);
    const refundCall = spec.indexOf('sandbox.call("POST", `/psp/v2/order/${order1}/refund/`');
    expect(create).toBeGreaterThan(0);
    expect(refundCall).toBeGreaterThan(create);
    expect(spec).toContain('const order1 = idOf(call1);');
    expect(spec).not.toContain(ORDER_ID);
  });

  test('makes fresh unique values and asserts the answers with them', () => {
    expect(spec).toContain('const externalId1 = sandbox.uniqueId("ORD");');
    expect(spec).toContain('order_external_id: externalId1,');
    expect(spec).toContain('external_id: externalId1,');
    expect(spec).not.toContain('SHOP-42');
    expect(spec).not.toContain('"RF-2"');
    expect(spec).toContain('expect(call1.status).toBe(201);');
    expect(spec).toMatch(/status: "refunded",\s+initial_amount: "120.00",\s+current_amount: "0.00",\s+refund_amount: "120.00"/);
    expect(spec).toContain('toMatchObject({\n    code: "invalid_status",\n  })');
  });

  test('polling reads that say nothing new are no step, a sandbox move for a change made outside the console, no call without an answer', () => {
    expect(spec.match(/sandbox\.call\("GET"/g)).toHaveLength(1);
    expect(spec).toContain('// 2 reads left out: the console read again while a page was open and learnt nothing new.');
    expect(spec).toContain('await sandbox.moveTo(order1, "activated");');
    expect(spec).toContain('// Left out: GET /psp/v2/order/{order1}/ got no answer (Service unreachable).');
    expect(spec).not.toMatch(/Token (?!\$\{)/);
  });

  test('steps are numbered without a gap, whatever was left out', () => {
    expect([...spec.matchAll(/^ {2}\/\/ (\d+)\. /gm)].map((m) => m[1])).toEqual(['1', '2', '3', '4']);
  });

  test('polls interleaved with other reads (order and history, as the order page does) are still no step', () => {
    const events = (n: number) => entry('GET', `/sandbox/orders/${ORDER_ID}/events`, 200, null, JSON.stringify({ results: Array.from({ length: n }, (_, i) => ({ id: i })) }));
    const polled = [events(1), entry('GET', `/psp/v2/order/${ORDER_ID}/`, 200, null, order('new')), events(1), entry('GET', `/psp/v2/order/${ORDER_ID}/`, 200, null, order('new')), events(1), session[6]!];
    const replay = sessionAsSpec(polled, { exportedAt: new Date() });
    expect(replay.match(/sandbox\.call\("GET"/g)).toHaveLength(1);
    expect(replay).toContain('// 4 reads left out');
  });

  test("a URL of the recording's host (the sandbox return page) follows the replay's baseURL", () => {
    const created = entry('POST', '/psp/v2/order/', 201, { ...create, return_url: `${ORIGIN}/sandbox/return` }, order('new'));
    const replay = sessionAsSpec([created], { exportedAt: new Date() });
    expect(replay).toContain('return_url: `${baseURL}/sandbox/return`,');
    expect(replay).toContain('async ({ sandbox, baseURL }) => {');
    expect(replay).not.toContain(ORIGIN);
  });

  test('an order the session did not create is read as it is now: HTTP status only, its id as recorded', () => {
    const read = entry('GET', `/psp/v2/order/${ORDER_ID}/`, 200, null, order('activated'));
    const foreign = sessionAsSpec([read], { exportedAt: new Date() });
    expect(foreign).toContain(`sandbox.call("GET", "/psp/v2/order/${ORDER_ID}/");`);
    expect(foreign).toContain('expect(call1.status).toBe(200);');
    expect(foreign).not.toContain('toMatchObject');
    expect(foreign).not.toContain('idOf');
  });

  test('a body shortened by the journal is left out with the reason', () => {
    const long = { ...entry('POST', '/psp/v2/order/', 201, null, order('new')), requestBody: `{"order_external_id":"X"${SHORTENED_MARK}` };
    expect(sessionAsSpec([long], { exportedAt: new Date() })).toContain('// Left out: POST /psp/v2/order/, its body was shortened when the journal kept it.');
  });
});

describe('entryAsPlaywright', () => {
  test('a create as a test file that runs again unchanged: fresh unique values, no recorded id, the kit\'s defaults', () => {
    const code = entryAsPlaywright({ ...session[6]!, requestBody: JSON.stringify({ ...create, payment_identifier: 'PAY-7', return_url: `${ORIGIN}/sandbox/return` }) });
    expect(code).toMatch(/^import \{ expect, test \} from '@playwright\/test';/);
    expect(code).toContain(`const baseURL = (process.env['E2E_BASE_URL'] || "${ORIGIN}").replace(/\\/+$/, '');`);
    expect(code).toContain('const token = process.env[\'E2E_TOKEN\'] || "dev-token";');
    expect(code).toContain('const response = await request.post(`${baseURL}/psp/v2/order/`, {');
    expect(code).toContain('headers: { Authorization: `Token ${token}` },');
    expect(code).toContain('const externalId = `ORD-${run}`;');
    expect(code).toContain('const paymentId = `PAY-${run}`;');
    expect(code).toContain('order_external_id: externalId,');
    expect(code).toContain('payment_identifier: paymentId,');
    expect(code).toContain('return_url: `${baseURL}/sandbox/return`,');
    expect(code).toContain('expect(response.status()).toBe(201);');
    expect(code).toMatch(/toMatchObject\(\{\n\s+external_id: externalId,\n\s+status: "new",/);
    expect(code).not.toContain(ORDER_ID);
    expect(code).not.toContain('SHOP-42');
    expect(code).not.toContain('****');
  });

  test('a read keeps the order id it read, and asserts it', () => {
    const code = entryAsPlaywright(session[3]!);
    expect(code).toContain(`request.get(\`\${baseURL}/psp/v2/order/${ORDER_ID}/\`, {`);
    expect(code).toContain(`id: "${ORDER_ID}",`);
    expect(code).not.toContain('const run');
  });

  test('a refused create asserts which fields were refused', () => {
    const refused = entry('POST', '/psp/v2/order/', 400, create, JSON.stringify({ order_data: { amount: ['Must be greater than 0'] } }));
    expect(entryAsPlaywright(refused)).toContain('toMatchObject({\n    order_data: expect.anything(),\n  })');
  });
});

describe('journalAsHar', () => {
  const har = journalAsHar(session, '0.1.0');

  test('HAR 1.2, oldest first, the calls without an answer left out and counted', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e) => `${e.request.method} ${e.response.status}`)).toEqual(['POST 201', 'GET 200', 'GET 200', 'GET 200', 'POST 200', 'POST 409']);
    expect(har.log.comment).toContain('1 call without an answer left out');
  });

  test('request bodies, JSON answers and the masked token, as routeFromHAR needs them', () => {
    const [first] = har.log.entries;
    expect(first?.request).toMatchObject({ url: `${ORIGIN}/psp/v2/order/`, postData: { mimeType: 'application/json', text: JSON.stringify(create) } });
    expect(first?.request.headers).toContainEqual({ name: 'Authorization', value: 'Token ****' });
    expect(first?.response.content).toMatchObject({ mimeType: 'application/json', text: order('new') });
    expect(first?.response.content.size).toBe(new TextEncoder().encode(order('new')).length);
  });
});

describe('nothing recorded can end a comment and become code', () => {
  // JavaScript ends a line (and a // comment) at \n, \r, U+2028 and U+2029.
  const codeLines = (code: string) => code.split(/\r\n|[\n\r\u2028\u2029]/).filter((line) => line.includes('pwned'));

  test.each([['U+2028', '\u2028'], ['U+2029', '\u2029'], ['a newline', '\n'], ['a carriage return', '\r']])(
    'an environment name or an error message with %s stays inside its comment',
    (_name, terminator) => {
      const name = `Staging${terminator}globalThis.pwned = 1; //`;
      const failed = { ...entry('GET', `/psp/v2/order/${ORDER_ID}/`, null, null, null), error: `timeout${terminator}globalThis.pwned = 2;` };
      const spec = sessionAsSpec([failed], { exportedAt: new Date('2026-11-24T08:00:00Z'), environmentName: name });
      const lines = codeLines(spec);
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line.trim()).toMatch(/^\/\//);
    },
  );
});
