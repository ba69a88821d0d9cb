import type { OrderCreateRequest } from '../contract/schemas.ts';
import { CUSTOMER_FIELDS } from '../contract/schemas.ts';
import { RETURN_URL } from './flows.ts';
import type { ScenarioContext } from './scenario.ts';

// A create body with every documented field (2.2), and single-field changes to it, for the limit
// scenarios: each refused body differs from a valid one in exactly one place.

export function fullOrderBody(context: ScenarioContext): OrderCreateRequest {
  const customer = Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, `${field.replace(/_/g, ' ')} of Eva`]));
  return {
    service: 'pay-in-three',
    order_external_id: context.unique(),
    payment_identifier: context.unique('PAY', 140),
    return_url: RETURN_URL,
    order_data: { eshop_external_id: 'SCENARIOS-SHOP', amount: '150.00' },
    transaction_history: [
      { date: '2026-01-15', transaction_id: 'TX-1', eshop_external_id: 'SCENARIOS-SHOP', amount: '80.00', mcc: 5411, is_canceled: false, payment_type: 'card' },
      { date: '2025-12-01', transaction_id: 'TX-2', eshop_external_id: 'SCENARIOS-SHOP', amount: '12.50', is_canceled: true, payment_type: 'wire_transfer' },
    ],
    customer_data: { ...customer, email: 'eva.tester@example.com', country: 'CZ', zipcode: '110 00' },
    items: [
      { name: 'Ceramic mug', product_id: 'SKU-MUG', quantity: 2, amount: '62.50', vat: '21', type: 'goods' },
      { name: 'Parcel delivery', quantity: 1, amount: '25.00', vat: '21.00', type: 'shipment' },
      { name: 'Card fee', quantity: 1, amount: '5.00', type: 'payment' },
      { name: 'Loyalty discount', quantity: 1, amount: '-5.01', type: 'discount' },
      { name: 'Rounding', quantity: 1, amount: '0.01', type: 'round' },
    ],
  };
}

/** Marks a member to leave out. */
export const ABSENT = Symbol('absent');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy of `body` with the member at `path` (`items.0.vat`) set to `value`, or removed. */
export function withChange(body: unknown, path: string, value: unknown): unknown {
  const copy: unknown = structuredClone(body);
  const segments = path.split('.');
  const last = segments.pop();
  let node: unknown = copy;
  for (const segment of segments) {
    node = Array.isArray(node) ? node[Number(segment)] : isRecord(node) ? node[segment] : undefined;
  }
  if (last === undefined) throw new Error('withChange: empty path');
  if (Array.isArray(node)) {
    node[Number(last)] = value;
  } else if (!isRecord(node)) {
    throw new Error(`withChange: no ${path} in the body`);
  } else if (value === ABSENT) {
    delete node[last];
  } else {
    node[last] = value;
  }
  return copy;
}

/** `count` characters, starting with a unique id so a wrongly accepted value never collides. */
export function textOfLength(context: ScenarioContext, count: number): string {
  return context.unique('x'.repeat(count), count).padEnd(count, 'x');
}
