import { fullOrderBody, withChange } from './bodies.ts';
import { expectRefusal, expectUnchanged, orderState } from './checks.ts';
import { createCall, createOrder, orderBody, readOrder } from './flows.ts';
import type { Scenario } from './scenario.ts';
import { assumption, DOCUMENT } from './scenario.ts';

// CREATE: what the create answers for bodies the document and D4-D6 accept. The limits are in
// catalogue-create-limits.ts.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

export const createScenarios: Scenario[] = [
  {
    id: 'CRE-01',
    basis: assumption('D5'),
    group: 'CREATE',
    title: 'A minimal body creates an order',
    why: 'The required fields alone must be enough: a partner that sends only them must get an order and a checkout link.',
    steps: ['Create an order with only the required fields (no service, no items, empty customer_data)'],
    expectations: [
      'Accepted (any 2xx; the status that came is recorded) with the order record of 2.1',
      'external_id is the order_external_id sent; service defaults to provider-pay (D5)',
      'redirect_url is an absolute http(s) URL the customer can be sent to',
    ],
    async run(context) {
      const body = { ...orderBody(context, '120.00'), customer_data: {} };
      await context.step('Create with the required fields only', async (step) => {
        const order = await createOrder(step, body);
        step.expect('external_id is the order_external_id sent', order.external_id === body.order_external_id, body.order_external_id, order.external_id);
        step.expect('service defaults to provider-pay (D5)', order.service === 'provider-pay', 'provider-pay', order.service);
        step.expect('redirect_url is an absolute http(s) URL', /^https?:\/\/[^/]/i.test(order.redirect_url), 'an http(s) URL', order.redirect_url);
      });
    },
  },
  {
    id: 'CRE-02',
    basis: DOCUMENT,
    group: 'CREATE',
    title: 'A body with every documented field creates an order',
    why: 'Partners send transaction history, every customer member and all five item types; none of them may trip the service.',
    steps: ['Create an order with service pay-in-three, a payment_identifier, two history rows, every customer member and one item of each type'],
    expectations: ['Accepted with the order record of 2.1', 'service is pay-in-three; initial_amount is order_data.amount'],
    async run(context) {
      const body = fullOrderBody(context);
      await context.step('Create with every documented field', async (step) => {
        const order = await createOrder(step, body);
        step.expect('service is the one sent', order.service === 'pay-in-three', 'pay-in-three', order.service);
        step.expect('initial_amount is order_data.amount', order.initial_amount === '150.00', '150.00', order.initial_amount);
      });
    },
  },
  {
    id: 'CRE-03',
    basis: assumption('D1', 'D4', 'D6'),
    group: 'CREATE',
    title: 'A new order’s record matches the contract',
    why: 'Support agents and reconciliation read these fields: amounts with two decimals, nothing refunded, status new.',
    steps: ['Create an order of 99.9', 'Read it back (GET, D1)'],
    expectations: [
      'Amounts are decimal strings with exactly two decimals: initial_amount 99.90 (D4)',
      'current_amount equals initial_amount, refund_amount is 0.00, status is new (D6)',
      'id is a UUID v4 and date_settled is the creation time (within a day of this run’s clock)',
      'Reading it back answers the same record',
    ],
    async run(context) {
      const body = orderBody(context, '99.9');
      const created = await context.step('Create an order of 99.9', async (step) => {
        const order = await createOrder(step, body);
        step.expect('initial_amount has two decimals', order.initial_amount === '99.90', '99.90', order.initial_amount);
        step.expect('a new order is new with nothing refunded', orderState(order) === 'new, initial 99.90, current 99.90, refunded 0.00', 'new, initial 99.90, current 99.90, refunded 0.00', orderState(order));
        step.expect('id is a UUID v4 (D6)', UUID_V4.test(order.id), 'a UUID v4', order.id);
        const age = Math.abs(Date.now() - Date.parse(order.date_settled));
        step.expect('date_settled is the creation time', age < DAY_MS, 'within a day of now', order.date_settled);
        return order;
      });
      await context.step('Read the order back', async (step) => {
        const read = await readOrder(step, created.id);
        const same = JSON.stringify(read) === JSON.stringify(created);
        step.expect('the read answers the record the create answered', same, JSON.stringify(created), JSON.stringify(read));
      });
    },
  },
  {
    id: 'CRE-11',
    basis: assumption('D6'),
    group: 'CREATE',
    title: 'A second order with the same order_external_id is refused',
    why: 'The external id is how a partner finds an order again after a lost answer; two orders under one id would charge a customer twice.',
    steps: ['Create an order', 'Create another with the same order_external_id and another amount', 'Read the first order'],
    expectations: [
      'The second create is refused (4xx with a DRF body, D6: 400 on order_external_id); a 5xx fails',
      'The first order is unchanged (its amount was not replaced)',
    ],
    async run(context) {
      const body = orderBody(context, '40.00');
      const first = await context.step('Create an order of 40.00', (step) => createOrder(step, body));
      await context.step('Create again with the same order_external_id, 55.00', async (step) => {
        const again = await createCall(step, { ...body, order_data: { ...body.order_data, amount: '55.00' } });
        expectRefusal(step, again, 'the duplicate', { sandboxStatus: 400 });
      });
      await context.step('Read the first order', async (step) => {
        expectUnchanged(step, first, await readOrder(step, first.id));
      });
    },
  },
  {
    id: 'CRE-12',
    basis: assumption('D5'),
    group: 'CREATE',
    title: 'Types are strict: a number is not an amount, text is not a quantity',
    why: 'Amounts are decimal strings so no float ever rounds money; a service that coerces 120.1 accepts what a partner’s floating-point code produced.',
    steps: ['Create with order_data.amount as the JSON number 120.5', 'Create with items[0].quantity as the string "2"', 'Create with customer_data.email as a number'],
    expectations: ['Each is refused with the error on that field (D5: types are strict, not coerced)'],
    async run(context) {
      const cases: [string, string, unknown][] = [
        ['order_data.amount as a JSON number', 'order_data.amount', 120.5],
        ['items[0].quantity as text', 'items.0.quantity', '2'],
        ['customer_data.email as a number', 'customer_data.email', 42],
      ];
      for (const [label, path, value] of cases) {
        await context.step(`Create with ${label}`, async (step) => {
          const body = withChange(fullOrderBody(context), path, value);
          expectRefusal(step, await createCall(step, body), label, { field: path });
        });
      }
    },
  },
];
