import { describeAnswer, expectUnchanged, isDrfErrorBody } from './checks.ts';
import { createCall, createOrder, orderBody, readOrder, refundBody, refundCall } from './flows.ts';
import type { AuthMode, CallResult } from './http-recorder.ts';
import type { Scenario, ScenarioContext, StepContext } from './scenario.ts';
import { DOCUMENT } from './scenario.ts';

// AUTH: docs/decisions.md D2. A refusal is 401 (with WWW-Authenticate) or 403 (DRF answers 403 when
// session authentication is listed first, D3), with a {"detail": ...} body, and it does nothing.

function expectAuthRefusal(step: StepContext, result: CallResult, what: string): void {
  const status = result.status;
  step.expect(`${what} is refused as unauthenticated`, status === 401 || status === 403, 'HTTP 401 or 403', describeAnswer(result));
  step.expect(
    `${what}: the refusal has a DRF {"detail": ...} body`,
    isDrfErrorBody(result.json),
    'a JSON body with "detail"',
    result.text === '' ? 'an empty body' : describeAnswer(result),
  );
  if (status === 401) {
    const challenge = result.headers?.get('www-authenticate') ?? null;
    step.expect(`${what}: a 401 names the scheme (D2)`, challenge !== null && /^token\b/i.test(challenge.trim()), 'WWW-Authenticate: Token', challenge ?? 'no WWW-Authenticate header');
  }
  step.note(`${what}: refused with HTTP ${status ?? ''}`);
}

function refusedCreate(id: string, title: string, why: string, sent: string, auth: (context: ScenarioContext) => AuthMode): Scenario {
  return {
    id,
    group: 'AUTH',
    // Section 5: token authentication on both operations.
    basis: DOCUMENT,
    title,
    why,
    steps: [`Send a valid create body ${sent}`, 'Send the same body with the token'],
    expectations: [
      'The first is refused: HTTP 401 (with WWW-Authenticate: Token) or 403, with a {"detail": ...} body',
      'The second is accepted: the refused call left no order behind (its external id is still free)',
    ],
    async run(context) {
      const body = orderBody(context);
      await context.step(`Create ${sent}`, async (step) => {
        expectAuthRefusal(step, await createCall(step, body, auth(context)), 'the create');
      });
      await context.step('Create the same order with the token', async (step) => {
        const order = await createOrder(step, body);
        step.expect('the order carries the external id sent', order.external_id === body.order_external_id, body.order_external_id, order.external_id);
      });
    },
  };
}

export const authScenarios: Scenario[] = [
  refusedCreate(
    'AUTH-01',
    'A create without a token is refused and creates nothing',
    'Every call must show who makes it: a service that takes anonymous orders lets anyone create them in a partner’s name.',
    'without an Authorization header',
    () => 'none',
  ),
  refusedCreate(
    'AUTH-02',
    'A create with a wrong token is refused and creates nothing',
    'A token that is not one of the service’s must open nothing, or a leaked or mistyped token would still work.',
    'with a token the service never issued',
    (context) => ({ header: `Token ${context.unique('not-a-token')}` }),
  ),
  refusedCreate(
    'AUTH-03',
    'The right token in another scheme is refused and creates nothing',
    'The document names one form, "Authorization: Token <token>"; a service that also takes "Bearer" accepts what no partner was told to send.',
    'with the right token as "Bearer <token>"',
    () => ({ scheme: 'Bearer' }),
  ),
  {
    id: 'AUTH-04',
    basis: DOCUMENT,
    group: 'AUTH',
    title: 'A refund with a wrong token is refused and changes nothing',
    why: 'A refund moves money: the service must check who asks before it looks at the order.',
    steps: ['Create an order', 'Refund it with a token the service never issued', 'Read the order'],
    expectations: ['The refund is refused as unauthenticated (401 or 403), not for the order’s status', 'The order is unchanged'],
    async run(context) {
      const order = await context.step('Create an order of 100.00', (step) => createOrder(step, orderBody(context)));
      await context.step('Refund 10.00 with a wrong token', async (step) => {
        const result = await refundCall(step, order.id, refundBody(context, '10.00'), { header: `Token ${context.unique('not-a-token')}` });
        expectAuthRefusal(step, result, 'the refund');
      });
      await context.step('Read the order', async (step) => {
        expectUnchanged(step, order, await readOrder(step, order.id));
      });
    },
  },
];
