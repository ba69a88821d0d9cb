import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { Order, OrderCreateRequest, OrderStatus, RefundRequest } from '../contract/schemas.ts';
import { describeAnswer, expectOrderAnswer, orderState } from './checks.ts';
import type { AuthMode } from './http-recorder.ts';
import type { ScenarioContext, StepContext } from './scenario.ts';

// The moves scenarios are made of: bodies with unique ids, create, read, refund, and the customer's
// and the provider's part (automatic on the sandbox, a person's elsewhere).

/** Where the checkout sends the customer afterwards: a page that exists and leaks nothing. */
export const RETURN_URL = 'https://example.com/order-console/scenarios/return';
export const ACCOUNT = 'CZ6508000000192000145399';

/** A minimal valid create body with a unique external id. */
export function orderBody(context: ScenarioContext, amount = '100.00'): OrderCreateRequest {
  return {
    order_external_id: context.unique(),
    return_url: RETURN_URL,
    order_data: { eshop_external_id: 'SCENARIOS-SHOP', amount },
    customer_data: { email: 'eva.tester@example.com' },
  };
}

export function refundBody(context: ScenarioContext, amount: string): RefundRequest {
  return {
    amount,
    destination_account_number: ACCOUNT,
    payment_identifier: context.unique('RF', 140),
    external_id: context.unique('REFUND', 255),
  };
}

export function createCall(step: StepContext, body: unknown, auth?: AuthMode) {
  return step.call({ method: 'POST', path: orderServicePaths.orderCreate(), json: body, ...(auth !== undefined && { auth }) });
}

export function refundCall(step: StepContext, orderId: string, body: unknown, auth?: AuthMode) {
  return step.call({ method: 'POST', path: orderServicePaths.orderRefund(orderId), json: body, ...(auth !== undefined && { auth }) });
}

export async function createOrder(step: StepContext, body: unknown, what = 'the create'): Promise<Order> {
  return expectOrderAnswer(step, await createCall(step, body), what);
}

/** GET of one order (D1: the path is assumed, the document hides it). */
export async function readOrder(step: StepContext, orderId: string, what = 'reading the order'): Promise<Order> {
  const result = await step.call({ method: 'GET', path: orderServicePaths.orderRead(orderId) });
  return expectOrderAnswer(step, result, what);
}

export async function refund(step: StepContext, orderId: string, body: RefundRequest, what = 'the refund'): Promise<Order> {
  return expectOrderAnswer(step, await refundCall(step, orderId, body), what);
}

/** An http(s) URL from the service, or null: nothing else becomes a link a person is asked to open. */
export function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

const PERSON_WAIT_MS = 30_000;
const PERSON_POLL_MS = 1_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/**
 * After a person acted: the order as it is once it has left `from` (the provider may take a moment
 * to tell the service), or as it is after 30 s.
 */
async function readAfterPerson(step: StepContext, orderId: string, from: OrderStatus): Promise<Order> {
  const deadline = Date.now() + PERSON_WAIT_MS;
  for (;;) {
    const order = await readOrder(step, orderId);
    if (order.status !== from || Date.now() >= deadline || step.signal.aborted) return order;
    await pause(PERSON_POLL_MS, step.signal);
  }
}

export type CheckoutAction = 'approve' | 'reject' | 'cancel';

const CHECKOUT: Record<CheckoutAction, { target: OrderStatus; person: string }> = {
  approve: { target: 'activated', person: 'pay and approve the payment' },
  reject: { target: 'rejected', person: 'have the payment rejected (decline it)' },
  cancel: { target: 'canceled', person: 'cancel the payment' },
};

/**
 * The customer at the checkout. On the sandbox: its checkout page's form, posted as a browser posts
 * it (no token: the customer has none). Elsewhere a person opens the order's redirect_url.
 */
export async function customerCheckout(context: ScenarioContext, order: Order, action: CheckoutAction): Promise<Order> {
  const { target, person } = CHECKOUT[action];
  if (!context.environment.sandbox) {
    return context.step(`The customer chooses ${action} at the checkout (a person)`, async (step) => {
      await step.askPerson(`Open the order's checkout page as the customer and ${person}.`, safeLink(order.redirect_url));
      return readAfterPerson(step, order.id, order.status);
    });
  }
  return context.step(`The customer chooses ${action} on the sandbox checkout page`, async (step) => {
    const page = await step.call({ method: 'GET', path: sandboxPaths.checkout(order.id), auth: 'none' });
    step.expect('the checkout page opens without a token', page.status === 200, 'HTTP 200', describeAnswer(page));
    const posted = await step.call({ method: 'POST', path: `${sandboxPaths.checkout(order.id)}/${action}`, auth: 'none', form: true, redirect: 'manual' });
    // 303 to return_url (a browser sees an opaque redirect, status 0); 200 is the page shown when
    // return_url cannot be followed.
    const answered = posted.status === 303 || posted.status === 0 || posted.status === 200;
    step.expect(`the ${action} form is taken`, answered, 'a redirect back to the shop (303)', describeAnswer(posted));
    const location = posted.headers?.get('location') ?? null;
    if (location !== null) {
      const back = new URL(location, 'http://x.invalid');
      const tells = back.searchParams.get('order_id') === order.id && back.searchParams.get('status') === target;
      step.expect('the customer is sent back to return_url with order_id and status (D7)', tells, `order_id=${order.id}&status=${target}`, location);
    }
    return readOrder(step, order.id);
  });
}

/** The order made activated: the control API on the sandbox, a person approving the payment elsewhere. */
export async function activate(context: ScenarioContext, order: Order): Promise<Order> {
  if (!context.environment.sandbox) {
    const after = await customerCheckout(context, order, 'approve');
    await context.step('The order is activated', (step) => {
      step.expect('the order is activated after the payment', after.status === 'activated', 'activated', orderState(after));
    });
    return after;
  }
  return context.step('Activate the order (sandbox control API)', async (step) => {
    const result = await step.call({ method: 'POST', path: sandboxPaths.orderStatus(order.id), json: { status: 'activated' } });
    const moved = expectOrderAnswer(step, result, 'moving the order to activated');
    step.expect('the order is activated', moved.status === 'activated', 'activated', orderState(moved));
    return moved;
  });
}

/** A fresh activated order of `amount`. */
export async function activatedOrder(context: ScenarioContext, amount: string): Promise<Order> {
  const created = await context.step(`Create an order of ${amount}`, (step) => createOrder(step, orderBody(context, amount)));
  return activate(context, created);
}
