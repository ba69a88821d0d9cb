import { randomFillSync } from 'node:crypto';
import { formatMoney } from '../contract/money.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import type { OrderRecord } from './store.ts';

/** The order record of the interface (2.1); redirect_url points at this server's checkout page (D7). */
export function orderResponse(order: OrderRecord, origin: string): Order {
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
