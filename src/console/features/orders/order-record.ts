import { orderSchema } from '../../../contract/schemas.ts';
import { checkAgainst } from '../../lib/api-client.ts';
import type { CheckedOrder, OrderCheck } from './received-order.ts';
import type { OrderRecord } from './order-record-text.ts';
import { orderRecordOf } from './order-record-text.ts';

export type { OrderField, OrderRecord } from './order-record-text.ts';
export type { CheckedOrder, ReceivedOrder } from './received-order.ts';
export { knownStatus } from './received-order.ts';

// An answer's check against the contract's Order (D9), with zod: the order page loads this after it
// has shown the answer (received-order.ts); everything else that takes an answer further (a refund,
// a create, a status move, a bulk run) checks it as it comes.

/** What of the answer does not match the documented Order, and the order as documented when it all does. */
export function checkOrder(data: unknown): OrderCheck {
  const checked = checkAgainst(orderSchema, data);
  return { order: checked.value, mismatches: checked.mismatches };
}

export function receiveOrder(data: unknown, receivedAt = new Date().toISOString()): CheckedOrder {
  return { record: orderRecordOf(data), data, ...checkOrder(data), receivedAt };
}

/** A kept record (local index, session cache) as an order answer again, checked now (received-order.ts reviveOrder checks it later). */
export function reviveOrder(kept: { record: OrderRecord; receivedAt: string }): CheckedOrder {
  return receiveOrder(kept.record, kept.receivedAt);
}
