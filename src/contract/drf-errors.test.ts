import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type ArrayErrorShape, flattenDrfErrors, issuesToDrf } from './drf-errors.ts';
import create314 from './fixtures/drf-3.14-create-400.json' with { type: 'json' };
import itemsNotAList from './fixtures/drf-3.14-items-not-a-list-400.json' with { type: 'json' };
import create318 from './fixtures/drf-3.18-create-400-index-shape.json' with { type: 'json' };
import invalidToken from './fixtures/drf-401-invalid-token.json' with { type: 'json' };
import noCredentials from './fixtures/drf-401-no-credentials.json' with { type: 'json' };
import malformedJson from './fixtures/drf-malformed-json-400.json' with { type: 'json' };
import { orderCreateRequestSchema } from './schemas.ts';
import { MISSING, validCreateBody, withValue } from './test-support.ts';

// The messages are ours and DRF's differ, so bodies are compared by shape: the same keys and nesting,
// lists where DRF has lists, objects where it has objects, and the number of messages at each leaf.
function shapeOf(node: unknown): unknown {
  if (Array.isArray(node) && node.every((m) => typeof m === 'string')) return `${node.length} message(s)`;
  if (Array.isArray(node)) return node.map(shapeOf);
  if (typeof node === 'object' && node !== null) {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, shapeOf(v)]));
  }
  return node;
}

function withValues(changes: Record<string, unknown>): unknown {
  return Object.entries(changes).reduce<unknown>((body, [path, value]) => withValue(body, path, value), validCreateBody());
}

function issuesOf(body: unknown, reportInput = false): z.core.$ZodIssue[] {
  const result = orderCreateRequestSchema.safeParse(body, { reportInput });
  if (result.success) throw new Error('expected the body to be invalid');
  return result.error.issues;
}

// The mistakes of the captured example: one at each depth, the first item row valid.
const exampleBody = withValues({
  order_external_id: 'X'.repeat(37),
  return_url: 'not a url',
  'order_data.amount': '12345678901',
  'transaction_history.0.date': '15.01.2026',
  'transaction_history.0.is_canceled': 'maybe',
  'transaction_history.0.payment_type': 'cash',
  'customer_data.email': '',
  'items.1.name': '',
  'items.1.quantity': 0,
  'items.1.amount': 'abc',
  'items.1.type': 'gadget',
});

const EXAMPLE_PATHS = [
  'order_external_id',
  'return_url',
  'order_data.amount',
  'transaction_history.0.date',
  'transaction_history.0.is_canceled',
  'transaction_history.0.payment_type',
  'customer_data.email',
  'items.1.name',
  'items.1.quantity',
  'items.1.amount',
  'items.1.type',
];

describe('issuesToDrf writes what DRF writes', () => {
  it.each<[ArrayErrorShape, unknown]>([
    ['list', create314],
    ['index', create318],
  ])('errors at every depth, %s shape, match the example capture', (shape, example) => {
    expect(shapeOf(issuesToDrf(issuesOf(exampleBody), shape, exampleBody))).toEqual(shapeOf(example));
    expect(shapeOf(issuesToDrf(issuesOf(exampleBody, true), shape))).toEqual(shapeOf(example));
  });

  it.each<ArrayErrorShape>(['list', 'index'])('items that are not a list: non_field_errors inside items (%s)', (shape) => {
    const body = withValue(validCreateBody(), 'items', 'Mug, Shipping');
    const drf = issuesToDrf(issuesOf(body), shape, body);
    expect(shapeOf(drf)).toEqual(shapeOf(itemsNotAList));
    expect(drf).toEqual({ items: { non_field_errors: ['Must be a list'] } });
  });

  it.each<[string, Record<string, unknown>, ArrayErrorShape, unknown]>([
    ['order_data of the wrong type', { order_data: 'x' }, 'list', { order_data: { non_field_errors: ['1 message(s)'] } }],
    ['a row that is not an object', { 'items.1': 'x' }, 'list', { items: [{}, { non_field_errors: ['1 message(s)'] }] }],
    ['a row that is not an object', { 'items.1': null }, 'index', { items: { 1: { non_field_errors: ['1 message(s)'] } } }],
    ['order_data missing', { order_data: MISSING }, 'list', { order_data: '1 message(s)' }],
    ['customer_data missing', { customer_data: MISSING }, 'index', { customer_data: '1 message(s)' }],
  ])('%s (%j, %s shape)', (_label, changes, shape, expected) => {
    const body = withValues(changes);
    expect(shapeOf(issuesToDrf(issuesOf(body), shape, body))).toEqual(shapeOf(expected));
    expect(shapeOf(issuesToDrf(issuesOf(body, true), shape))).toEqual(shapeOf(expected));
  });

  it.each([[[]], ['text'], [null], [42]])('a body that is not an object: top-level non_field_errors (%j)', (body) => {
    expect(shapeOf(issuesToDrf(issuesOf(body), 'list', body))).toEqual({ non_field_errors: '1 message(s)' });
  });

  it('without the body or reported input, a container issue is read as a wrong type', () => {
    const body = withValue(validCreateBody(), 'items', 'x');
    expect(issuesToDrf(issuesOf(body))).toEqual({ items: { non_field_errors: ['Must be a list'] } });
  });

  it('keeps messages about an array that also has row errors (object form in both shapes)', () => {
    const issues: z.core.$ZodIssue[] = [
      { code: 'custom', path: ['items'], message: 'Too many discount rows' },
      { code: 'custom', path: ['items', 0, 'name'], message: 'Bad name' },
    ];
    const expected = { items: { 0: { name: ['Bad name'] }, non_field_errors: ['Too many discount rows'] } };
    expect(issuesToDrf(issues, 'list')).toEqual(expected);
    expect(issuesToDrf(issues, 'index')).toEqual(expected);
  });
});

describe('flattenDrfErrors reads DRF bodies onto field paths', () => {
  it.each([
    ['3.14 list shape', create314],
    ['3.18 index shape', create318],
  ])('%s: every field path of the example, messages kept', (_label, example) => {
    const flat = flattenDrfErrors(example);
    expect(flat?.fields.map((f) => f.path).sort()).toEqual([...EXAMPLE_PATHS].sort());
    expect(flat?.nonField).toEqual([]);
    expect(flat?.fields.find((f) => f.path === 'items.1.quantity')?.messages).toEqual([
      'Ensure this value is greater than or equal to 1.',
    ]);
  });

  it('an error about the whole items list lands on "items"', () => {
    expect(flattenDrfErrors(itemsNotAList)).toEqual({
      fields: [{ path: 'items', messages: ['Expected a list of items but got type "str".'] }],
      nonField: [],
    });
  });

  it('top-level non_field_errors are errors about the request as a whole', () => {
    expect(flattenDrfErrors({ non_field_errors: ['Duplicate order'], order_external_id: ['Taken'] })).toEqual({
      fields: [{ path: 'order_external_id', messages: ['Taken'] }],
      nonField: ['Duplicate order'],
    });
  });

  it.each<[string, unknown]>([
    ['401 without credentials', noCredentials],
    ['401 invalid token', invalidToken],
    ['400 malformed JSON', malformedJson],
    ['detail with a code', { detail: 'Not found.', code: 'not_found' }],
    ['a string', 'Bad Request'],
    ['HTML', '<html><body>502 Bad Gateway</body></html>'],
    ['an array', ['This field is required.']],
    ['a number', 400],
    ['null', null],
    ['an empty object', {}],
    ['a body naming no error', { errors: [] }],
    ['only valid rows', { items: [{}, {}] }],
    ['a leaf that is not a list of strings', { amount: 'Invalid' }],
    ['numbers as messages', { amount: [1, 2] }],
    ['non_field_errors that are not strings', { non_field_errors: { a: ['b'] } }],
  ])('null for %s', (_label, body) => {
    expect(flattenDrfErrors(body)).toBeNull();
  });
});

// Random create bodies, most of them wrong somewhere: every field valid or one of a pool of mistakes
// (missing, blank, wrong type, too long, not a list, not an object), rows included.
const mistake = fc.constantFrom<unknown>(MISSING, '', '  ', 0, -1, 1.5, null, true, 'abc', '1e3', [], {}, '😀'.repeat(40));
const field = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: mistake });
const rows = (row: fc.Arbitrary<unknown>) =>
  field(fc.array(fc.oneof({ weight: 4, arbitrary: row }, { weight: 1, arbitrary: mistake }), { maxLength: 4 }));
const item = fc.record({
  name: field(fc.constant('Mug')),
  product_id: field(fc.constant('SKU-1')),
  quantity: field(fc.integer({ min: 1, max: 5 })),
  amount: field(fc.constantFrom('1.00', '-0.50')),
  vat: field(fc.constant('21')),
  type: field(fc.constantFrom('goods', 'discount')),
});
const historyRow = fc.record({
  date: field(fc.constant('2026-01-15')),
  transaction_id: field(fc.constant('T-1')),
  eshop_external_id: field(fc.constant('ESHOP-1')),
  amount: field(fc.constant('9.90')),
  mcc: field(fc.constant(5411)),
  is_canceled: field(fc.boolean()),
  payment_type: field(fc.constant('card')),
});
const createBody = fc.record({
  service: field(fc.constant('pay-in-three')),
  order_external_id: field(fc.constant('ORD-1')),
  payment_identifier: field(fc.constant('PAY-1')),
  return_url: field(fc.constant('https://shop.example/return')),
  order_data: field(fc.record({ eshop_external_id: field(fc.constant('ESHOP-1')), amount: field(fc.constant('10.00')) })),
  transaction_history: rows(historyRow),
  customer_data: field(fc.record({ email: field(fc.constant('a@example.com')), city: field(fc.constant('Praha')) })),
  items: rows(item),
});
/** As it arrives over the wire: JSON drops the MISSING keys and turns a MISSING row into null. */
const wireBody = fc
  .oneof({ weight: 9, arbitrary: createBody }, { weight: 1, arbitrary: mistake.filter((v) => v !== MISSING) })
  .map((body): unknown => JSON.parse(JSON.stringify(body)));

/** path -> sorted messages; '' for errors about the whole body. */
type Grouped = Map<string, string[]>;
function group(entries: ReadonlyArray<readonly [string, readonly string[]]>): Grouped {
  const map: Grouped = new Map();
  for (const [path, messages] of entries) map.set(path, [...(map.get(path) ?? []), ...messages].sort());
  return map;
}

describe('property: flattenDrfErrors(issuesToDrf(issues)) gives back the paths and messages of the issues', () => {
  it.each<ArrayErrorShape>(['list', 'index'])('%s shape', (shape) => {
    fc.assert(
      fc.property(wireBody, fc.boolean(), (body, reportInput) => {
        const result = orderCreateRequestSchema.safeParse(body, { reportInput });
        fc.pre(!result.success);
        const issues = result.error?.issues ?? [];
        const expected = group(issues.map((i) => [i.path.map(String).join('.'), [i.message]] as const));
        const flat = flattenDrfErrors(issuesToDrf(issues, shape, reportInput ? undefined : body));
        expect(flat).not.toBeNull();
        const actual = group([...(flat?.fields ?? []).map((f) => [f.path, f.messages] as const), ['', flat?.nonField ?? []]]);
        if (actual.get('')?.length === 0) actual.delete('');
        expect(actual).toEqual(expected);
      }),
      { numRuns: 600 },
    );
  });
});
