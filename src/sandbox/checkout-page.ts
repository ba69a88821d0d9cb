import { formatMoney } from '../contract/money.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import { pathToStatus } from '../contract/states.ts';
import { escapeHtml } from '../http/html.ts';
import type { OrderRecord } from './store.ts';

// docs/decisions.md D7: the customer checkout page a tester plays the customer on. Plain HTML, no script;
// every value from the order is escaped, external ids being whatever the partner sent.

export const CHECKOUT_ACTIONS = {
  approve: { label: 'Approve', target: 'activated' },
  reject: { label: 'Reject', target: 'rejected' },
  cancel: { label: 'Cancel', target: 'canceled' },
} as const satisfies Record<string, { label: string; target: OrderStatus }>;

export type CheckoutAction = keyof typeof CHECKOUT_ACTIONS;
const ACTION_NAMES: readonly CheckoutAction[] = ['approve', 'reject', 'cancel'];

export function isCheckoutAction(value: string): value is CheckoutAction {
  return Object.hasOwn(CHECKOUT_ACTIONS, value);
}

/**
 * What the customer can still do: the actions whose outcome D7 still allows from this status. None
 * once the order is activated or final, where the page offered all three.
 */
export function checkoutActions(status: OrderStatus): CheckoutAction[] {
  return ACTION_NAMES.filter((action) => (pathToStatus(status, CHECKOUT_ACTIONS[action].target)?.length ?? 0) > 0);
}

/**
 * Where to send the customer after an action: return_url with order_id and status added (its own
 * query kept). null unless it is an http(s) URL: never redirect to javascript:, data: or the like.
 */
export function returnUrlWithResult(returnUrl: string, orderId: string, status: OrderStatus): string | null {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.set('order_id', orderId);
  url.searchParams.set('status', status);
  return url.toString();
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 2rem 1rem; background: Canvas; color: CanvasText; }
  main { max-width: 32rem; margin: 0 auto; border: 1px solid #8884; border-radius: 8px; padding: 1.5rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .note { color: light-dark(#495057, #c1c2c5); font-size: 0.9rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  .actions form { margin: 0; }
  button { font: inherit; padding: 0.5rem 1.2rem; border-radius: 6px; border: 1px solid #8888; cursor: pointer; }
  button.approve { background: #237032; color: #fff; border-color: #237032; }
  button.reject { background: #c92a2a; color: #fff; border-color: #c92a2a; }
  .error { color: #c92a2a; }
`;

/** A plain sandbox page (checkout, return): no script, the styles inline; `body` is HTML already escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function details(order: OrderRecord): string {
  return `<dl>
<dt>Order</dt><dd>${escapeHtml(order.external_id)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(order.initial_amount))}</dd>
<dt>Service</dt><dd>${escapeHtml(order.service)}</dd>
<dt>Status</dt><dd data-testid="order-status">${escapeHtml(order.status)}</dd>
</dl>`;
}

export function checkoutPage(order: OrderRecord): string {
  const actions = checkoutActions(order.status);
  if (actions.length === 0) return checkoutOverPage(order);
  const forms = actions
    .map(
      (action) =>
        `<form method="post" action="${escapeHtml(`${sandboxPaths.checkout(order.id)}/${action}`)}">` +
        `<button type="submit" class="${action}">${CHECKOUT_ACTIONS[action].label}</button></form>`,
    )
    .join('\n');
  return page(
    `Checkout: order ${order.external_id}`,
    `<h1>Sandbox checkout</h1>
<p class="note">This page stands in for the payment provider's checkout. Choose what the customer does.</p>
${details(order)}
<div class="actions">
${forms}
</div>`,
  );
}

/** An order past the checkout: where it stands, and the way back to the shop, with nothing to press. */
function checkoutOverPage(order: OrderRecord): string {
  const back = returnUrlWithResult(order.return_url, order.id, order.status);
  return page(
    `Checkout of order ${order.external_id} is over`,
    `<h1>This checkout is over</h1>
<p class="note">The order is <strong>${escapeHtml(order.status)}</strong>: the customer's part is done and there is nothing left to choose here.</p>
${details(order)}
${back === null ? '' : `<p><a href="${escapeHtml(back)}">Back to the shop</a></p>`}`,
  );
}

/** After an action, when return_url cannot be followed: say where the order ended up. */
export function resultPage(order: OrderRecord): string {
  return page(
    `Order ${order.external_id}: ${order.status}`,
    `<h1>Order ${escapeHtml(order.status)}</h1>
${details(order)}
<p class="note">The order's return URL is not an http(s) address, so this page does not redirect to it:
<code>${escapeHtml(order.return_url)}</code></p>`,
  );
}

export function notAllowedPage(order: OrderRecord, action: CheckoutAction): string {
  const { label, target } = CHECKOUT_ACTIONS[action];
  return page(
    `${label} is not possible`,
    `<h1 class="error">${escapeHtml(label)} is not possible</h1>
<p>This order is <strong>${escapeHtml(order.status)}</strong>;${checkoutActions(order.status).length === 0 ? " its checkout is over, so" : ""} it cannot move to <strong>${escapeHtml(target)}</strong> from here.</p>
${details(order)}
<p><a href="${escapeHtml(sandboxPaths.checkout(order.id))}">Back to the checkout page</a></p>`,
  );
}

export function orderNotFoundPage(): string {
  return page('Order not found', '<h1>Order not found</h1>\n<p>There is no order with this id in the sandbox.</p>');
}
