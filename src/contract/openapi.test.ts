import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { stripWhitespace } from './fields.ts';
import { buildOpenApiDocument } from './openapi.ts';
import {
  ITEM_TYPES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  SERVICES,
  itemSchema,
  orderCreateRequestSchema,
  orderDataSchema,
  orderSchema,
  refundRequestSchema,
} from './schemas.ts';
import { validCreateBody, validOrder, validRefundBody, withValue } from './test-support.ts';

const doc = buildOpenApiDocument();

/** The value at a path of keys in the document, undefined when any step is missing. */
function get(value: unknown, ...keys: string[]): unknown {
  let node = value;
  for (const key of keys) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Reflect.get(node, key);
  }
  return node;
}

const schemaOf = (component: string) => get(doc, 'components', 'schemas', component);
const createProps = (...keys: string[]) => get(schemaOf('OrderCreateRequest'), 'properties', ...keys);

describe('the document', () => {
  it('is OpenAPI 3.1.0, version v2, served from the given URL', () => {
    expect(doc).toMatchObject({ openapi: '3.1.0', info: { version: 'v2' }, servers: [{ url: '/' }] });
    expect(buildOpenApiDocument('https://sandbox.example/')).toMatchObject({ servers: [{ url: 'https://sandbox.example/' }] });
  });

  it('says that string and decimal input is stripped before it is validated (D11)', () => {
    expect(get(doc, 'info', 'description')).toMatch(/leading and trailing whitespace of every string and decimal member of a request is stripped before it is validated/);
  });

  it('survives JSON unchanged (what GET /openapi.json serves)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('has exactly the three D1 paths and the sandbox\'s D12/D13 paths, with their operationIds', () => {
    expect(Object.keys(get(doc, 'paths') ?? {}).sort()).toEqual(
      [
        '/psp/v2/order/',
        '/psp/v2/order/{orderUuid}/',
        '/psp/v2/order/{orderUuid}/refund/',
        '/sandbox/orders/{orderUuid}/events',
        '/sandbox/orders/{orderUuid}/request',
        '/sandbox/faults',
        '/sandbox/faults/{faultId}',
        '/sandbox/stats',
      ].sort(),
    );
    expect(doc).toMatchObject({
      paths: {
        '/psp/v2/order/': { post: { operationId: 'orderCreate' } },
        '/psp/v2/order/{orderUuid}/refund/': { post: { operationId: 'orderRefund' } },
        '/psp/v2/order/{orderUuid}/': { get: { operationId: 'orderRead' } },
        '/sandbox/orders/{orderUuid}/events': { get: { operationId: 'sandboxOrderEvents' } },
        '/sandbox/orders/{orderUuid}/request': { get: { operationId: 'sandboxOrderRequest' } },
        '/sandbox/faults': {
          get: { operationId: 'sandboxFaultList' },
          post: { operationId: 'sandboxFaultArm', responses: { '201': {}, '400': {} } },
          delete: { operationId: 'sandboxFaultDisarmAll', responses: { '204': {} } },
        },
        '/sandbox/faults/{faultId}': { delete: { operationId: 'sandboxFaultDisarm', responses: { '204': {}, '404': {} } } },
        '/sandbox/stats': { get: { operationId: 'sandboxStats', responses: { '200': {}, '401': {} } } },
      },
    });
  });

  it('documents the row limit of each list and how many invalid rows a 400 names', () => {
    for (const list of ['items', 'transaction_history']) {
      expect(createProps(list), list).toMatchObject({ maxItems: 10_000, description: expect.stringContaining('at most the first 20 invalid rows') as unknown });
    }
  });

  it('publishes the D12 event types and the D13 rule shapes from the contract schemas', () => {
    const eventTypes = (get(schemaOf('OrderEvents'), 'properties', 'results', 'items', 'oneOf') ?? get(schemaOf('OrderEvents'), 'properties', 'results', 'items', 'anyOf'));
    expect(Array.isArray(eventTypes) ? eventTypes.map((e: unknown) => get(e, 'properties', 'type', 'const')).sort() : eventTypes).toEqual(
      ['created', 'fault_applied', 'refund_refused', 'refunded', 'status_changed'],
    );
    expect(get(schemaOf('FaultRuleRequest'), 'required')).toEqual(['operation', 'effect']);
    expect(get(schemaOf('FaultRuleRequest'), 'properties', 'operation', 'enum')).toEqual(['create', 'refund', 'read', 'any']);
    expect(get(schemaOf('FaultRule'), 'properties', 'remaining')).toMatchObject({ type: 'integer', minimum: 0 });
  });

  it('publishes the stats with every status and sums as decimal strings', () => {
    expect(get(schemaOf('SandboxStats'), 'properties', 'by_status', 'items', 'properties', 'status', 'enum')).toEqual([...ORDER_STATUSES]);
    expect(get(schemaOf('SandboxStats'), 'properties', 'by_status')).toMatchObject({ minItems: ORDER_STATUSES.length, maxItems: ORDER_STATUSES.length });
    expect(get(schemaOf('SandboxStats'), 'properties', 'refunds', 'properties', 'amount')).toMatchObject({ type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' });
  });

  it.each([
    ['/psp/v2/order/{orderUuid}/', 'get'],
    ['/psp/v2/order/{orderUuid}/refund/', 'post'],
  ])('%s takes orderUuid as a required path parameter', (path, method) => {
    expect(get(doc, 'paths', path, method, 'parameters')).toEqual([
      expect.objectContaining({ name: 'orderUuid', in: 'path', required: true }),
    ]);
  });

  it('asks for the token in the Authorization header everywhere', () => {
    expect(doc).toMatchObject({
      security: [{ tokenAuth: [] }],
      components: { securitySchemes: { tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    });
  });

  it('has the components, and every $ref points at one', () => {
    for (const name of ['Order', 'OrderCreateRequest', 'RefundRequest', 'DetailError', 'ValidationError', 'OrderEvents', 'FaultRuleRequest', 'FaultRule', 'FaultList', 'SandboxStats']) {
      expect(schemaOf(name), name).toEqual(expect.objectContaining({ type: 'object' }));
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const name = ref.replace(/^"\$ref":"#\/components\/schemas\//, '').replace(/"$/, '');
      expect(schemaOf(name), ref).toBeDefined();
    }
  });
});

describe('published limits are the ones the schemas enforce', () => {
  const create = { schema: orderCreateRequestSchema, base: validCreateBody() };
  const refund = { schema: refundRequestSchema, base: validRefundBody() };
  const order = { schema: orderSchema, base: validOrder() };
  it.each<[string, string[], number, { schema: z.ZodType; base: unknown }, string]>([
    ['OrderCreateRequest', ['order_external_id'], 36, create, 'order_external_id'],
    ['OrderCreateRequest', ['order_data', 'properties', 'eshop_external_id'], 36, create, 'order_data.eshop_external_id'],
    ['OrderCreateRequest', ['transaction_history', 'items', 'properties', 'eshop_external_id'], 36, create, 'transaction_history.0.eshop_external_id'],
    ['OrderCreateRequest', ['payment_identifier'], 140, create, 'payment_identifier'],
    ['OrderCreateRequest', ['items', 'items', 'properties', 'name'], 255, create, 'items.0.name'],
    ['OrderCreateRequest', ['items', 'items', 'properties', 'product_id'], 255, create, 'items.0.product_id'],
    ['RefundRequest', ['payment_identifier'], 140, refund, 'payment_identifier'],
    ['RefundRequest', ['external_id'], 255, refund, 'external_id'],
    ['RefundRequest', ['destination_account_number'], 34, refund, 'destination_account_number'],
    ['Order', ['external_id'], 255, order, 'external_id'],
  ])('%s %j: maxLength %i', (component, keys, max, { schema, base }, path) => {
    expect(get(schemaOf(component), 'properties', ...keys, 'maxLength')).toBe(max);
    expect(schema.safeParse(withValue(base, path, '😀'.repeat(max))).success).toBe(true);
    expect(schema.safeParse(withValue(base, path, '😀'.repeat(max + 1))).success).toBe(false);
  });

  const amountPatterns = [
    get(schemaOf('OrderCreateRequest'), 'properties', 'order_data', 'properties', 'amount', 'pattern'),
    createProps('items', 'items', 'properties', 'amount', 'pattern'),
    createProps('transaction_history', 'items', 'properties', 'amount', 'pattern'),
    get(schemaOf('RefundRequest'), 'properties', 'amount', 'pattern'),
    ...['initial_amount', 'current_amount', 'refund_amount'].map((f) => get(schemaOf('Order'), 'properties', f, 'pattern')),
  ];
  const vatPattern = createProps('items', 'items', 'properties', 'vat', 'pattern');

  it('every amount publishes one pattern, and vat its own', () => {
    expect(new Set(amountPatterns).size).toBe(1);
    expect(typeof amountPatterns[0]).toBe('string');
    expect(typeof vatPattern).toBe('string');
    expect(vatPattern).not.toBe(amountPatterns[0]);
  });

  it.each([
    ['amount', amountPatterns[0], orderDataSchema.shape.amount],
    ['vat', vatPattern, itemSchema.shape.vat],
  ])('the published %s pattern accepts exactly what the schema accepts, once stripped (D11)', (_label, pattern, schema) => {
    const published = new RegExp(String(pattern), 'u');
    const candidate = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789.-+e '), maxLength: 13 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    fc.assert(
      fc.property(candidate, (s) => {
        expect(published.test(stripWhitespace(s))).toBe(schema.safeParse(s).success);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('published shapes follow the document and D5', () => {
  it.each([
    ['OrderCreateRequest', [], ['order_external_id', 'return_url', 'order_data', 'customer_data']],
    ['OrderCreateRequest', ['order_data'], ['eshop_external_id', 'amount']],
    ['OrderCreateRequest', ['items', 'items'], ['name', 'quantity', 'amount', 'type']],
    [
      'OrderCreateRequest',
      ['transaction_history', 'items'],
      ['date', 'transaction_id', 'eshop_external_id', 'amount', 'is_canceled', 'payment_type'],
    ],
    ['RefundRequest', [], ['amount', 'destination_account_number', 'payment_identifier', 'external_id']],
    ['Order', [], Object.keys(validOrder())],
  ])('%s %j requires exactly %j', (component, keys, required) => {
    const node = keys.length === 0 ? schemaOf(component) : get(schemaOf(component), 'properties', ...keys);
    const published = get(node, 'required');
    expect(Array.isArray(published) ? published.map(String).sort() : published).toEqual([...required].sort());
  });

  it.each<[string, unknown, readonly string[]]>([
    ['service', createProps('service'), SERVICES],
    ['items[].type', createProps('items', 'items', 'properties', 'type'), ITEM_TYPES],
    ['transaction_history[].payment_type', createProps('transaction_history', 'items', 'properties', 'payment_type'), PAYMENT_TYPES],
    ['Order.status', get(schemaOf('Order'), 'properties', 'status'), ORDER_STATUSES],
  ])('%s lists its documented values', (_label, node, values) => {
    expect(get(node, 'enum')).toEqual([...values]);
  });

  it('formats and number types', () => {
    expect(createProps('return_url', 'format')).toBe('uri');
    expect(createProps('transaction_history', 'items', 'properties', 'date', 'format')).toBe('date');
    expect(get(schemaOf('Order'), 'properties', 'id', 'format')).toBe('uuid');
    expect(get(schemaOf('Order'), 'properties', 'date_settled', 'format')).toBe('date-time');
    expect(createProps('items', 'items', 'properties', 'quantity')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(createProps('transaction_history', 'items', 'properties', 'mcc')).toMatchObject({ type: 'integer' });
    expect(createProps('transaction_history', 'items', 'properties', 'is_canceled')).toMatchObject({ type: 'boolean' });
    expect(createProps('items')).toMatchObject({ type: 'array' });
    expect(createProps('transaction_history')).toMatchObject({ type: 'array' });
  });
});
