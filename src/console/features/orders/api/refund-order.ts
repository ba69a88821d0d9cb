import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderServicePaths } from '../../../../contract/paths.ts';
import type { RefundRequest } from '../../../../contract/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderIndex } from '../order-index.ts';
import type { ReceivedOrder } from '../order-record.ts';
import { receiveOrder } from '../order-record.ts';
import { orderQueries } from './order-queries.ts';

export async function refundOrder(environment: Environment, orderId: string, body: RefundRequest): Promise<ReceivedOrder> {
  const response = await apiRequest(environment, { method: 'POST', path: orderServicePaths.orderRefund(orderId), body });
  return receiveOrder(response.data);
}

/** Pessimistic: nothing changes on screen until the service has answered; never retried. */
export function useRefundOrder(environment: Environment, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => refundOrder(environment, orderId, body),
    retry: false,
    onSuccess: async (received) => {
      orderIndex.remember(environment.id, received);
      queryClient.setQueryData(orderQueries.detail(environment, orderId).queryKey, received);
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
    },
  });
}
