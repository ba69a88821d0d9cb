import type { Environment } from '../../lib/environments.ts';
import { orderIndex } from '../orders/order-index.ts';
import { findCreatedOrder } from './find-created-order.ts';

/** An order the service already has under an external id, to link to from a duplicate error. */
export interface ExistingOrder {
  externalId: string;
  orderId: string;
}

/**
 * The order behind a "this external id already exists" error, when the console can find it: the
 * sandbox's list (exact match on `q`), else the orders this browser has seen in this environment.
 * Null when neither knows it (a real service has no list to ask); the error alone is shown then.
 */
export async function findExistingOrder(environment: Environment, externalId: string): Promise<ExistingOrder | null> {
  if (environment.sandbox) {
    try {
      const found = await findCreatedOrder(environment, externalId);
      if (found !== null && found.record.id !== '') return { externalId, orderId: found.record.id };
    } catch {
      // The list could not be read: the local index may still know it.
    }
  }
  const local = orderIndex.list(environment.id).find((order) => order.record.external_id === externalId && order.record.id !== '');
  return local === undefined ? null : { externalId, orderId: local.record.id };
}
