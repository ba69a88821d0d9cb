import { formatMoney } from '../contract/money.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import { ORDER_STATUSES } from '../contract/schemas.ts';
import { page } from './checkout-page.ts';
import { escapeHtml } from '../http/html.ts';
import type { OrderRecord } from './store.ts';

// The sandbox's stand-in for a shop's return page: the checkout sends the customer to the order's
// return_url with ?order_id=&status= appended (D7). It says what happened, from the order as the
// sandbox has it, and links to the order in the console (same origin). Plain HTML, no script;
// every value from the order or the address is escaped.

const WHAT_HAPPENED: Partial<Record<OrderStatus, string>> = {
  activated: 'The customer approved the payment.',
  rejected: 'The payment was rejected.',
  canceled: 'The customer canceled the checkout.',
  refunded: 'The order has been refunded in full.',
  error: 'The order ended in an error.',
};

/** What the checkout put in the address, cut short: it is untrusted and only ever shown as text. */
export function reportedStatus(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

const consoleLink = (id: string) =>
  `<p class="actions"><a class="button" href="${escapeHtml(`/orders/${encodeURIComponent(id)}`)}">Open the order in the console</a></p>`;

const STYLE = `<style>
  a.button { display: inline-block; padding: 0.5rem 1.2rem; border-radius: 6px; background: #364fc7; color: #fff; text-decoration: none; }
  a.button:focus-visible { outline: 3px solid #748ffc; outline-offset: 2px; }
  code { overflow-wrap: anywhere; }
</style>`;

/** The order found: "Order ORD-1 is activated", what that means, and the way back to the console. */
export function returnPage(order: OrderRecord, reported: string | null): string {
  const status = order.status;
  const known = ORDER_STATUSES.find((s) => s === status);
  const happened = (known === undefined ? undefined : WHAT_HAPPENED[known]) ?? `The order is ${status}.`;
  const differs =
    reported !== null && reported !== status
      ? `<p class="note">The checkout reported <code>${escapeHtml(reported)}</code>; the order as the sandbox has it now is <strong>${escapeHtml(status)}</strong>.</p>`
      : '';
  return page(
    `Order ${order.external_id} is ${status}`,
    `${STYLE}
<h1>Order ${escapeHtml(order.external_id)} is ${escapeHtml(status)}</h1>
<p>${escapeHtml(happened)}</p>
<dl>
<dt>Order</dt><dd>${escapeHtml(order.external_id)}</dd>
<dt>Order ID</dt><dd><code>${escapeHtml(order.id)}</code></dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(order.initial_amount))}</dd>
<dt>Status</dt><dd data-testid="order-status">${escapeHtml(status)}</dd>
</dl>
${differs}
${consoleLink(order.id)}
<p class="note">This sandbox page stands in for the shop's return page (the order's <code>return_url</code>).</p>`,
  );
}

/** Proxy mode: no store to read the order from and no token to ask the service; say what was reported. */
export function reportedReturnPage(orderId: string, reported: string | null): string {
  return page(
    'Back from the checkout',
    `${STYLE}
<h1>Back from the checkout</h1>
<p>The checkout reports order <code>${escapeHtml(orderId)}</code> as <strong>${escapeHtml(reported ?? 'no status')}</strong>.
This server forwards to an Order Service and cannot check that without a token: the console can.</p>
${consoleLink(orderId)}`,
  );
}

/** A UUID this sandbox has no order for: the order may live in the environment the console points at. */
export function notHerePage(orderId: string, reported: string | null): string {
  return page(
    'Order not found in this sandbox',
    `${STYLE}
<h1>Order not found in this sandbox</h1>
<p>This sandbox has no order <code>${escapeHtml(orderId)}</code>${reported === null ? '' : `, reported by the checkout as <strong>${escapeHtml(reported)}</strong>`}.
It may belong to another environment: the console looks it up in the environment it is set to.</p>
${consoleLink(orderId)}`,
  );
}

export function noOrderPage(): string {
  return page(
    'No order to show',
    `<h1>No order to show</h1>
<p>This page shows the order a checkout sends the customer back with: its address needs an <code>order_id</code> that is an order ID (a UUID).</p>
<p><a href="/orders">Open the console</a></p>`,
  );
}
