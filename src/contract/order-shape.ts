// The documented Order's field names and status values as plain data, apart from its zod schema
// (schemas.ts, which builds on these): the orders list's first screen shows orders without loading
// zod. schemas.test.ts checks the schema has exactly these fields.

export const ORDER_STATUSES = [
  'new',
  'data_completed',
  'checking',
  'rejected',
  'accepted',
  'canceled',
  'activated',
  'refunded',
  'error',
] as const;

export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** True when `value` is one of the documented statuses. */
export function isOrderStatus(value: string): value is OrderStatusValue {
  return ORDER_STATUSES.some((status) => status === value);
}

/** The Order's fields, as the service answers them (D1's read, the create and refund answers). */
export const ORDER_FIELDS = ['id', 'external_id', 'redirect_url', 'initial_amount', 'current_amount', 'refund_amount', 'date_settled', 'status', 'service'] as const;
