import { orderServicePaths } from '../../../../contract/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { takeBootOrderRead } from '../../../lib/boot-requests.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderIndex } from '../order-index.ts';
import type { ReceivedOrder } from '../received-order.ts';
import { receiveOrderFirst } from '../received-order.ts';

/** `background`: the page reads it again by itself (a poll), which keeps no team session alive. */
export async function getOrder(environment: Environment, orderId: string, signal?: AbortSignal, background = false): Promise<ReceivedOrder> {
  // On a cold /orders/{id} this read may be out already (public/boot.js): apiRequest takes
  // it when it is this very request, with this token, and otherwise cancels it and asks itself.
  const early = takeBootOrderRead();
  const sent = early === null ? undefined : ((await early) ?? undefined);
  const response = await apiRequest(environment, { method: 'GET', path: orderServicePaths.orderRead(orderId), sent, background, ...(signal ? { signal } : {}) });
  // Shown as received; checked against the contract once the check is loaded (received-order.ts).
  const received = receiveOrderFirst(response.data);
  orderIndex.remember(environment.id, received);
  return received;
}
