import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Approval, TeamRefundRequest } from '../../../contract/approvals.ts';
import { approvalSchema } from '../../../contract/approvals.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { orderIndex } from '../orders/order-index.ts';
import type { ReceivedOrder } from '../orders/order-record.ts';
import { receiveOrder } from '../orders/order-record.ts';
import { orderQueries } from '../orders/api/order-queries.ts';
import { approvalQueries } from './approval-api.ts';

// docs/decisions.md D17: in team mode a refund goes to the console's approvals route with its reason.
// At or under the threshold the console sends it at once and answers with the service's answer (200, or
// the service's refusal); over it, 202 and a request that another person must approve.

const requestedSchema = z.object({ approval: approvalSchema });

export type TeamRefundAnswer = { kind: 'refunded'; received: ReceivedOrder } | { kind: 'requested'; approval: Approval };

export function teamRefundPath(environmentId: string, orderId: string): string {
  return `/api/env/${encodeURIComponent(environmentId)}/orders/${encodeURIComponent(orderId)}/refunds`;
}

export async function requestTeamRefund(environment: Environment, orderId: string, body: TeamRefundRequest): Promise<TeamRefundAnswer> {
  // The same call as a forwarded refund (journal, timeout, errors), on this console's own origin.
  const response = await apiRequest({ ...environment, baseUrl: '' }, { method: 'POST', path: teamRefundPath(environment.id, orderId), body });
  if (response.status !== 202) return { kind: 'refunded', received: receiveOrder(response.data) };
  const requested = requestedSchema.safeParse(response.data);
  if (!requested.success) {
    // Accepted, but unreadable: the order page's requests panel, read again, says what was made.
    throw new ApiError({ kind: 'http', method: 'POST', url: teamRefundPath(environment.id, orderId), status: 202, detail: 'The console accepted the request but its answer could not be read' });
  }
  return { kind: 'requested', approval: requested.data.approval };
}

/** As useRefundOrder: pessimistic, never retried; a request made refreshes the approval queries. */
export function useTeamRefund(environment: Environment, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamRefundRequest) => requestTeamRefund(environment, orderId, body),
    retry: false,
    onSuccess: async (answer) => {
      if (answer.kind === 'refunded') {
        orderIndex.remember(environment.id, answer.received);
        queryClient.setQueryData(orderQueries.detail(environment, orderId).queryKey, answer.received);
        await queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
      }
      await queryClient.invalidateQueries({ queryKey: approvalQueries.all() });
    },
  });
}
