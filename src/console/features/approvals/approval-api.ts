import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { approvalEventSchema, approvalSchema } from '../../../contract/approvals.ts';
import { callConsoleApi } from '../../lib/console-api.ts';
import { approvalsCountQuery } from './approvals-count-query.ts';

// docs/decisions.md D17: the console's own approval routes (team mode), with the session cookie. Answers
// are parsed with the contract's schemas; a refusal's DRF detail becomes the error's message.

const freshOrderSchema = z.union([
  z.object({ status: z.string(), current_amount: z.string(), refund_amount: z.string(), initial_amount: z.string() }),
  z.object({ unavailable: z.string() }),
]);
export const queueSchema = z.object({ results: z.array(z.object({ approval: approvalSchema, order: freshOrderSchema.nullable() })) });
const listSchema = z.object({ results: z.array(approvalSchema) });
const trailSchema = z.object({ approval: approvalSchema, events: z.array(approvalEventSchema) });
const countSchema = z.object({ waiting: z.number().int() });
const oneSchema = z.object({ approval: approvalSchema });
export type QueueEntry = z.infer<typeof queueSchema>['results'][number];

export const approvalQueries = {
  all: () => ['approvals'] as const,
  ofOrder: (environmentId: string, orderId: string) =>
    queryOptions({
      queryKey: ['approvals', 'order', environmentId, orderId] as const,
      queryFn: ({ signal }) => callConsoleApi(listSchema, `/api/env/${encodeURIComponent(environmentId)}/orders/${encodeURIComponent(orderId)}/approvals`, { signal }).then((r) => r.results),
      refetchInterval: 15_000,
    }),
  queue: () =>
    queryOptions({
      queryKey: ['approvals', 'queue'] as const,
      queryFn: ({ signal }) => callConsoleApi(queueSchema, '/api/approvals', { signal }).then((r) => r.results),
      refetchInterval: 15_000,
    }),
  count: approvalsCountQuery,
  trail: (id: string) =>
    queryOptions({
      queryKey: ['approvals', 'trail', id] as const,
      queryFn: ({ signal }) => callConsoleApi(trailSchema, `/api/approvals/${encodeURIComponent(id)}`, { signal }),
    }),
};

/** GET /api/approvals/count: how many refunds wait for someone else's approval (approvals-count-query.ts asks). */
export function fetchApprovalsCount(signal: AbortSignal): Promise<number> {
  return callConsoleApi(countSchema, '/api/approvals/count', { signal }).then((r) => r.waiting);
}

export type Decision = 'approve' | 'reject' | 'withdraw';

/** Approve, reject (with a note) or withdraw; every approval query is read again afterwards. */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: Decision; note?: string }) =>
      callConsoleApi(oneSchema, `/api/approvals/${encodeURIComponent(id)}/${decision}`, { method: 'POST', json: note === undefined || note.trim() === '' ? {} : { note: note.trim() } }).then((r) => r.approval),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalQueries.all() }),
  });
}
