import { randomBytes } from 'node:crypto';
import type { OrderCreateRequest, OrderData, RefundRequest } from '../../src/contract/schemas.ts';

// Valid, unique request bodies. Every test makes its own orders, so no test depends on another's
// data or on the order tests run in, and the suite can repeat and run in parallel.

/** Never fetched: checkout redirects there are answered inside the browser context (fixtures.ts). */
export const SHOP_RETURN_URL = 'https://shop.example.test/return';

/** `E2E-lz3k9q-5f2a9c1e`: unique per call, sortable by time, well under the 36-character limit. */
export function uniqueId(prefix = 'E2E'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** Top-level members replace; `order_data` and `customer_data` are merged member by member. */
export type OrderOverrides = Omit<Partial<OrderCreateRequest>, 'order_data'> & { order_data?: Partial<OrderData> };

export function sampleOrder(overrides: OrderOverrides = {}): OrderCreateRequest {
  const { order_data, customer_data, ...rest } = overrides;
  return {
    order_external_id: uniqueId(),
    return_url: SHOP_RETURN_URL,
    ...rest,
    order_data: { eshop_external_id: 'E2E-SHOP', amount: '120.00', ...order_data },
    customer_data: { email: 'eva.tester@example.test', first_name: 'Eva', last_name: 'Tester', ...customer_data },
    items: rest.items ?? [
      { name: 'Ceramic mug', product_id: 'SKU-MUG', quantity: 2, amount: '45.00', vat: '21', type: 'goods' },
      { name: 'Parcel delivery', quantity: 1, amount: '30.00', vat: '21', type: 'shipment' },
    ],
  };
}

/** A valid refund body; `amount` is the one member a test always decides. */
export function sampleRefund(overrides: Partial<RefundRequest> & Pick<RefundRequest, 'amount'>): RefundRequest {
  return {
    destination_account_number: 'CZ6508000000192000145399',
    payment_identifier: uniqueId('RF'),
    external_id: uniqueId('REFUND'),
    ...overrides,
  };
}
