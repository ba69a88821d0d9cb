import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Approval, RefundPreview, RefundPreviewRequest, TeamRefundRequest } from '../../../contract/approvals.ts';
import { refundPreviewSchema } from '../../../contract/approvals.ts';
import { consoleApiPaths, requestedRefundSchema } from '../../../contract/console-api.ts';
import { compareMoney } from '../../../contract/money.ts';
import { consoleRequest } from '../../lib/api-client.ts';
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

export type TeamRefundAnswer = { kind: 'refunded'; received: ReceivedOrder } | { kind: 'requested'; approval: Approval; reasons: string[] };

/**
 * The review of a team refund (docs/security.md): the identifiers the console server made for it, which
 * are the ones Confirm sends, and whether it will wait for a second person, and why.
 */
export async function previewTeamRefund(environment: Environment, orderId: string, body: RefundPreviewRequest): Promise<RefundPreview> {
  const response = await consoleRequest(refundPreviewSchema, { method: 'POST', path: consoleApiPaths.teamRefundPreview(environment.id, orderId), body });
  return response.data;
}

export async function requestTeamRefund(environment: Environment, orderId: string, body: TeamRefundRequest): Promise<TeamRefundAnswer> {
  // In the journal with the environment's calls: the refund the person made. 200 passes on the
  // service's answer (its order, checked as every order answer is, D9); 202 is the request made.
  const path = consoleApiPaths.teamRefund(environment.id, orderId);
  const response = await consoleRequest(z.unknown(), { method: 'POST', path, body, journalAs: environment });
  if (response.status !== 202) return { kind: 'refunded', received: receiveOrder(response.data) };
  const requested = requestedRefundSchema.safeParse(response.data);
  if (!requested.success) {
    // Accepted, but unreadable: the order page's requests panel, read again, says what was made.
    throw new ApiError({ kind: 'http', server: 'console', method: 'POST', url: path, status: 202, detail: 'The console accepted the request but its answer could not be read' });
  }
  return { kind: 'requested', approval: requested.data.approval, reasons: requested.data.reasons };
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

/** The order's approval requests as known before a refund is confirmed: what a lost answer's request is told apart from. */
export async function requestsKnownBefore(queryClient: QueryClient, environmentId: string, orderId: string): Promise<ReadonlySet<string>> {
  try {
    const known = await queryClient.ensureQueryData(approvalQueries.ofOrder(environmentId, orderId));
    return new Set(known.map((approval) => approval.id));
  } catch {
    // Not known: any matching request of this person counts as this one, which errs towards never asking twice.
    return new Set();
  }
}

/**
 * After a refund whose answer was lost or unreadable (D17): the approval request it made, if it made
 * one, read from the order's requests. A 202 whose body was cut short still made the request, and
 * asking again would make a second one for the same money (the refund dialog's rule: never send twice).
 */
export async function findMadeRequest(
  queryClient: QueryClient,
  environmentId: string,
  orderId: string,
  made: { amount: string; destination_account_number: string; reason: string; requester: string | null; knownBefore: ReadonlySet<string> },
): Promise<Approval | null> {
  const requests = await queryClient.fetchQuery({ ...approvalQueries.ofOrder(environmentId, orderId), staleTime: 0 });
  // Newest first: the most recent request that is this refund.
  return (
    requests.find(
      (approval) =>
        !made.knownBefore.has(approval.id) &&
        (made.requester === null || approval.requester === made.requester) &&
        compareMoney(approval.amount, made.amount) === 0 &&
        approval.destination_account_number === made.destination_account_number &&
        approval.reason === made.reason,
    ) ?? null
  );
}
