import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { approvalCountSchema, approvalListSchema, approvalQueueSchema, approvalTrailSchema, consoleApiPaths, oneApprovalSchema } from '../../../contract/console-api.ts';
import { consoleRequest } from '../../lib/api-client.ts';
import { isRefetch } from '../../lib/session-activity.ts';
import { approvalsCountQuery } from './approvals-count-query.ts';

// docs/decisions.md D17: the console's own approval routes (team mode), with the session cookie. Answers
// are parsed with the contract's schemas; a refusal's DRF detail becomes the error's message.

export const approvalQueries = {
  all: () => ['approvals'] as const,
  ofOrder: (environmentId: string, orderId: string) =>
    queryOptions({
      queryKey: ['approvals', 'order', environmentId, orderId] as const,
      queryFn: async (context) =>
        (await consoleRequest(approvalListSchema, { method: 'GET', path: consoleApiPaths.orderApprovals(environmentId, orderId), signal: context.signal, background: isRefetch(context) })).data.results,
      refetchInterval: 15_000,
    }),
  queue: () =>
    queryOptions({
      queryKey: ['approvals', 'queue'] as const,
      queryFn: async (context) => (await consoleRequest(approvalQueueSchema, { method: 'GET', path: consoleApiPaths.approvals(), signal: context.signal, background: isRefetch(context) })).data.results,
      refetchInterval: 15_000,
    }),
  count: approvalsCountQuery,
  trail: (id: string) =>
    queryOptions({
      queryKey: ['approvals', 'trail', id] as const,
      queryFn: async ({ signal }) => (await consoleRequest(approvalTrailSchema, { method: 'GET', path: consoleApiPaths.approval(id), signal })).data,
    }),
};

/** GET /api/approvals/count: how many refunds wait for someone else's approval (approvals-count-query.ts asks; `background` for its polls). */
export async function fetchApprovalsCount(signal: AbortSignal, background: boolean): Promise<number> {
  return (await consoleRequest(approvalCountSchema, { method: 'GET', path: consoleApiPaths.approvalsCount(), signal, background })).data.waiting;
}

export type Decision = 'approve' | 'reject' | 'withdraw';

/** Approve, reject (with a note) or withdraw; every approval query is read again afterwards. */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, note }: { id: string; decision: Decision; note?: string }) =>
      (await consoleRequest(oneApprovalSchema, { method: 'POST', path: consoleApiPaths.approvalDecision(id, decision), body: note === undefined || note.trim() === '' ? {} : { note: note.trim() } })).data.approval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalQueries.all() }),
  });
}
