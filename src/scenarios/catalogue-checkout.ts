import type { OrderStatus } from '../contract/schemas.ts';
import { expectState } from './checks.ts';
import type { CheckoutAction } from './flows.ts';
import { createOrder, customerCheckout, orderBody } from './flows.ts';
import type { Scenario } from './scenario.ts';
import { assumption } from './scenario.ts';

// CHECKOUT: the customer's part (D7). On the sandbox its checkout page's forms, posted as a browser
// posts them; elsewhere a person opens the order's redirect_url and acts as the customer.

function checkoutScenario(id: string, action: CheckoutAction, target: OrderStatus, title: string, why: string): Scenario {
  return {
    id,
    group: 'CHECKOUT',
    // The document shows no transitions; where the customer's choice leads is our model.
    basis: assumption('D7'),
    title,
    why,
    steps: ['Create an order of 100.00', `As the customer, open its redirect_url and ${action}`, 'Read the order'],
    expectations: [
      'The checkout page opens for the customer without a token (sandbox)',
      `After the customer's choice the order is ${target}, amounts unchanged`,
      'On the sandbox the customer is sent back to return_url with order_id and status (D7; a browser cannot see the redirect target)',
    ],
    async run(context) {
      const order = await context.step('Create an order of 100.00', (step) => createOrder(step, orderBody(context)));
      const after = await customerCheckout(context, order, action);
      await context.step(`The order is ${target}`, (step) => {
        expectState(step, after, `after the customer chose ${action} the order is ${target}`, { status: target, current_amount: '100.00', refund_amount: '0.00' });
      });
    },
  };
}

export const checkoutScenarios: Scenario[] = [
  checkoutScenario(
    'CHK-01',
    'approve',
    'activated',
    'The customer approves at the checkout: the order becomes activated',
    'Only an activated order can be refunded; the approved payment is the path every real order takes.',
  ),
  checkoutScenario(
    'CHK-02',
    'reject',
    'rejected',
    'The payment is rejected at the checkout: the order becomes rejected',
    'A rejected order must say so, or the shop ships goods nobody paid for.',
  ),
  checkoutScenario(
    'CHK-03',
    'cancel',
    'canceled',
    'The customer cancels at the checkout: the order becomes canceled',
    'A customer who walks away must leave a canceled order, not one waiting forever.',
  ),
];
