import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { flattenDrfErrors } from '../contract/drf-errors.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { errorsOf, validCreateBody, validRefundBody, withValue } from '../contract/test-support.ts';
import { orderCreateRequestSchema, refundRequestSchema } from '../contract/schemas.ts';
import { createApp } from './app.ts';
import { encodeCursor } from './cursor.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';
import { testStoreLocation } from './testing/test-store.ts';

// Hostile input on every route that takes a body, a path id or a query (what api-bodies.test.ts
// does not already cover): duplicate keys, prototype keys, numbers JSON cannot hold, amounts that
// are not amounts, a wrong type at every field, huge arrays and strings, bytes that are not UTF-8,
// path ids that try to walk out of their route. Always a 4xx in D3's shape, never a 5xx, the server
// keeps answering, and no prototype is touched. Bodies go in-process (app.request); raw paths over
// real HTTP, because fetch would normalise `..` away before it left.

const TOKEN = 'hostile-token';
const AUTH = { Authorization: `Token ${TOKEN}` };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const MIB = 1024 * 1024;
const prototypeNames = (value: object) => Object.getOwnPropertyNames(value).sort();
const pristine = { object: prototypeNames(Object.prototype), array: prototypeNames(Array.prototype), fn: prototypeNames(Function.prototype) };
const unexpectedLines: string[] = [];
let store: Store;
let app: ReturnType<typeof createApp>;
let server: RunningServer;
let activatedId: string;
let newId: string;

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

async function send(method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = JSON_TYPE): Promise<Answer> {
  const response = await app.request(path, { method, headers: { ...AUTH, ...headers }, ...(body !== undefined && { body }) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

const postJson = (path: string, value: unknown) => send('POST', path, JSON.stringify(value));

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  app = createApp({
    store,
    tokens: [TOKEN],
    log: (line) => {
      if (line.startsWith('ERROR') || / 5\d\d \d+ms$/.test(line)) unexpectedLines.push(line);
    },
  });
  server = await serveApp(app);
  const created = orderSchema.parse((await postJson(orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'hostile-activated', order_data: { eshop_external_id: 'e', amount: '99999.00' } })).json);
  activatedId = orderSchema.parse((await postJson(sandboxPaths.orderStatus(created.id), { status: 'activated' })).json).id;
  newId = orderSchema.parse((await postJson(orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'hostile-new' })).json).id;
}, 60_000);

afterAll(async () => {
  await server.close();
  await store.close();
  expect(unexpectedLines).toEqual([]);
  expect({ object: prototypeNames(Object.prototype), array: prototypeNames(Array.prototype), fn: prototypeNames(Function.prototype) }).toEqual(pristine);
  expect(Reflect.get({}, 'polluted')).toBeUndefined();
});

/** Field paths of a 400, read as the console reads them. */
function paths(answer: Answer): string[] {
  expect(answer.status, answer.text.slice(0, 300)).toBe(400);
  const flat = flattenDrfErrors(answer.json);
  if (flat === null) throw new Error(`not a DRF validation body: ${answer.text.slice(0, 300)}`);
  return [...flat.fields.map((f) => f.path), ...(flat.nonField.length > 0 ? ['(body)'] : [])].sort();
}

// Paths as functions: the order ids exist only once beforeAll has run, after test.each has read this.
const ROUTES = [
  // A fresh external id: validCreateBody's own is also created by other tests here, in any order.
  ['create', () => orderServicePaths.orderCreate(), () => ({ ...validCreateBody(), order_external_id: `proto-${randomUUID().slice(0, 8)}` })],
  ['refund', () => orderServicePaths.orderRefund(activatedId), () => ({ ...validRefundBody(), payment_identifier: randomUUID() })],
  ['status', () => sandboxPaths.orderStatus(newId), () => ({ status: 'new' })],
] as const;

describe('duplicate keys: the last one wins, for validation and storage alike', () => {
  const amountTwice = (first: string, last: string) =>
    JSON.stringify({ ...validCreateBody(), order_external_id: `dup-${first}-${last}` }).replace(
      /"order_data":\{[^}]*\}/,
      `"order_data":{"eshop_external_id":"e","amount":"${first}","amount":"${last}"}`,
    );

  test('an invalid amount then a valid one: created with the valid one', async () => {
    const answer = await send('POST', orderServicePaths.orderCreate(), amountTwice('-5', '10.00'));
    expect(answer.status).toBe(201);
    expect(orderSchema.parse(answer.json).initial_amount).toBe('10.00');
  });

  test('a valid amount then an invalid one: refused on that field', async () => {
    expect(paths(await send('POST', orderServicePaths.orderCreate(), amountTwice('10.00', '-5')))).toEqual(['order_data.amount']);
  });

  test('a refund amount given twice refunds the last one only', async () => {
    // An order of its own: other tests here refund the shared one, in any order.
    const created = orderSchema.parse((await postJson(orderServicePaths.orderCreate(), { ...validCreateBody(), order_external_id: 'hostile-dup-refund', order_data: { eshop_external_id: 'e', amount: '99999.00' } })).json);
    const orderId = orderSchema.parse((await postJson(sandboxPaths.orderStatus(created.id), { status: 'activated' })).json).id;
    const body = JSON.stringify(validRefundBody()).replace('"amount":"20.50"', '"amount":"90000.00","amount":"1.00"');
    const answer = await send('POST', orderServicePaths.orderRefund(orderId), body);
    expect(answer.status).toBe(200);
    expect(orderSchema.parse(answer.json)).toMatchObject({ refund_amount: '1.00' });
  });
});

describe('prototype keys are plain data on every route', () => {
  const hostileKeys = '"__proto__":{"polluted":true,"status":"activated","amount":"1.00"},"constructor":{"prototype":{"polluted":true}},';

  test.each(ROUTES)('%s: prototype keys at the top level and inside every object', async (_name, path, body) => {
    const text = JSON.stringify(body()).replaceAll(/\{(?=")/g, `{${hostileKeys}`);
    const answer = await send('POST', path(), text);
    // The keys are ignored: the body underneath is valid.
    expect(answer.status, answer.text.slice(0, 400)).toBe(path().endsWith('/order/') ? 201 : 200);
    expect(Reflect.get({}, 'polluted')).toBeUndefined();
  });

  test('a row whose fields sit only under __proto__ has no fields', async () => {
    const body = JSON.stringify({ ...validCreateBody(), items: [] }).replace('"items":[]', '"items":[{"__proto__":{"name":"x","quantity":1,"amount":"1.00","type":"goods"}}]');
    expect(paths(await send('POST', orderServicePaths.orderCreate(), body))).toEqual(['items.0.amount', 'items.0.name', 'items.0.quantity', 'items.0.type']);
  });

  test('a status hidden under __proto__ is no status', async () => {
    expect(paths(await send('POST', sandboxPaths.orderStatus(newId), '{"__proto__":{"status":"activated"}}'))).toEqual(['status']);
  });

  test('a NUL character under a __proto__ key is reported on the nearest safe ancestor', async () => {
    const body = JSON.stringify(validCreateBody()).replace('"customer_data":{', '"customer_data":{"__proto__":{"x":"a\\u0000b"},');
    const answer = await send('POST', orderServicePaths.orderCreate(), body);
    expect(paths(answer)).toEqual(['customer_data']);
    expect(answer.text).not.toContain('__proto__');
  });

  test('prototype names in the list query', async () => {
    const answer = await send('GET', `${sandboxPaths.orders()}?__proto__[polluted]=1&constructor[prototype][polluted]=1&q=__proto__`);
    expect(answer.status).toBe(200);
  });
});

describe('numbers JSON cannot hold, and amounts that are not amounts', () => {
  test.each([
    ['1e400 (Infinity)', 'items.0.quantity', '1e400'],
    ['-1e400', 'items.0.quantity', '-1e400'],
    ['1e-400 (0)', 'items.0.quantity', '1e-400'],
    ['2^53 + 1', 'items.0.quantity', '9007199254740993'],
    ['1e400 as an MCC', 'transaction_history.0.mcc', '1e400'],
    ['1e400 as an amount', 'order_data.amount', '1e400'],
    ['a bare number as an amount', 'items.0.amount', '12.5'],
  ])('%s at %s -> 400 on that field', async (_name, path, raw) => {
    const marker = '"__VALUE__"';
    const text = JSON.stringify(withValue(validCreateBody(), path, '__VALUE__')).replace(marker, raw);
    expect(paths(await send('POST', orderServicePaths.orderCreate(), text))).toEqual([path]);
  });

  test('1e400 in a member nobody reads is stored without trouble', async () => {
    const text = JSON.stringify({ ...validCreateBody(), order_external_id: 'huge-number' }).replace(/^\{/, '{"extra":[1e400,-1e400,1e-400],');
    expect((await send('POST', orderServicePaths.orderCreate(), text)).status).toBe(201);
  });

  const NOT_AMOUNTS = ['NaN', 'Infinity', '-Infinity', '1e5', '0x1A', '1_000', '١٢', '１２', '\ufeff1', '1 2', '+1', '1,50', '--1', '.', '-'];
  const AMOUNT_FIELDS = ['order_data.amount', 'items.0.amount', 'transaction_history.0.amount', 'items.0.vat'];

  test.each(AMOUNT_FIELDS)('%s: every non-amount string -> 400 on that field', async (path) => {
    for (const value of NOT_AMOUNTS) {
      expect(paths(await postJson(orderServicePaths.orderCreate(), withValue(validCreateBody(), path, value))), value).toEqual([path]);
    }
  });

  test('refund amount: every non-amount string -> 400 on amount, nothing refunded', async () => {
    for (const value of NOT_AMOUNTS) {
      expect(paths(await postJson(orderServicePaths.orderRefund(activatedId), { ...validRefundBody(), amount: value })), value).toEqual(['amount']);
    }
  });
});

describe('a wrong type at every field', () => {
  const WRONG = [null, true, 0, 1.5, -1, 'text', '', [], {}, [1], { a: 1 }];

  function leafPaths(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, prefix === '' ? k : `${prefix}.${k}`))].filter((p) => p !== '');
  }

  test.each([
    ['create', orderServicePaths.orderCreate, validCreateBody, orderCreateRequestSchema],
    ['refund', () => orderServicePaths.orderRefund(activatedId), validRefundBody, refundRequestSchema],
  ] as const)('%s: the sandbox answers exactly what the contract says, on that path only', async (_name, path, base, schema) => {
    let refused = 0;
    for (const field of leafPaths(base())) {
      for (const value of WRONG) {
        const body = withValue(base(), field, value);
        const expected = [...new Set(errorsOf(schema, body).map((e) => e.path))].sort();
        const answer = await postJson(path(), body);
        expect(answer.status, `${field} = ${JSON.stringify(value)}`).toBeLessThan(500);
        if (expected.length === 0) continue;
        refused += 1;
        expect(paths(answer), `${field} = ${JSON.stringify(value)}`).toEqual(expected);
        expect(expected.every((p) => p === field || p.startsWith(`${field}.`))).toBe(true);
      }
    }
    expect(refused).toBeGreaterThan(30);
  }, 60_000);
});

describe('huge arrays and strings', () => {
  const HUGE = Array.from({ length: 100_000 }, (_, i) => i);

  test.each([
    ['create', 'transaction_history', () => orderServicePaths.orderCreate(), validCreateBody()],
    ['create', 'customer_data', () => orderServicePaths.orderCreate(), validCreateBody()],
    ['create', 'order_external_id', () => orderServicePaths.orderCreate(), validCreateBody()],
    ['refund', 'amount', () => orderServicePaths.orderRefund(activatedId), validRefundBody()],
    ['refund', 'external_id', () => orderServicePaths.orderRefund(activatedId), validRefundBody()],
    ['status', 'status', () => sandboxPaths.orderStatus(newId), { status: 'new' }],
  ])('%s: 100 000 numbers as %s -> one short error on that field', async (_name, field, path, base) => {
    const answer = await postJson(path(), { ...base, [field]: HUGE });
    expect(paths(answer)).toEqual([field]);
    expect(answer.text.length).toBeLessThan(500);
  });

  test('a body that is an array of 100 000 elements -> non_field_errors', async () => {
    expect(paths(await postJson(orderServicePaths.orderCreate(), HUGE))).toEqual(['(body)']);
  });

  test.each(ROUTES)('%s: a 1 MiB + 1 byte string -> 413', async (_name, path, body) => {
    const answer = await postJson(path(), { ...body(), padding: 'x'.repeat(MIB) });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: 'request_too_large' });
  });

  test.each([
    ['create', 'service', orderServicePaths.orderCreate, validCreateBody],
    ['create', 'order_external_id', orderServicePaths.orderCreate, validCreateBody],
    ['create', 'return_url', orderServicePaths.orderCreate, validCreateBody],
    ['create', 'items.0.type', orderServicePaths.orderCreate, validCreateBody],
    ['create', 'transaction_history.0.payment_type', orderServicePaths.orderCreate, validCreateBody],
    ['refund', 'payment_identifier', () => orderServicePaths.orderRefund(activatedId), validRefundBody],
    ['status', 'status', () => sandboxPaths.orderStatus(newId), () => ({ status: 'new' })],
  ] as const)('%s: a 1,000,000-character %s -> a short error on that field, not an echo', async (_name, field, path, base) => {
    const answer = await postJson(path(), withValue(base(), field, 'x'.repeat(1_000_000)));
    expect(paths(answer)).toEqual([field]);
    expect(answer.text.length).toBeLessThan(1000);
  });
});

describe('bytes that are not UTF-8 text', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

  test.each([
    ['a lone continuation byte', bytes('{"a":"', [0x80], '"}')],
    ['an overlong "/"', bytes('{"a":"', [0xc0, 0xaf], '"}')],
    ['a UTF-8 encoded surrogate', bytes('{"a":"', [0xed, 0xa0, 0x80], '"}')],
    ['a sequence cut off at the end', bytes('{"a":"x"}', [0xe2, 0x82])],
    ['a code point above U+10FFFF', bytes('{"a":"', [0xf4, 0x90, 0x80, 0x80], '"}')],
    ['UTF-16 text', new Uint8Array(Buffer.from('{"a":1}', 'utf16le'))],
  ])('%s -> 400 parse_error on every route', async (_name, body) => {
    for (const [, path] of ROUTES) {
      const answer = await send('POST', path(), body);
      expect(answer.status, path()).toBe(400);
      expect(answer.json).toMatchObject({ code: 'parse_error' });
    }
  });

  test('a UTF-8 byte order mark is dropped, as the WHATWG decoder does: the body under it counts', async () => {
    const body = { ...validCreateBody(), order_external_id: 'with-bom' };
    expect((await send('POST', orderServicePaths.orderCreate(), bytes([0xef, 0xbb, 0xbf], JSON.stringify(body)))).status).toBe(201);
  });

  test.each(['application/json; charset=utf-16', 'application/json; charset=iso-8859-1', 'application/jsonp', 'text/json'])(
    'Content-Type %s -> 415 on every route',
    async (contentType) => {
      for (const [, path, body] of ROUTES) {
        expect((await send('POST', path(), JSON.stringify(body()), { 'Content-Type': contentType })).status, path()).toBe(415);
      }
    },
  );
});

describe('the list query', () => {
  test('any cursor text is a page or a 400, never a 5xx', async () => {
    const instant = fc
      .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
      .map(([y, mo, d, h]) => `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00.000000Z`);
    const cursor = fc.oneof(
      fc.string({ maxLength: 60 }).map(encodeURIComponent),
      fc.tuple(instant, fc.oneof(fc.uuid(), fc.string())).map(([createdKey, id]) => encodeCursor({ createdKey, id })),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '', 'utf8').toString('base64url')),
    );
    await fc.assert(
      fc.asyncProperty(cursor, fc.string({ maxLength: 300 }), async (c, q) => {
        const answer = await send('GET', `${sandboxPaths.orders()}?cursor=${c}&q=${encodeURIComponent(q)}`);
        expect([200, 400]).toContain(answer.status);
      }),
      { numRuns: 300 },
    );
  });

  test.each([
    ['limit=1e3', 'limit=1e3'],
    ['a 21-digit limit', 'limit=99999999999999999999'],
    ['limit=0x10', 'limit=0x10'],
    ['limit= 5', 'limit=%205'],
    ['a second, bogus status', 'status=new&status=bogus'],
    ['q as an encoded surrogate', 'q=%ED%A0%80'],
    ['q of 100 000 characters', `q=${'x'.repeat(100_000)}`],
  ])('%s -> 200 or 400', async (_name, query) => {
    expect([200, 400]).toContain((await send('GET', `${sandboxPaths.orders()}?${query}`)).status);
  });
});

/** A GET with the request target exactly as written: node:http sends `..` and `%2F` untouched. */
function rawGet(path: string, method = 'GET'): Promise<{ status: number; text: string; type: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers: { ...AUTH, ...(method === 'POST' && JSON_TYPE) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, type: res.headers['content-type'] ?? '' }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('path ids that are not UUIDs', () => {
  const ids = () => [
    '..',
    '%2e%2e',
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2F',
    `${activatedId}%2F..`,
    `${activatedId}%00`,
    `{${activatedId}}`,
    `${activatedId}x`,
    activatedId.replaceAll('-', ''),
    `${'a'.repeat(8000)}`,
    '%F0%9F%98%80',
    '%ED%A0%80',
    '%',
    'null',
  ];

  test.each([
    ['read', 'GET', (id: string) => `/psp/v2/order/${id}/`],
    ['refund', 'POST', (id: string) => `/psp/v2/order/${id}/refund/`],
    ['status', 'POST', (id: string) => `/sandbox/orders/${id}/status`],
  ])('%s: 404 not_found as JSON for every one', async (_name, method, build) => {
    for (const id of ids()) {
      const answer = await rawGet(build(id), method);
      expect(answer.status, id.slice(0, 60)).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  test.each([
    ['checkout page', 'GET', (id: string) => `/sandbox/checkout/${id}`],
    ['checkout action', 'POST', (id: string) => `/sandbox/checkout/${id}/approve`],
  ])('%s: a 404 page or JSON, never a 5xx and never a file', async (_name, method, build) => {
    for (const id of ids()) {
      const answer = await rawGet(build(id), method);
      expect(answer.status, id.slice(0, 60)).toBe(404);
      expect(answer.text).not.toContain('root:');
    }
  });

  test('an upper-case UUID is the same order', async () => {
    expect((await rawGet(`/psp/v2/order/${activatedId.toUpperCase()}/`)).status).toBe(200);
  });

  test.each([
    '/psp/v2/order/../../../etc/passwd',
    '/psp/v2/order/..%2F..%2F..%2Fetc%2Fpasswd/',
    '/sandbox/checkout/../../../../etc/passwd',
    '/sandbox/../psp/v2/order/',
    '//psp/v2/order/',
    '/psp/v2//order/',
  ])('%s: no 5xx and no file from outside (the server resolves dot segments as a URL does)', async (path) => {
    const answer = await rawGet(path);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toContain('root:');
    expect(answer.text).not.toContain('"id"');
  });
});
