import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sandboxPaths } from '../../../../contract/paths.ts';
import type { OrderStatus } from '../../../../contract/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderIndex } from '../order-index.ts';
import type { ReceivedOrder } from '../order-record.ts';
import { receiveOrder } from '../order-record.ts';
import { orderQueries } from './order-queries.ts';

/** Sandbox control API (D7): move an order to a status along the shortest allowed path. */
export async function setOrderStatus(environment: Environment, orderId: string, status: OrderStatus): Promise<ReceivedOrder> {
  const response = await apiRequest(environment, { method: 'POST', path: sandboxPaths.orderStatus(orderId), body: { status } });
  return receiveOrder(response.data);
}

export function useSetOrderStatus(environment: Environment, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) => setOrderStatus(environment, orderId, status),
    onSuccess: async (received) => {
      orderIndex.remember(environment.id, received);
      queryClient.setQueryData(orderQueries.detail(environment, orderId).queryKey, received);
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
    },
  });
}
