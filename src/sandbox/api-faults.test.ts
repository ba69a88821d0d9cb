import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { faultListResponseSchema, faultRuleSchema, MAX_ARMED_FAULTS } from '../contract/faults.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { call, createOrder } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// docs/decisions.md D13: the faults API itself (arm, list, disarm), per token. What an armed rule does
// to /psp/ requests is in api-fault-effects.test.ts.

const TOKEN = 'faults-token';
const OTHER = 'faults-other-token';
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: await testStoreLocation(), tokens: [TOKEN, OTHER], log: () => undefined });
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  for (const token of [TOKEN, OTHER]) expect((await call(base, 'DELETE', sandboxPaths.faults(), { token })).status).toBe(204);
});

const arm = (rule: unknown, token = TOKEN) => call(base, 'POST', sandboxPaths.faults(), { token, json: rule });
const list = async (token = TOKEN) => {
  const result = await call(base, 'GET', sandboxPaths.faults(), { token });
  expect(result.status).toBe(200);
  return faultListResponseSchema.parse(result.json).results;
};

describe('arming, listing, disarming', () => {
  test('arm answers 201 with the rule, times 1 by default; the list shows it with what is left, oldest first', async () => {
    const first = await arm({ operation: 'refund', effect: { kind: 'lose_answer' } });
    expect(first.status).toBe(201);
    const rule = faultRuleSchema.parse(first.json);
    expect(rule).toMatchObject({ operation: 'refund', order_id: null, effect: { kind: 'lose_answer' }, times: 1, remaining: 1 });
    const second = faultRuleSchema.parse((await arm({ operation: 'any', effect: { kind: 'status', status: 429, retry_after: 30 }, times: 5 })).json);
    expect(await list()).toEqual([rule, second]);
    expect(second).toMatchObject({ times: 5, remaining: 5, effect: { kind: 'status', status: 429, retry_after: 30 } });
  });

  test('DELETE one rule (204), then it is gone; an unknown or malformed id is 404; DELETE all empties the list', async () => {
    const a = faultRuleSchema.parse((await arm({ operation: 'read', effect: { kind: 'drop' } })).json);
    const b = faultRuleSchema.parse((await arm({ operation: 'create', effect: { kind: 'delay', ms: 100 } })).json);
    expect((await call(base, 'DELETE', sandboxPaths.fault(a.id), { token: TOKEN })).status).toBe(204);
    expect((await list()).map((r) => r.id)).toEqual([b.id]);
    expect((await call(base, 'DELETE', sandboxPaths.fault(a.id), { token: TOKEN })).json).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect((await call(base, 'DELETE', sandboxPaths.fault('nope'), { token: TOKEN })).status).toBe(404);
    expect((await call(base, 'DELETE', sandboxPaths.faults(), { token: TOKEN })).status).toBe(204);
    expect(await list()).toEqual([]);
  });

  test('a rule for one order of the token; an unknown order, or another token\'s, is refused alike', async () => {
    const mine = await createOrder(base, TOKEN);
    const theirs = await createOrder(base, OTHER);
    expect((await arm({ operation: 'read', order_id: mine.id, effect: { kind: 'drop' } })).json).toMatchObject({ order_id: mine.id });
    const refusedTheirs = await arm({ operation: 'read', order_id: theirs.id, effect: { kind: 'drop' } });
    const refusedUnknown = await arm({ operation: 'read', order_id: '3b241101-e2bb-4255-8caf-4136c566a962', effect: { kind: 'drop' } });
    expect(refusedTheirs.status).toBe(400);
    expect(refusedTheirs.json).toEqual({ order_id: ['No order with this id.'] });
    expect(refusedUnknown.json).toEqual(refusedTheirs.json);
  });

  test('tokens are isolated: another token neither sees nor disarms a rule', async () => {
    const rule = faultRuleSchema.parse((await arm({ operation: 'any', effect: { kind: 'drop' } })).json);
    expect(await list(OTHER)).toEqual([]);
    expect((await call(base, 'DELETE', sandboxPaths.fault(rule.id), { token: OTHER })).status).toBe(404);
    expect((await call(base, 'DELETE', sandboxPaths.faults(), { token: OTHER })).status).toBe(204);
    expect((await list()).map((r) => r.id)).toEqual([rule.id]);
  });

  test('token-protected like every /sandbox/ route; other methods are 405', async () => {
    expect((await call(base, 'GET', sandboxPaths.faults(), { token: null })).status).toBe(401);
    expect((await call(base, 'POST', sandboxPaths.faults(), { token: 'wrong', json: {} })).status).toBe(401);
    expect((await call(base, 'PUT', sandboxPaths.faults(), { token: TOKEN, json: {} })).status).toBe(405);
  });

  test(`at most ${MAX_ARMED_FAULTS} armed per token: the next one is a 400 that says so; the other token still can`, async () => {
    const results = await Promise.all(Array.from({ length: MAX_ARMED_FAULTS + 5 }, () => arm({ operation: 'read', effect: { kind: 'drop' } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_ARMED_FAULTS);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ non_field_errors: [expect.stringMatching(/^At most 100 fault rules can be armed per token/)] });
    }
    expect(await list()).toHaveLength(MAX_ARMED_FAULTS);
    expect((await arm({ operation: 'read', effect: { kind: 'drop' } }, OTHER)).status).toBe(201);
  }, 60_000);
});

describe('a bad rule is a 400 with DRF field errors', () => {
  test.each([
    ['a 2xx status', { operation: 'create', effect: { kind: 'status', status: 200 } }, { effect: { status: ['A fault answers an error status (400-599), not a success'] } }],
    ['a 3xx status', { operation: 'create', effect: { kind: 'status', status: 302 } }, { effect: { status: ['A fault answers an error status (400-599), not a success'] } }],
    ['a status as text', { operation: 'create', effect: { kind: 'status', status: '503' } }, { effect: { status: ['Must be a whole number'] } }],
    ['a delay over 60 s', { operation: 'read', effect: { kind: 'delay', ms: 60_001 } }, { effect: { ms: ['At most 60000 ms (60 s)'] } }],
    ['an unknown operation', { operation: 'delete', effect: { kind: 'drop' } }, { operation: ['Not a valid operation (one of: create, refund, read, any)'] }],
    ['an unknown kind', { operation: 'any', effect: { kind: 'explode' } }, { effect: { kind: ['Not a valid effect kind (one of: status, delay, drop, lose_answer)'] } }],
    ['no effect', { operation: 'any' }, { effect: ['This field is required'] }],
    ['times 0', { operation: 'any', effect: { kind: 'drop' }, times: 0 }, { times: ['At least 1'] }],
    ['a Retry-After over an hour', { operation: 'any', effect: { kind: 'status', status: 429, retry_after: 3601 } }, { effect: { retry_after: ['At most 3600 seconds'] } }],
    ['an order id that is not a UUID', { operation: 'refund', order_id: 'abc', effect: { kind: 'drop' } }, { order_id: ['Must be a UUID'] }],
    ['an order id on a create', { operation: 'create', order_id: '3b241101-e2bb-4255-8caf-4136c566a962', effect: { kind: 'drop' } }, { order_id: [expect.stringMatching(/create/)] }],
  ])('%s', async (_what, rule, errors) => {
    const result = await arm(rule);
    expect(result.status).toBe(400);
    expect(result.json).toEqual(errors);
    expect(await list()).toEqual([]);
  });

  test('a body that is not a JSON object is answered as every other route answers it', async () => {
    expect((await call(base, 'POST', sandboxPaths.faults(), { token: TOKEN, json: [] })).json).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
    expect((await call(base, 'POST', sandboxPaths.faults(), { token: TOKEN, body: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
  });
});
