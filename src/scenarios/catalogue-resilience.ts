import { describeAnswer, expectOrderAnswer, expectRefusal, expectState, expectUnchanged, isDrfErrorBody } from './checks.ts';
import { activatedOrder, createCall, createOrder, orderBody, readOrder, refund, refundBody, refundCall } from './flows.ts';
import { armFault, expectNoAnswer, orderEvents, ordersWithExternalId } from './sandbox-faults.ts';
import type { Scenario } from './scenario.ts';
import { assumption } from './scenario.ts';

// RESILIENCE (sandbox only): the failures a real network produces, provoked with the sandbox's fault
// injection (D13) and checked in its history (D12). Refund faults are armed for the scenario's own
// order; create faults fire on the token's next create, so a run sharing the token at that moment
// could take one (use a token of its own for parallel runs).

export const resilienceScenarios: Scenario[] = [
  {
    id: 'RES-01',
    basis: assumption('D13'),
    group: 'RESILIENCE',
    needs: 'faults',
    title: 'A refund whose answer is lost is applied once, and the order tells',
    why: 'When a refund’s answer never arrives the partner cannot know whether money moved; reading the order must tell, and resending must not pay twice.',
    steps: [
      'Create an order of 100.00 and activate it',
      'Arm "lose the answer of the next refund" for this order',
      'Refund 25.00 (no answer comes)',
      'Read the order; resend the same refund; read again; read its history',
    ],
    expectations: [
      'The refund was applied exactly once: current 75.00, refunded 25.00',
      'Resending it (same payment_identifier) is refused, and changes nothing',
      'The history has one refunded event for it and the applied fault (D12)',
    ],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const body = refundBody(context, '25.00');
      await context.step('Arm: lose the answer of the next refund of this order', async (step) => {
        await armFault(context, step, { operation: 'refund', order_id: order.id, effect: { kind: 'lose_answer' }, times: 1 });
      });
      await context.step('Refund 25.00', async (step) => expectNoAnswer(step, await refundCall(step, order.id, body), 'the refund'));
      const after = await context.step('Read the order', async (step) => {
        const read = await readOrder(step, order.id);
        expectState(step, read, 'the refund was applied once', { status: 'activated', current_amount: '75.00', refund_amount: '25.00' });
        return read;
      });
      await context.step('Resend the same refund', async (step) => {
        expectRefusal(step, await refundCall(step, order.id, body), 'the resent refund', { sandboxStatus: 400 });
        expectUnchanged(step, after, await readOrder(step, order.id));
      });
      await context.step('Read the order’s history', async (step) => {
        const events = await orderEvents(step, order.id);
        const refunds = events.filter((e) => e.type === 'refunded' && e.payment_identifier === body.payment_identifier);
        step.expect('one refunded event for the payment identifier', refunds.length === 1, '1', String(refunds.length));
        const lost = events.filter((e) => e.type === 'fault_applied' && e.effect.kind === 'lose_answer');
        step.expect('the lost answer is in the history', lost.length === 1, '1 fault_applied event (lose_answer)', String(lost.length));
      });
    },
  },
  {
    id: 'RES-02',
    basis: assumption('D13'),
    group: 'RESILIENCE',
    needs: 'faults',
    title: 'A create answered with 503 created nothing',
    why: 'A partner retries a create that failed with 503; if the failed one had created an order, the retry would be refused as a duplicate or make a second order.',
    steps: ['Arm "the next create answers 503"', 'Create an order', 'Look for it in the sandbox’s list', 'Create it again'],
    expectations: [
      'The create answers 503 with a DRF {"detail", "code"} body',
      'No order with that external id exists afterwards',
      'The same create sent again is accepted, and then exactly one order has that external id',
    ],
    async run(context) {
      const body = orderBody(context, '30.00');
      await context.step('Arm: the next create answers 503', async (step) => {
        await armFault(context, step, { operation: 'create', effect: { kind: 'status', status: 503 }, times: 1 });
      });
      await context.step('Create the order', async (step) => {
        const result = await createCall(step, body);
        step.expect('the create answers 503', result.status === 503, 'HTTP 503', describeAnswer(result));
        step.expect('the 503 has a DRF body', isDrfErrorBody(result.json), '{"detail": ..., "code": ...}', result.text);
        const found = await ordersWithExternalId(step, body.order_external_id);
        step.expect('no order was created', found.length === 0, '0 orders with that external id', String(found.length));
      });
      await context.step('Create it again', async (step) => {
        await createOrder(step, body, 'the retried create');
        const found = await ordersWithExternalId(step, body.order_external_id);
        step.expect('exactly one order has the external id', found.length === 1, '1', String(found.length));
      });
    },
  },
  {
    id: 'RES-03',
    basis: assumption('D13'),
    group: 'RESILIENCE',
    needs: 'faults',
    title: 'A create whose answer is lost made one order, and resending it is refused',
    why: 'The order exists though the partner never heard so; the duplicate refusal on order_external_id is what lets the partner resend safely.',
    steps: ['Arm "lose the answer of the next create"', 'Create an order (no answer comes)', 'Look for it in the sandbox’s list', 'Create it again'],
    expectations: [
      'Exactly one order with that external id exists',
      'Resending the create is refused on order_external_id, and still one order exists',
      'Its history starts with one created event',
    ],
    async run(context) {
      const body = orderBody(context, '45.00');
      await context.step('Arm: lose the answer of the next create', async (step) => {
        await armFault(context, step, { operation: 'create', effect: { kind: 'lose_answer' }, times: 1 });
      });
      const id = await context.step('Create the order', async (step) => {
        expectNoAnswer(step, await createCall(step, body), 'the create');
        const found = await ordersWithExternalId(step, body.order_external_id);
        step.expect('the order was created once', found.length === 1, '1 order with that external id', String(found.length));
        return found[0]?.id ?? '';
      });
      await context.step('Resend the create', async (step) => {
        expectRefusal(step, await createCall(step, body), 'the resent create', { field: 'order_external_id' });
        const found = await ordersWithExternalId(step, body.order_external_id);
        step.expect('still one order', found.length === 1, '1', String(found.length));
        const created = (await orderEvents(step, id)).filter((e) => e.type === 'created');
        step.expect('one created event', created.length === 1, '1', String(created.length));
      });
    },
  },
  {
    id: 'RES-04',
    basis: assumption('D13'),
    group: 'RESILIENCE',
    needs: 'faults',
    title: 'A refund dropped before it arrived did nothing, and sending it again works once',
    why: 'The opposite of a lost answer: nothing happened, so the partner must resend, and the resend must refund exactly once.',
    steps: ['Create an order of 100.00 and activate it', 'Arm "drop the next refund" for this order', 'Refund 20.00 (no answer)', 'Read the order', 'Send the same refund again'],
    expectations: ['After the drop the order is unchanged', 'The resent refund (same payment_identifier) is accepted: current 80.00, refunded 20.00'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const body = refundBody(context, '20.00');
      await context.step('Arm: drop the next refund of this order', async (step) => {
        await armFault(context, step, { operation: 'refund', order_id: order.id, effect: { kind: 'drop' }, times: 1 });
      });
      await context.step('Refund 20.00', async (step) => {
        expectNoAnswer(step, await refundCall(step, order.id, body), 'the refund');
        expectUnchanged(step, order, await readOrder(step, order.id), 'the dropped refund changed nothing');
      });
      await context.step('Send the same refund again', async (step) => {
        const again = await refund(step, order.id, body, 'the resent refund');
        expectState(step, again, 'the refund is applied once', { status: 'activated', current_amount: '80.00', refund_amount: '20.00' });
      });
    },
  },
  {
    id: 'RES-05',
    basis: assumption('D13'),
    group: 'RESILIENCE',
    needs: 'faults',
    title: 'A refund answered 429 says when to retry and changes nothing',
    why: 'A rate-limited partner must learn when to try again (Retry-After) and that the refund did not happen.',
    steps: ['Create an order of 100.00 and activate it', 'Arm "the next refund answers 429, retry after 7 s" for this order', 'Refund 10.00', 'Read the order', 'Send it again'],
    expectations: ['The refund answers 429 with Retry-After: 7 and a DRF body', 'The order is unchanged', 'The refund sent again is applied once'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const body = refundBody(context, '10.00');
      await context.step('Arm: the next refund of this order answers 429', async (step) => {
        await armFault(context, step, { operation: 'refund', order_id: order.id, effect: { kind: 'status', status: 429, retry_after: 7 }, times: 1 });
      });
      await context.step('Refund 10.00', async (step) => {
        const result = await refundCall(step, order.id, body);
        step.expect('the refund answers 429', result.status === 429, 'HTTP 429', describeAnswer(result));
        const retryAfter = result.headers?.get('retry-after') ?? null;
        step.expect('the 429 says when to retry', retryAfter === '7', 'Retry-After: 7', retryAfter ?? 'no Retry-After header');
        step.expect('the 429 has a DRF body', isDrfErrorBody(result.json), '{"detail": ..., "code": ...}', result.text);
        expectUnchanged(step, order, await readOrder(step, order.id));
      });
      await context.step('Send the refund again', async (step) => {
        const again = expectOrderAnswer(step, await refundCall(step, order.id, body), 'the refund sent again');
        expectState(step, again, 'the refund is applied once', { status: 'activated', current_amount: '90.00', refund_amount: '10.00' });
      });
    },
  },
];
