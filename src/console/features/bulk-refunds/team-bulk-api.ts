import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { TeamBulkRun, TeamBulkRunState } from '../../../contract/bulk-runs.ts';
import { teamBulkRunListSchema, teamBulkRunSchema } from '../../../contract/bulk-runs.ts';
import { consoleApiPaths } from '../../../contract/console-api.ts';
import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import { consoleRequest } from '../../lib/api-client.ts';
import { isRefetch } from '../../lib/session-activity.ts';

// The console server's bulk-run routes (src/contract/bulk-runs.ts), with the session cookie. Every
// answer is parsed with the contract's schemas; the polls are background reads.

/** How often a run is read again: every second while it sends, now and then while it waits for an approver, never once it is over. */
export function pollInterval(state: TeamBulkRunState | undefined): number | false {
  if (state === 'running') return 1_000;
  if (state === 'awaiting_approval') return 5_000;
  return false;
}

export const teamBulkQueries = {
  all: () => ['bulk-runs'] as const,
  list: (environmentId: string) =>
    queryOptions({
      queryKey: ['bulk-runs', environmentId, 'list'] as const,
      queryFn: async (context) => (await consoleRequest(teamBulkRunListSchema, { method: 'GET', path: consoleApiPaths.bulkRuns(environmentId), signal: context.signal, background: isRefetch(context) })).data.results,
      // The list's states follow the runs while one of them sends or waits, less eagerly than the open run.
      refetchInterval: (query) => (query.state.data?.some((r) => r.state === 'running' || r.state === 'awaiting_approval') === true ? 5_000 : false),
    }),
  one: (environmentId: string, id: string) =>
    queryOptions({
      queryKey: ['bulk-runs', environmentId, 'one', id] as const,
      queryFn: async (context) => (await consoleRequest(teamBulkRunSchema, { method: 'GET', path: consoleApiPaths.bulkRun(environmentId, id), signal: context.signal, background: isRefetch(context) })).data,
      refetchInterval: (query) => pollInterval(query.state.data?.state),
    }),
  awaiting: () =>
    queryOptions({
      queryKey: ['bulk-runs', 'awaiting-approval'] as const,
      queryFn: async (context) => (await consoleRequest(teamBulkRunListSchema, { method: 'GET', path: consoleApiPaths.bulkRunsAwaiting(), signal: context.signal, background: isRefetch(context) })).data.results,
      refetchInterval: 15_000,
    }),
};

export async function createTeamBulkRun(environmentId: string, plan: BulkRun, typedTotal: string | null): Promise<TeamBulkRun> {
  const body = typedTotal === null ? { plan } : { plan, confirmation: typedTotal };
  return (await consoleRequest(teamBulkRunSchema, { method: 'POST', path: consoleApiPaths.bulkRuns(environmentId), body })).data;
}

export type RunAction = 'pause' | 'resume' | 'withdraw';

/** What the server answers is read again through the run's own query, so only its success matters here. */
export async function actOnTeamBulkRun(environmentId: string, id: string, action: RunAction): Promise<void> {
  await consoleRequest(z.unknown(), { method: 'POST', path: consoleApiPaths.bulkRunAction(environmentId, id, action), body: {} });
}

export async function decideTeamBulkRun(id: string, decision: 'approve' | 'reject', note: string): Promise<void> {
  await consoleRequest(z.unknown(), { method: 'POST', path: consoleApiPaths.bulkRunDecision(id, decision), body: note.trim() === '' ? {} : { note: note.trim() } });
}
