import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderServicePaths } from '../../../../contract/paths.ts';
import type { OrderCreateRequest } from '../../../../contract/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderIndex } from '../order-index.ts';
import type { ReceivedOrder } from '../order-record.ts';
import { receiveOrder } from '../order-record.ts';
import { orderQueries } from './order-queries.ts';

export async function createOrder(environment: Environment, body: OrderCreateRequest): Promise<ReceivedOrder> {
  const response = await apiRequest(environment, { method: 'POST', path: orderServicePaths.orderCreate(), body });
  return receiveOrder(response.data);
}

export function useCreateOrder(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCreateRequest) => createOrder(environment, body),
    onSuccess: async (received) => {
      orderIndex.remember(environment.id, received);
      if (received.record.id !== '') queryClient.setQueryData(orderQueries.detail(environment, received.record.id).queryKey, received);
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
    },
  });
}
