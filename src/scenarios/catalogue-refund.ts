import { sandboxPaths } from '../contract/paths.ts';
import { expectOrderAnswer, expectRefusal, expectState, expectUnchanged } from './checks.ts';
import { activatedOrder, createOrder, orderBody, readOrder, refund, refundBody, refundCall } from './flows.ts';
import type { Scenario } from './scenario.ts';
import { assumption, DOCUMENT } from './scenario.ts';
import { refundLimitScenarios } from './catalogue-refund-limits.ts';

// REFUND: the document's one state rule and D4/D6. A refusal is any 4xx with a DRF body; the
// sandbox's 409 for the status rule is recorded when another code comes (a DRF service answers 400).

export const refundScenarios: Scenario[] = [
  {
    id: 'REF-01',
    basis: DOCUMENT,
    group: 'REFUND',
    title: 'A refund is refused while the order is not activated, and changes nothing',
    why: 'The document’s one state rule: money can go back only for an activated order. A refund of an unpaid order pays out money never received.',
    steps: ['Create an order (status new)', 'Refund 10.00', 'On the sandbox: move another order to accepted and refund it', 'Read the orders'],
    expectations: ['Each refund is refused (4xx with a DRF body; the sandbox answers 409 invalid_status)', 'Each order is unchanged'],
    async run(context) {
      const order = await context.step('Create an order of 100.00', (step) => createOrder(step, orderBody(context)));
      await context.step('Refund 10.00 while the order is new', async (step) => {
        expectRefusal(step, await refundCall(step, order.id, refundBody(context, '10.00')), 'a refund of a new order', { sandboxStatus: 409 });
        expectUnchanged(step, order, await readOrder(step, order.id));
      });
      if (!context.environment.sandbox) return;
      const accepted = await context.step('Create an order and move it to accepted (sandbox control API)', async (step) => {
        const created = await createOrder(step, orderBody(context));
        const moved = await step.call({ method: 'POST', path: sandboxPaths.orderStatus(created.id), json: { status: 'accepted' } });
        return expectOrderAnswer(step, moved, 'moving the order to accepted');
      });
      await context.step('Refund 10.00 while the order is accepted', async (step) => {
        expectRefusal(step, await refundCall(step, accepted.id, refundBody(context, '10.00')), 'a refund of an accepted order', { sandboxStatus: 409 });
        expectUnchanged(step, accepted, await readOrder(step, accepted.id));
      });
    },
  },
  {
    id: 'REF-02',
    basis: assumption('D6'),
    group: 'REFUND',
    title: 'A partial refund lowers current_amount and keeps the order activated',
    why: 'Returning one item of an order is the everyday refund; both amounts must move by exactly the refund.',
    steps: ['Create an order of 100.00 and activate it', 'Refund 30.00', 'Read the order'],
    expectations: ['The refund answers the order: activated, current 70.00, refunded 30.00, initial 100.00', 'Reading it back says the same'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const after = await context.step('Refund 30.00', async (step) => {
        const refunded = await refund(step, order.id, refundBody(context, '30.00'));
        expectState(step, refunded, 'the refund answers the new amounts', { status: 'activated', current_amount: '70.00', refund_amount: '30.00' });
        return refunded;
      });
      await context.step('Read the order', async (step) => {
        expectUnchanged(step, after, await readOrder(step, order.id), 'reading it back says the same');
      });
    },
  },
  {
    id: 'REF-03',
    basis: assumption('D4'),
    group: 'REFUND',
    title: 'An over-refund is refused and changes nothing',
    why: 'Refunding more than is left pays out money twice; the check must use what is left (current_amount), not the original amount.',
    steps: ['Create an order of 100.00 and activate it', 'Refund 60.00', 'Refund 40.01 (1 cent more than is left)', 'Read the order'],
    expectations: ['The 40.01 refund is refused (4xx, DRF body; D4: on amount)', 'The order still has current 40.00, refunded 60.00'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const partial = await context.step('Refund 60.00', (step) => refund(step, order.id, refundBody(context, '60.00')));
      await context.step('Refund 40.01', async (step) => {
        expectRefusal(step, await refundCall(step, order.id, refundBody(context, '40.01')), 'a refund 0.01 over what is left', { sandboxStatus: 400 });
      });
      await context.step('Read the order', async (step) => {
        const read = await readOrder(step, order.id);
        expectUnchanged(step, partial, read);
        expectState(step, read, 'what is left is 40.00', { status: 'activated', current_amount: '40.00', refund_amount: '60.00' });
      });
    },
  },
  {
    id: 'REF-04',
    basis: assumption('D6'),
    group: 'REFUND',
    title: 'Partial refunds down to zero leave the order refunded',
    why: 'Several partial refunds of a thirds-split amount must add up exactly (no float drift) and end in the final status refunded.',
    steps: ['Create an order of 100.00 and activate it', 'Refund 33.33, 33.33, then 33.34', 'Read the order'],
    expectations: [
      'After the first two the order is activated with current 33.34',
      'After the third: refunded, current 0.00, refunded 100.00 (D6)',
    ],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      await context.step('Refund 33.33 twice', async (step) => {
        await refund(step, order.id, refundBody(context, '33.33'), 'the first refund');
        const second = await refund(step, order.id, refundBody(context, '33.33'), 'the second refund');
        expectState(step, second, 'after two refunds 33.34 is left', { status: 'activated', current_amount: '33.34', refund_amount: '66.66' });
      });
      await context.step('Refund the last 33.34', async (step) => {
        const last = await refund(step, order.id, refundBody(context, '33.34'), 'the last refund');
        expectState(step, last, 'the order is refunded', { status: 'refunded', current_amount: '0.00', refund_amount: '100.00' });
        expectUnchanged(step, last, await readOrder(step, order.id), 'reading it back says the same');
      });
    },
  },
  {
    id: 'REF-05',
    basis: DOCUMENT,
    group: 'REFUND',
    title: 'A refund after the order is refunded is refused',
    why: 'refunded is final: nothing is left to give back, and the refusal must say so rather than pay out 0.01 more.',
    steps: ['Create an order of 50.00, activate it and refund all of it', 'Refund 0.01', 'Read the order'],
    expectations: ['The 0.01 refund is refused (4xx with a DRF body; the sandbox answers 409 invalid_status)', 'The order stays refunded, current 0.00, refunded 50.00'],
    async run(context) {
      const order = await activatedOrder(context, '50.00');
      const refunded = await context.step('Refund all 50.00', async (step) => {
        const all = await refund(step, order.id, refundBody(context, '50.00'));
        expectState(step, all, 'the order is refunded', { status: 'refunded', current_amount: '0.00', refund_amount: '50.00' });
        return all;
      });
      await context.step('Refund 0.01 more', async (step) => {
        expectRefusal(step, await refundCall(step, order.id, refundBody(context, '0.01')), 'a refund of a refunded order', { sandboxStatus: 409 });
        expectUnchanged(step, refunded, await readOrder(step, order.id));
      });
    },
  },
  {
    id: 'REF-06',
    basis: assumption('D6'),
    group: 'REFUND',
    title: 'A refund whose payment_identifier was already used on the order is refused',
    why: 'payment_identifier tells refunds apart in the batch settlement; a resent refund (after a timeout) must not be paid twice.',
    steps: ['Create an order of 100.00 and activate it', 'Refund 10.00 with payment identifier P', 'Refund 10.00 again with P and another external_id', 'Read the order'],
    expectations: ['The second refund is refused (4xx with a DRF body; D6: 400 on payment_identifier)', 'Only one refund was applied: current 90.00, refunded 10.00'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const body = refundBody(context, '10.00');
      await context.step('Refund 10.00 with a new payment identifier', (step) => refund(step, order.id, body));
      await context.step('Refund 10.00 again with the same payment identifier', async (step) => {
        const again = await refundCall(step, order.id, { ...body, external_id: context.unique('REFUND-2') });
        expectRefusal(step, again, 'the repeated payment identifier', { sandboxStatus: 400 });
      });
      await context.step('Read the order', async (step) => {
        expectState(step, await readOrder(step, order.id), 'only one refund was applied', { status: 'activated', current_amount: '90.00', refund_amount: '10.00' });
      });
    },
  },
  ...refundLimitScenarios,
];
