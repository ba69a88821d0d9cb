import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, orderBody } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// Bodies that are not what a partner should send (D3): wrong media type, too large, not JSON, not an
// object, and hostile shapes. Each must be a 4xx and the server must stay up; a 5xx is a bug.

const TOKEN = 'bodies-token';
const CREATE = orderServicePaths.orderCreate();
const logLines: string[] = [];
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: await testStoreLocation(), tokens: [TOKEN], log: (line) => logLines.push(line) });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
  // Nothing may have reached the internal-error handler.
  expect(logLines.filter((line) => line.startsWith('ERROR') || / 5\d\d \d+ms$/.test(line))).toEqual([]);
});

const raw = (body: string | Uint8Array, contentType?: string) =>
  call(base, 'POST', CREATE, { token: TOKEN, body, headers: contentType === undefined ? {} : { 'Content-Type': contentType } });

describe('media type (415)', () => {
  test.each([
    ['text/plain', 'text/plain'],
    ['form data', 'application/x-www-form-urlencoded'],
    ['JSON in another charset', 'application/json; charset=latin1'],
  ])('%s', async (_name, contentType) => {
    const result = await raw(JSON.stringify(orderBody()), contentType);
    expect(result.status).toBe(415);
    expect(result.json).toEqual({ detail: `Unsupported media type "${contentType}" in request.`, code: 'unsupported_media_type' });
  });

  test('a body without a Content-Type', async () => {
    const result = await call(base, 'POST', CREATE, { token: TOKEN, body: new TextEncoder().encode(JSON.stringify(orderBody())) });
    expect(result.status).toBe(415);
    expect(result.json).toMatchObject({ code: 'unsupported_media_type' });
  });

  test.each(['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"'])('%s is JSON', async (contentType) => {
    expect((await raw(JSON.stringify(orderBody()), contentType)).status).toBe(201);
  });

  test('an empty body is an empty object: every required field is missing', async () => {
    const result = await raw('', 'application/json');
    expect(result.status).toBe(400);
    expect(Object.keys(result.json as object).sort()).toEqual(['customer_data', 'order_data', 'order_external_id', 'return_url']);
  });
});

describe('size (413)', () => {
  const big = () => JSON.stringify(orderBody({ padding: 'x'.repeat(1024 * 1024) }));

  test('a declared Content-Length over 1 MiB', async () => {
    const result = await raw(big(), 'application/json');
    expect(result.status).toBe(413);
    expect(result.json).toMatchObject({ code: 'request_too_large' });
  });

  test('a chunked body (no Content-Length) over 1 MiB, counted while reading', async () => {
    const bytes = new TextEncoder().encode(big());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const response = await fetch(`${base}${CREATE}`, {
      method: 'POST',
      headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'request_too_large' });
  });

  test('just under 1 MiB is accepted and stored', async () => {
    const body = JSON.stringify(orderBody({ padding: '' }));
    const padded = body.replace('"padding":""', `"padding":"${'x'.repeat(1024 * 1024 - body.length - 1)}"`);
    expect(new TextEncoder().encode(padded).length).toBeLessThanOrEqual(1024 * 1024);
    expect((await raw(padded, 'application/json')).status).toBe(201);
  });
});

describe('not JSON (400 parse_error)', () => {
  test.each([
    ['a missing value', '{"order_external_id": }'],
    ['a trailing comma', '{"a": 1,}'],
    ['single quotes', "{'a': 1}"],
    ['two documents', '{} {}'],
    ['NaN', '{"a": NaN}'],
  ])('%s', async (_name, text) => {
    const result = await raw(text, 'application/json');
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 'parse_error' });
    expect((result.json as { detail: string }).detail).toMatch(/^JSON parse error - ./);
  });

  test('bytes that are not UTF-8', async () => {
    const result = await raw(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json');
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ detail: 'JSON parse error - the body is not valid UTF-8', code: 'parse_error' });
  });
});

describe('JSON that is not an object', () => {
  test.each([
    ['[]', 'list'],
    ['[{"order_external_id": "x"}]', 'list'],
    ['"text"', 'str'],
    ['null', 'NoneType'],
    ['42', 'int'],
    ['4.2', 'float'],
    ['true', 'bool'],
  ])('%s -> non_field_errors naming %s', async (text, typeName) => {
    const result = await raw(text, 'application/json');
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName}.`] });
  });

  test('the same rule on the control API', async () => {
    const result = await call(base, 'POST', sandboxPaths.orderStatus('3b241101-e2bb-4255-8caf-4136c566a962'), {
      token: TOKEN,
      body: '[]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(result.json).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });
});

describe('hostile bodies', () => {
  test('__proto__ and constructor keys are plain data: 201, and no prototype is polluted', async () => {
    const body = JSON.stringify(orderBody()).replace(
      /^\{/,
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, ',
    );
    const withNested = body.replace('"customer_data":{', '"customer_data":{"__proto__":{"polluted":true},');
    const result = await raw(withNested, 'application/json');
    expect(result.status).toBe(201);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  test('100 000 levels of nesting -> 400, server still answers', async () => {
    const deep = `{"x": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const result = await raw(deep, 'application/json');
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ detail: 'JSON parse error - nested deeper than 64 levels', code: 'parse_error' });
    expect((await raw(JSON.stringify(orderBody()), 'application/json')).status).toBe(201);
  });

  test('moderate nesting in an unknown member is stored', async () => {
    const nested = JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown;
    expect((await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ extra: nested }) })).status).toBe(201);
  });

  test('100 000 items -> one 400 about the list', async () => {
    const items = Array.from({ length: 100_000 }, () => ({}));
    const result = await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ items }) });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ items: { non_field_errors: ['At most 10000 rows'] } });
    const bare = `{"items": [${'1,'.repeat(99_999)}1]}`;
    expect((await raw(bare, 'application/json')).json).toEqual({ items: { non_field_errors: ['At most 10000 rows'] } });
  });

  test('100 000 numbers in an unknown member are kept as data', async () => {
    const extra = Array.from({ length: 100_000 }, (_, i) => i % 10);
    expect((await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ extra }) })).status).toBe(201);
  });

  test('a 900 kB string in a limited field is a short field error', async () => {
    const result = await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ order_external_id: 'x'.repeat(900_000) }) });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ order_external_id: ['At most 36 characters'] });
  });

  test.each([
    ['a NUL character in a field', { order_external_id: 'a\u0000b' }, { order_external_id: ['Null characters are not allowed.'] }],
    ['a NUL character in an unknown member', { note: 'x\u0000' }, { note: ['Null characters are not allowed.'] }],
    ['an unpaired surrogate', { customer_data: { city: '\ud800' } }, { customer_data: { city: ['Text must be valid Unicode (it contains an unpaired surrogate).'] } }],
  ])('%s -> 400 on that field (PostgreSQL cannot store it)', async (_name, overrides, expected) => {
    const result = await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody(overrides) });
    expect(result.status).toBe(400);
    expect(result.json).toEqual(expected);
  });

  test('a NUL character in a key is refused too', async () => {
    const result = await raw(JSON.stringify(orderBody()).replace(/^\{/, '{"k\\u0000": 1, '), 'application/json');
    expect(result.status).toBe(400);
  });
});

describe('refund bodies', () => {
  test('a NUL character in a key of a refund body -> the same 400 as for a create, and the history still reads', async () => {
    const created = await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody() });
    const id = String((created.json as { id: string }).id);
    await call(base, 'POST', sandboxPaths.orderStatus(id), { token: TOKEN, json: { status: 'activated' } });
    const body = '{"k\\u0000": 1, "amount": "1.00", "destination_account_number": "CZ6508000000192000145399", "payment_identifier": "p", "external_id": "e"}';
    const refund = await call(base, 'POST', orderServicePaths.orderRefund(id), { token: TOKEN, body, headers: { 'Content-Type': 'application/json' } });
    const create = await raw(JSON.stringify(orderBody()).replace(/^\{/, '{"k\\u0000": 1, '), 'application/json');
    expect(refund.status).toBe(400);
    expect(refund.json).toEqual(create.json);
    const events = await call(base, 'GET', sandboxPaths.orderEvents(id), { token: TOKEN });
    expect(events.status).toBe(200);
    expect(events.text).toContain('refund_refused');
  });
});

describe('the cost of an invalid create is bounded', () => {
  test('10 000 invalid items: the errors of the first 20 rows only, a few kB, and the other fields still checked', async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ name: '', quantity: 0, amount: 'x', type: 'nope', product_id: `p-${i}` }));
    const result = await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ items, order_external_id: '' }) });
    expect(result.status).toBe(400);
    expect(result.text.length).toBeLessThan(20_000);
    const body = result.json as { items: unknown[]; order_external_id: string[] };
    expect(body.order_external_id).toEqual(['This field may not be blank.']);
    expect(body.items).toHaveLength(20);
    expect(body.items[19]).toMatchObject({ name: expect.any(Array) as unknown, quantity: expect.any(Array) as unknown });
  });

  test('valid rows between invalid ones are {} as before, and a valid list is still accepted', async () => {
    const good = { name: 'Socks', quantity: 1, amount: '1.00', type: 'goods' };
    const result = await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ items: [good, { ...good, quantity: 0 }, good] }) });
    expect(result.json).toEqual({ items: [{}, { quantity: ['At least 1'] }] });
    expect((await call(base, 'POST', CREATE, { token: TOKEN, json: orderBody({ items: Array.from({ length: 50 }, () => good) }) })).status).toBe(201);
  });
});
