import { z } from 'zod';
import { ORDER_FIELDS } from '../../../contract/order-shape.ts';
import { orderSchema, orderStatusSchema } from '../../../contract/schemas.ts';
import type { Order, OrderStatus } from '../../../contract/schemas.ts';
import { checkAgainst } from '../../lib/api-client.ts';
import type { OrderField, OrderRecord } from './order-record-text.ts';
import { orderRecordOf } from './order-record-text.ts';

export type { OrderField, OrderRecord } from './order-record-text.ts';

// A kept record (local index, session cache) as stored: `.optional()` before the transform, because
// without it zod 4 rejects a missing key, and one missing field would blank the whole record.
const asText = z.unknown().optional().transform((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)));
const orderRecordSchema = z.object(Object.fromEntries(ORDER_FIELDS.map((f) => [f, asText])) as Record<OrderField, typeof asText>);

/** An order answer as the console keeps it: the record, the documented value if it matched, and what did not (D9). */
export const receivedOrderSchema = z.object({
  record: orderRecordSchema,
  mismatches: z.array(z.string()),
  receivedAt: z.string(),
});

export interface ReceivedOrder {
  record: OrderRecord;
  /** The order as documented, or null when the answer did not match the schema. */
  order: Order | null;
  mismatches: string[];
  /** When the console received it (ISO 8601). */
  receivedAt: string;
}

export function receiveOrder(data: unknown, receivedAt = new Date().toISOString()): ReceivedOrder {
  const checked = checkAgainst(orderSchema, data);
  return {
    record: orderRecordOf(data),
    order: checked.value,
    mismatches: checked.mismatches,
    receivedAt,
  };
}

/** Rebuilds a kept record (local index, session cache) into a ReceivedOrder, checking it again. */
export function reviveOrder(kept: { record: OrderRecord; receivedAt: string }): ReceivedOrder {
  return receiveOrder(kept.record, kept.receivedAt);
}

/** The record's status when it is one of the documented states. */
export function knownStatus(record: Pick<OrderRecord, 'status'>): OrderStatus | null {
  const parsed = orderStatusSchema.safeParse(record.status);
  return parsed.success ? parsed.data : null;
}
