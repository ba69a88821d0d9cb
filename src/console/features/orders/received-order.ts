import type { Order, OrderStatus } from '../../../contract/schemas.ts';
import { isOrderStatus } from '../../../contract/order-shape.ts';
import type { OrderRecord } from './order-record-text.ts';
import { orderRecordOf } from './order-record-text.ts';

// An order answer as the console keeps it, without zod: a cold order's page shows the
// answer's text at once, and its check against the contract (D9, order-record.ts with the contract's
// schemas, whose building would hold that page's main thread) comes right after, in its own chunk.

/** What did not match the documented Order, and the order as documented when it all did. */
export interface OrderCheck {
  order: Order | null;
  mismatches: string[];
}

export interface ReceivedOrder {
  record: OrderRecord;
  /** The answer as received, for its check when that comes later. */
  data: unknown;
  /** The order as documented, or null when the answer did not match the schema or is not checked yet. */
  order: Order | null;
  /** What did not match (D9); null until checked (`useOrderCheck` in order-detail checks it then). */
  mismatches: string[] | null;
  /** When the console received it (ISO 8601). */
  receivedAt: string;
}

/** An answer checked against the contract as it was received (order-record.ts receiveOrder). */
export type CheckedOrder = ReceivedOrder & { mismatches: string[] };

/** The check, once something has loaded it: from then on answers are checked as they are received. */
let check: ((data: unknown) => OrderCheck) | null = null;

/** The contract's check of an order answer, loaded once (with zod and the contract's schemas). */
export async function loadOrderCheck(): Promise<(data: unknown) => OrderCheck> {
  check ??= (await import('./order-record.ts')).checkOrder;
  return check;
}

/** An answer as received: checked now when the check is loaded already, else left for after the page shows (mismatches null). */
export function receiveOrderFirst(data: unknown, receivedAt = new Date().toISOString()): ReceivedOrder {
  const checked = check === null ? { order: null, mismatches: null } : check(data);
  return { record: orderRecordOf(data), data, ...checked, receivedAt };
}

/** Rebuilds a kept record (local index, session cache) into a ReceivedOrder, to be checked again. */
export function reviveOrder(kept: { record: OrderRecord; receivedAt: string }): ReceivedOrder {
  return receiveOrderFirst(kept.record, kept.receivedAt);
}

/** The record's status when it is one of the documented states. */
export function knownStatus(record: Pick<OrderRecord, 'status'>): OrderStatus | null {
  return isOrderStatus(record.status) ? record.status : null;
}
