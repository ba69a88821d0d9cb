import type { ORDER_FIELDS } from '../../../contract/order-shape.ts';

// An order as the console shows it: every documented field as the text the service sent, whatever
// its type. Without zod: the orders list's first screen builds these from the list's
// answer; the checks against the contract (D9) come with the order page (order-record.ts).

export type OrderField = (typeof ORDER_FIELDS)[number];

/** Every field of an order as the text the service sent, whatever its type (for display). */
export type OrderRecord = Record<OrderField, string>;

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

export function emptyRecord(): OrderRecord {
  return recordFrom(() => '');
}

function recordFrom(text: (field: OrderField) => string): OrderRecord {
  return {
    id: text('id'),
    external_id: text('external_id'),
    redirect_url: text('redirect_url'),
    initial_amount: text('initial_amount'),
    current_amount: text('current_amount'),
    refund_amount: text('refund_amount'),
    date_settled: text('date_settled'),
    status: text('status'),
    service: text('service'),
  };
}

/** The record of an answer: each field's text ('' when missing or null); an answer that is no object gives an empty record. */
export function orderRecordOf(data: unknown): OrderRecord {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return emptyRecord();
  return recordFrom((field) => asText(Object.hasOwn(data, field) ? Reflect.get(data, field) : undefined));
}
