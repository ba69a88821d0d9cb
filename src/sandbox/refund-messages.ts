import type { OrderStatus } from '../contract/schemas.ts';
import { REFUND_STATUS_RULE } from '../contract/rules.ts';

// What a refused refund is told, in one place: the route answers it and the store records the same
// words in the order's history (D12).

export const invalidStatusDetail = (status: OrderStatus) =>
  `Order is ${status}; ${REFUND_STATUS_RULE.charAt(0).toLowerCase()}${REFUND_STATUS_RULE.slice(1)}.`;

export const DUPLICATE_PAYMENT_IDENTIFIER_MESSAGE = 'A refund with this payment identifier already exists for this order.';
