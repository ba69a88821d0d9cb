import type { OrderStatus } from '../../../contract/schemas.ts';
import type { OrderRecord } from '../orders/order-record.ts';

export interface OrderFilters {
  status: OrderStatus | null;
  /** Part of an order id or external id, as typed (trimmed when applied). */
  q: string;
}

export const NO_FILTERS: OrderFilters = { status: null, q: '' };

export function hasFilters(filters: OrderFilters): boolean {
  return filters.status !== null || filters.q.trim() !== '';
}

/**
 * The local tab's filter. Case-insensitive "contains", like the sandbox's `q`, so switching tabs
 * with the same filter finds the same orders.
 */
export function matchesFilters(record: Pick<OrderRecord, 'id' | 'external_id' | 'status'>, filters: OrderFilters): boolean {
  if (filters.status !== null && record.status !== filters.status) return false;
  const needle = filters.q.trim().toLowerCase();
  if (needle === '') return true;
  return record.id.toLowerCase().includes(needle) || record.external_id.toLowerCase().includes(needle);
}

/** The query the team order index is asked (the list and Enter alike): the box's text, and the status menu as status: unless the text names one. */
export function indexQuery(filters: OrderFilters): string {
  const q = filters.q.trim();
  if (filters.status === null || /(^|\s)status:/i.test(q)) return q;
  return `${q} status:${filters.status}`.trim();
}
