import { randomFillSync } from 'node:crypto';
import { formatMoney } from '../contract/money.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import type { LinkOrigin } from '../http/host-check.ts';
import type { OrderRecord } from './store.ts';

/**
 * The order record of the interface (2.1); redirect_url points at this server's checkout page (D7).
 * Like the real service's, an order's redirect_url is one address in every answer: PUBLIC_URL's, or
 * else the origin its create came to, kept with the order. A later read or refund may come through
 * another name (the console server calls its embedded sandbox on loopback without the port people
 * use), and a link built from that request broke the checkout the order page showed. An order stored
 * before the origin was kept takes the request's, as before.
 */
export function orderResponse(order: OrderRecord, link: LinkOrigin): Order {
  const origin = link.fixed ? link.origin : (order.checkout_origin ?? link.origin);
  return {
    id: order.id,
    external_id: order.external_id,
    redirect_url: `${origin}${sandboxPaths.checkout(order.id)}`,
    initial_amount: formatMoney(order.initial_amount),
    current_amount: formatMoney(order.current_amount),
    refund_amount: formatMoney(order.refund_amount),
    date_settled: order.created_at.toISOString(),
    status: order.status,
    service: order.service,
  };
}

// Random bytes are drawn 4 KiB at a time: a call into the system's generator per identifier cost
// more than the rest of building the answer.
const POOL_BYTES = 4096;
const IDENTIFIER_BYTES = 12;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** D5: generated when the partner sends none; 27 characters, well inside the 140 allowed. */
export function generatePaymentIdentifier(): string {
  if (poolOffset + IDENTIFIER_BYTES > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + IDENTIFIER_BYTES).toUpperCase();
  poolOffset += IDENTIFIER_BYTES;
  return `PI-${hex}`;
}
