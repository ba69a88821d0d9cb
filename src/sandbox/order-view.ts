import { randomBytes } from 'node:crypto';
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

/** D5: generated when the partner sends none; 27 characters, well inside the 140 allowed. */
export function generatePaymentIdentifier(): string {
  return `PI-${randomBytes(12).toString('hex').toUpperCase()}`;
}
