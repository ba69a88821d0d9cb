import { orderServicePaths } from '../../../../contract/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderIndex } from '../order-index.ts';
import type { ReceivedOrder } from '../order-record.ts';
import { receiveOrder } from '../order-record.ts';

export async function getOrder(environment: Environment, orderId: string, signal?: AbortSignal): Promise<ReceivedOrder> {
  const response = await apiRequest(environment, { method: 'GET', path: orderServicePaths.orderRead(orderId), ...(signal ? { signal } : {}) });
  const received = receiveOrder(response.data);
  orderIndex.remember(environment.id, received);
  return received;
}
