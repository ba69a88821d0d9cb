import { formatMoney, multiplyMoney, subtractMoney } from '../contract/money.ts';
import { orderSchema } from '../contract/schemas.ts';
import { ABSENT, textOfLength, withChange } from './bodies.ts';
import { describeAnswer, expectRefusal, expectState, expectUnchanged, isDrfErrorBody } from './checks.ts';
import { activatedOrder, readOrder, refundBody, refundCall } from './flows.ts';
import type { Scenario } from './scenario.ts';
import { assumption, DOCUMENT } from './scenario.ts';

// REFUND limits and the serialisation of concurrent refunds (D4, D6).

const CONCURRENT = 10;

export const refundLimitScenarios: Scenario[] = [
  {
    id: 'REF-07',
    basis: DOCUMENT,
    group: 'REFUND',
    title: 'A refund amount with three decimals is refused on amount',
    why: 'A service that rounds 10.005 pays out a different amount from the one asked for, and nobody notices until settlement.',
    steps: ['Create an order of 100.00 and activate it', 'Refund 10.005', 'Read the order'],
    expectations: ['The refund is refused with the error on amount (the documented pattern)', 'The order is unchanged'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      await context.step('Refund 10.005', async (step) => {
        expectRefusal(step, await refundCall(step, order.id, refundBody(context, '10.005')), 'a refund of 10.005', { field: 'amount' });
        expectUnchanged(step, order, await readOrder(step, order.id));
      });
    },
  },
  {
    id: 'REF-08',
    basis: assumption('D6'),
    group: 'REFUND',
    title: `${CONCURRENT} concurrent refunds never refund more than the order`,
    why: 'Two support agents, or a retry racing the original, must never together refund more than was paid (D6: refunds are serialised).',
    steps: ['Create an order of 100.00 and activate it', `Send ${CONCURRENT} refunds of 15.00 at once, each with its own payment identifier`, 'Read the order'],
    expectations: [
      'Every refund is answered: accepted, or refused with a 4xx and a DRF body (no 5xx, no lost answer)',
      'At most 6 are accepted (6 x 15.00 = 90.00; a 7th would overdraw)',
      'The order’s amounts are exactly the accepted refunds: refunded 15.00 x accepted, current 100.00 minus that',
    ],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const accepted = await context.step(`Send ${CONCURRENT} refunds of 15.00 at once`, async (step) => {
        const results = await Promise.all(Array.from({ length: CONCURRENT }, () => refundCall(step, order.id, refundBody(context, '15.00'))));
        let ok = 0;
        const statuses: string[] = [];
        for (const result of results) {
          statuses.push(result.status === null ? 'no answer' : String(result.status));
          const success = result.status !== null && result.status >= 200 && result.status < 300 && orderSchema.safeParse(result.json).success;
          const refusal = result.status !== null && result.status >= 400 && result.status < 500 && isDrfErrorBody(result.json);
          step.expect('each refund is accepted with the order record or refused with a 4xx DRF body', success || refusal, 'a 2xx order record or a 4xx DRF refusal', describeAnswer(result));
          if (success) ok += 1;
        }
        step.note(`Answers: ${statuses.join(', ')}; ${ok} accepted`);
        step.expect('at most 6 refunds of 15.00 are accepted', ok <= 6, 'at most 6', String(ok));
        return ok;
      });
      await context.step('Read the order', async (step) => {
        const refunded = formatMoney(multiplyMoney('15.00', accepted));
        const current = formatMoney(subtractMoney('100.00', refunded));
        const read = await readOrder(step, order.id);
        expectState(step, read, `the amounts are the ${accepted} accepted refunds`, { status: 'activated', current_amount: current, refund_amount: refunded });
      });
    },
  },
  {
    id: 'REF-09',
    basis: assumption('D3'),
    group: 'REFUND',
    title: 'A refund of an order that does not exist is refused',
    why: 'A mistyped or another partner’s order id must be an error, never a refund booked somewhere.',
    steps: ['Refund 10.00 on a random order id'],
    expectations: ['Refused with a 4xx and a DRF body (D3: 404 not_found)'],
    async run(context) {
      await context.step('Refund 10.00 on an order id that was never issued', async (step) => {
        expectRefusal(step, await refundCall(step, crypto.randomUUID(), refundBody(context, '10.00')), 'a refund of an unknown order', { sandboxStatus: 404 });
      });
    },
  },
  {
    id: 'REF-10',
    basis: DOCUMENT,
    group: 'REFUND',
    title: 'Refund bodies outside the documented limits are refused on their field',
    why: 'A refund with no target account or an overlong settlement id cannot be paid out correctly; the partner must learn which field is wrong.',
    steps: [
      'Create an order of 100.00 and activate it',
      'Refund with amount 0, then with each limit broken in turn',
      'Read the order',
    ],
    expectations: ['Each refund is refused (4xx, DRF body) with the error on that field', 'The order is unchanged'],
    async run(context) {
      const order = await activatedOrder(context, '100.00');
      const cases: [label: string, path: string, value: unknown][] = [
        ['amount 0.00 (D4: a refund is more than 0)', 'amount', '0.00'],
        ['amount -5.00', 'amount', '-5.00'],
        ['destination_account_number of 35 characters', 'destination_account_number', textOfLength(context, 35)],
        ['payment_identifier of 141 characters', 'payment_identifier', textOfLength(context, 141)],
        ['external_id of 256 characters', 'external_id', textOfLength(context, 256)],
        ['no destination_account_number', 'destination_account_number', ABSENT],
        ['payment_identifier ""', 'payment_identifier', ''],
      ];
      for (const [label, path, value] of cases) {
        await context.step(`Refund with ${label}`, async (step) => {
          const body = withChange(refundBody(context, '10.00'), path, value);
          expectRefusal(step, await refundCall(step, order.id, body), label, { field: path });
        });
      }
      await context.step('Read the order', async (step) => {
        expectUnchanged(step, order, await readOrder(step, order.id));
      });
    },
  },
];
