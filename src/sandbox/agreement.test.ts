import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { flattenDrfErrors } from '../contract/drf-errors.ts';
import { charCount, isAmountString, stripWhitespace } from '../contract/fields.ts';
import { formatMoney, subtractMoney } from '../contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderAmountProblem, refundAmountProblem } from '../contract/rules.ts';
import { CUSTOMER_FIELDS, orderCreateRequestSchema, orderSchema, refundRequestSchema } from '../contract/schemas.ts';
import { errorsOf } from '../contract/test-support.ts';
import { createApp } from './app.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';
import { createBodyArbitrary, mutate, mutationArbitrary, refundBodyArbitrary } from './testing/request-arbitraries.ts';
import { CUSTOMER_FIELD_MAX } from './validation.ts';
import { testStoreLocation } from './testing/test-store.ts';

// The console and the sandbox must agree on every body: what the console's form accepts, the sandbox
// accepts (201/200), and what it refuses comes back as a 400 in D3's shape naming the same field
// paths, so the console can put each message on its input. Thousands of generated bodies, run
// in-process (app.request) against both DRF array shapes.
//
// The console's create schema (features/create-order/form-schema.ts) is the contract's
// orderCreateRequestSchema plus orderAmountProblem on order_data.amount; its refund schema
// (order-detail/refund-schema.ts) is refundRequestSchema plus refundAmountProblem. sandbox/ may not
// import console/ (lint), so the oracle is built from those same contract pieces.

const TOKEN = 'agreement-token';
const SHAPES: readonly ArrayErrorShape[] = ['list', 'index'];
let store: Store;
let apps: Record<ArrayErrorShape, ReturnType<typeof createApp>>;
const logLines: string[] = [];

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  const log = (line: string) => {
    if (!/ [1-4]\d\d \d+ms$/.test(line)) logLines.push(line);
  };
  apps = {
    list: createApp({ store, tokens: [TOKEN], log }),
    index: createApp({ store, tokens: [TOKEN], arrayErrors: 'index', log }),
  };
}, 60_000);

afterAll(async () => {
  await store.close();
});

interface Answer {
  status: number;
  json: unknown;
}

async function post(shape: ArrayErrorShape, path: string, body: unknown): Promise<Answer> {
  const response = await apps[shape].request(path, {
    method: 'POST',
    headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

type Issues = Map<string, string[]>;

function addIssue(issues: Issues, path: string, message: string) {
  issues.set(path, [...(issues.get(path) ?? []), message]);
}

function issuesOf(schema: Parameters<typeof errorsOf>[0], body: unknown): Issues {
  const issues: Issues = new Map();
  for (const { path, message } of errorsOf(schema, body)) addIssue(issues, path, message);
  return issues;
}

const member = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key) ? Reflect.get(value, key) : undefined;

/** A string member as the service reads it: stripped (D11); anything else as it is. */
const stripped = (value: unknown): unknown => (typeof value === 'string' ? stripWhitespace(value) : value);

/** What the console's create form says about a body. */
function consoleCreateIssues(body: unknown): Issues {
  const issues = issuesOf(orderCreateRequestSchema, body);
  const amount = stripped(member(member(body, 'order_data'), 'amount'));
  if (typeof amount === 'string' && isAmountString(amount)) {
    const problem = orderAmountProblem(amount);
    if (problem !== null) addIssue(issues, 'order_data.amount', problem);
  }
  return issues;
}

/** The sandbox's own limit the console does not pre-validate (D5): customer members <= 255 characters. */
function serverOnlyCreatePaths(body: unknown): string[] {
  const customer = member(body, 'customer_data');
  return CUSTOMER_FIELDS.filter((field) => {
    const value = stripped(member(customer, field));
    return typeof value === 'string' && value !== '' && charCount(value) > CUSTOMER_FIELD_MAX;
  }).map((field) => `customer_data.${field}`);
}

/** The 400 body read back the way the console reads it: field path -> messages. */
function fieldsOf(answer: Answer): Issues {
  const flat = flattenDrfErrors(answer.json);
  if (flat === null) throw new Error(`not a DRF validation body: ${JSON.stringify(answer.json)}`);
  expect(flat.nonField).toEqual([]);
  return new Map(flat.fields.map((f) => [f.path, f.messages]));
}

function expectSameFields(answer: Answer, expected: Issues, extraPaths: string[] = []) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(400);
  const got = fieldsOf(answer);
  expect([...got.keys()].sort()).toEqual([...new Set([...expected.keys(), ...extraPaths])].sort());
  for (const [path, messages] of expected) expect(got.get(path)).toEqual(expect.arrayContaining(messages));
}

describe('create: console schema and sandbox agree', () => {
  test('valid bodies are created as sent; invalid ones are a 400 on exactly the console’s field paths', async () => {
    const used = new Set<string>();
    let created = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(createBodyArbitrary, fc.array(mutationArbitrary, { maxLength: 3 }), fc.constantFrom(...SHAPES), async (base, mutations, shape) => {
        const body = mutate(base, mutations);
        const issues = consoleCreateIssues(body);
        const serverOnly = serverOnlyCreatePaths(body);
        const answer = await post(shape, orderServicePaths.orderCreate(), body);
        expect(answer.status).toBeLessThan(500);
        if (issues.size > 0 || serverOnly.length > 0) {
          refused += 1;
          expectSameFields(answer, issues, serverOnly);
          return;
        }
        // Created as the service reads it (D11): the external id and the amount stripped.
        const externalId = String(stripped(body['order_external_id']));
        if (used.has(externalId)) {
          expectSameFields(answer, new Map([['order_external_id', ['An order with this external ID already exists.']]]));
          return;
        }
        expect(answer.status, JSON.stringify(answer.json)).toBe(201);
        used.add(externalId);
        created += 1;
        const order = orderSchema.parse(answer.json);
        const amount = formatMoney(String(stripped(member(body['order_data'], 'amount'))));
        expect(order).toMatchObject({
          external_id: externalId,
          initial_amount: amount,
          current_amount: amount,
          refund_amount: '0.00',
          status: 'new',
          service: body['service'] ?? 'provider-pay',
        });
      }),
      { numRuns: 1000 },
    );
    // The generator must exercise both sides, or the property says little.
    expect(created).toBeGreaterThan(80);
    expect(refused).toBeGreaterThan(600);
    expect(logLines).toEqual([]);
  }, 60_000);
});

describe('refund: console schema and sandbox agree', () => {
  async function activatedOrder(): Promise<{ id: string; current: string }> {
    const body = {
      order_external_id: `agree-${crypto.randomUUID().slice(0, 20)}`,
      return_url: 'https://shop.example/r',
      order_data: { eshop_external_id: 'e', amount: '99999999.99' },
      customer_data: {},
    };
    const created = orderSchema.parse((await post('list', orderServicePaths.orderCreate(), body)).json);
    const moved = orderSchema.parse((await post('list', sandboxPaths.orderStatus(created.id), { status: 'activated' })).json);
    return { id: moved.id, current: moved.current_amount };
  }

  async function readCurrent(id: string): Promise<string> {
    const read = await apps.list.request(orderServicePaths.orderRead(id), { headers: { Authorization: `Token ${TOKEN}` } });
    return orderSchema.parse(await read.json()).current_amount;
  }

  test('refunds the console would send go through exactly; the rest are a 400 on the same fields, the order untouched', async () => {
    const order = await activatedOrder();
    const usedIdentifiers = new Set<string>();
    let refunded = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(refundBodyArbitrary, fc.array(mutationArbitrary, { maxLength: 2 }), fc.constantFrom(...SHAPES), async (base, mutations, shape) => {
        const body = mutate(base, mutations);
        const schemaIssues = issuesOf(refundRequestSchema, body);
        const amount = stripped(member(body, 'amount'));
        const ruleProblem = schemaIssues.size === 0 && typeof amount === 'string' ? refundAmountProblem(amount, order.current) : null;
        const answer = await post(shape, orderServicePaths.orderRefund(order.id), body);
        expect(answer.status).toBeLessThan(500);
        if (schemaIssues.size > 0) {
          refused += 1;
          expectSameFields(answer, schemaIssues);
          return;
        }
        if (ruleProblem !== null) {
          refused += 1;
          expectSameFields(answer, new Map([['amount', [ruleProblem]]]));
          return;
        }
        const identifier = String(stripped(body['payment_identifier']));
        if (usedIdentifiers.has(identifier)) {
          expectSameFields(answer, new Map([['payment_identifier', ['A refund with this payment identifier already exists for this order.']]]));
          return;
        }
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        usedIdentifiers.add(identifier);
        refunded += 1;
        const next = formatMoney(subtractMoney(order.current, String(amount)));
        const status = next === '0.00' ? 'refunded' : 'activated';
        expect(orderSchema.parse(answer.json)).toMatchObject({ id: order.id, current_amount: next, status });
        order.current = next;
        // A refund of everything that is left ends the order (D6): carry on with a fresh one.
        if (status === 'refunded') {
          expect(await readCurrent(order.id)).toBe('0.00');
          Object.assign(order, await activatedOrder());
          usedIdentifiers.clear();
        }
      }),
      { numRuns: 500 },
    );
    expect(refunded).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(100);
    expect(await readCurrent(order.id)).toBe(order.current);
    expect(logLines).toEqual([]);
  }, 60_000);
});
