import type { Environment } from '../../lib/environments.ts';
import { listSandboxOrders } from '../orders/api/list-sandbox-orders.ts';
import type { ReceivedOrder } from '../orders/order-record.ts';
import { receiveOrder } from '../orders/order-record.ts';

const MAX_PAGES = 5;

/**
 * After a create whose answer was lost: the sandbox's order with exactly this external id, if the
 * create went through. `q` matches parts of ids too, hence the exact comparison.
 */
export async function findCreatedOrder(environment: Environment, externalId: string): Promise<ReceivedOrder | null> {
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await listSandboxOrders(environment, { q: externalId }, cursor);
    const match = result.orders.find((order) => order.record.external_id === externalId);
    if (match !== undefined) return receiveOrder(match.data);
    if (result.nextCursor === null) return null;
    cursor = result.nextCursor;
  }
  return null;
}
