import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { TeamBulkRun, TeamBulkRunState } from '../../../contract/bulk-runs.ts';
import { teamBulkRunListSchema, teamBulkRunSchema } from '../../../contract/bulk-runs.ts';
import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import { callConsoleApi } from '../../lib/console-api.ts';

// Issue 28 in team mode: the console server's bulk-run routes (src/contract/bulk-runs.ts), with the
// session cookie. Every answer is parsed with the contract's schemas.

const env = (environmentId: string) => `/api/env/${encodeURIComponent(environmentId)}/bulk-runs`;

export const teamBulkPaths = {
  list: env,
  one: (environmentId: string, id: string) => `${env(environmentId)}/${encodeURIComponent(id)}`,
  resultCsv: (environmentId: string, id: string) => `${env(environmentId)}/${encodeURIComponent(id)}/result.csv`,
  awaiting: '/api/bulk-runs/awaiting-approval',
  decide: (id: string, decision: 'approve' | 'reject') => `/api/bulk-runs/${encodeURIComponent(id)}/${decision}`,
};

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
      queryFn: ({ signal }) => callConsoleApi(teamBulkRunListSchema, env(environmentId), { signal }).then((r) => r.results),
      // The list's states follow the runs while one of them sends or waits, less eagerly than the open run.
      refetchInterval: (query) => (query.state.data?.some((r) => r.state === 'running' || r.state === 'awaiting_approval') === true ? 5_000 : false),
    }),
  one: (environmentId: string, id: string) =>
    queryOptions({
      queryKey: ['bulk-runs', environmentId, 'one', id] as const,
      queryFn: ({ signal }) => callConsoleApi(teamBulkRunSchema, teamBulkPaths.one(environmentId, id), { signal }),
      refetchInterval: (query) => pollInterval(query.state.data?.state),
    }),
  awaiting: () =>
    queryOptions({
      queryKey: ['bulk-runs', 'awaiting-approval'] as const,
      queryFn: ({ signal }) => callConsoleApi(teamBulkRunListSchema, teamBulkPaths.awaiting, { signal }).then((r) => r.results),
      refetchInterval: 15_000,
    }),
};

export function createTeamBulkRun(environmentId: string, plan: BulkRun, typedTotal: string | null): Promise<TeamBulkRun> {
  return callConsoleApi(teamBulkRunSchema, env(environmentId), { method: 'POST', json: typedTotal === null ? { plan } : { plan, confirmation: typedTotal } });
}

export type RunAction = 'pause' | 'resume' | 'withdraw';

/** What the server answers is read again through the run's own query, so only its success matters here. */
export function actOnTeamBulkRun(environmentId: string, id: string, action: RunAction): Promise<unknown> {
  return callConsoleApi(z.unknown(), `${teamBulkPaths.one(environmentId, id)}/${action}`, { method: 'POST', json: {} });
}

export function decideTeamBulkRun(id: string, decision: 'approve' | 'reject', note: string): Promise<unknown> {
  return callConsoleApi(z.unknown(), teamBulkPaths.decide(id, decision), { method: 'POST', json: note.trim() === '' ? {} : { note: note.trim() } });
}
