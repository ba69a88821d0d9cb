import { randomBytes } from 'node:crypto';
import type { OrderCreateRequest, OrderData, RefundRequest } from '../contract/schemas.ts';

// Valid request bodies built from the contract's types. Every call makes its own unique ids, so
// tests never depend on each other's data and parallel workers never collide (the sandbox refuses a
// second order with the same order_external_id under one token, D6).

/** Never fetched by the kit: a sample order's return_url; the checkout page sends the customer there. */
export const SHOP_RETURN_URL = 'https://shop.example.test/return';

/** `QA-lz3k9q-5f2a9c1e`: unique per call, sortable by time, well under the 36-character limit. */
export function uniqueId(prefix = 'QA'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** Top-level members replace; `order_data` and `customer_data` are merged member by member. */
export type OrderOverrides = Omit<Partial<OrderCreateRequest>, 'order_data'> & { order_data?: Partial<OrderData> };

/** A valid create body (120.00 in two items) with a unique `order_external_id`, changed by `overrides`. */
export function sampleOrder(overrides: OrderOverrides = {}, idPrefix = 'QA'): OrderCreateRequest {
  const { order_data, customer_data, ...rest } = overrides;
  return {
    order_external_id: uniqueId(idPrefix),
    return_url: SHOP_RETURN_URL,
    ...rest,
    order_data: { eshop_external_id: 'QA-SHOP', amount: '120.00', ...order_data },
    customer_data: { email: 'eva.tester@example.test', first_name: 'Eva', last_name: 'Tester', ...customer_data },
    items: rest.items ?? [
      { name: 'Ceramic mug', product_id: 'SKU-MUG', quantity: 2, amount: '45.00', vat: '21', type: 'goods' },
      { name: 'Parcel delivery', quantity: 1, amount: '30.00', vat: '21', type: 'shipment' },
    ],
  };
}

/** Everything but `amount` may be left out: destination, payment identifier and external id get valid unique values. */
export type RefundInput = Partial<RefundRequest> & Pick<RefundRequest, 'amount'>;

export function sampleRefund(overrides: RefundInput): RefundRequest {
  return {
    destination_account_number: 'CZ6508000000192000145399',
    payment_identifier: uniqueId('RF'),
    external_id: uniqueId('REFUND'),
    ...overrides,
  };
}
