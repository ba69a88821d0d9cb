import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TeamBulkRun, TeamBulkRunState, TeamBulkRunSummary } from '../../../contract/bulk-runs.ts';
import { consoleApiPaths, duplicatePlanSchema } from '../../../contract/console-api.ts';
import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import type { TeamMe } from '../../../contract/console-api.ts';
import { orderQueries } from '../orders/api/order-queries.ts';
import type { RunControls } from './run-source.ts';
import type { RunAction } from './team-bulk-api.ts';
import { actOnTeamBulkRun, createTeamBulkRun, teamBulkQueries } from './team-bulk-api.ts';

// Team mode (D16/D17): the console server keeps and sends the run; this tab only shows it.
// Closing the tab loses nothing: coming back lists the environment's runs and opens the unfinished one.

/** No answer from the console's server at all (gone, restarting, or a proxy in front of it saying so). */
const serverGone = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && (error.status === 502 || error.status === 503 || error.status === 504)));

/** The console's server refused the request, as opposed to an answer that was lost or could not be read. */
const refusedByServer = (error: unknown): error is ApiError => error instanceof ApiError && error.kind === 'http' && error.status !== undefined && error.status >= 300;

const UNFINISHED: readonly TeamBulkRunState[] = ['awaiting_approval', 'running', 'paused'];

const HEADINGS: Record<TeamBulkRunState, string> = {
  awaiting_approval: 'Waiting for approval',
  withdrawn: 'Withdrawn: nothing was refunded',
  rejected: 'Rejected: nothing was refunded',
  expired: 'Expired before anyone approved it: nothing was refunded',
  running: 'Refunding…',
  paused: 'Bulk refund paused',
  finished: 'Bulk refund finished',
};

/** The run to open on arrival: this person's newest unfinished one (the list is newest first). */
export function runToOpen(runs: readonly TeamBulkRunSummary[], email: string | undefined): string | null {
  return runs.find((r) => r.requester === email && UNFINISHED.includes(r.state))?.id ?? null;
}

/** The requester, or an admin of this environment or of the whole console, may pause and resume. */
function mayControl(run: TeamBulkRunSummary, me: TeamMe | null): boolean {
  if (me === null) return false;
  return run.requester === me.email || me.grants.includes('admin') || me.grants.includes(`admin@${run.environment}`);
}

export function useTeamBulkRun(environment: Environment, me: TeamMe | null, requestedId: string | null) {
  const queryClient = useQueryClient();
  const list = useQuery(teamBulkQueries.list(environment.id));
  // undefined: nobody chose yet, so the unfinished run opens by itself once the list is in.
  const [chosen, setChosen] = useState<string | null | undefined>(requestedId ?? undefined);
  // Decided once, on the list's first answer: the run then stays on screen when it finishes (before,
  // finished, it was no longer an unfinished run, and the page went back to the list under the person
  // watching it), and a run appearing later (a lost answer's) does not take the page over.
  const [arrival, setArrival] = useState<string | null | undefined>(undefined);
  if (arrival === undefined && list.data !== undefined) setArrival(runToOpen(list.data, me?.email));
  const openId = chosen !== undefined ? chosen : (arrival ?? null);
  const one = useQuery({ ...teamBulkQueries.one(environment.id, openId ?? ''), enabled: openId !== null });
  const team = openId === null ? null : (one.data ?? null);

  // The orders of a run that ended were refunded by the server: what this tab shows of them is old.
  const state = team?.state;
  useEffect(() => {
    if (state === 'finished' || state === 'paused') {
      void queryClient.invalidateQueries({ queryKey: orderQueries.all(environment) });
      void queryClient.invalidateQueries({ queryKey: teamBulkQueries.list(environment.id).queryKey });
    }
  }, [state, environment, queryClient]);

  const shown = (run: TeamBulkRun) => {
    queryClient.setQueryData(teamBulkQueries.one(environment.id, run.id).queryKey, run);
    setChosen(run.id);
    void queryClient.invalidateQueries({ queryKey: teamBulkQueries.list(environment.id).queryKey });
  };

  // The plan is kept until the server has it: sent again after a lost answer, it carries the same
  // payment identifiers, so the service refuses any refund already made instead of paying twice.
  const [unsent, setUnsent] = useState<{ plan: BulkRun; typedTotal: string | null } | null>(null);
  const create = useMutation({
    mutationFn: (input: { plan: BulkRun; typedTotal: string | null }) => createTeamBulkRun(environment.id, input.plan, input.typedTotal),
    retry: false,
    onMutate: (input) => setUnsent(input),
    onSuccess: (run) => {
      setUnsent(null);
      shown(run);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: teamBulkQueries.list(environment.id).queryKey });
      // Sent again after a lost answer, a plan the server already has is that run: open it.
      const duplicate = error instanceof ApiError && error.status === 409 ? duplicatePlanSchema.safeParse(error.body) : null;
      if (duplicate?.success === true) {
        setUnsent(null);
        create.reset();
        setChosen(duplicate.data.bulk_run_id);
      }
    },
  });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: RunAction }) => actOnTeamBulkRun(environment.id, id, action),
    retry: false,
    onSettled: (_answer, _error, { id }) => queryClient.invalidateQueries({ queryKey: teamBulkQueries.one(environment.id, id).queryKey }),
  });

  const controls: RunControls | null =
    team === null
      ? null
      : {
          run: team.run,
          running: team.state === 'running',
          heading: HEADINGS[team.state],
          stop: team.state === 'running' && mayControl(team, me) ? { label: 'Pause', action: () => act.mutate({ id: team.id, action: 'pause' }) } : null,
          resume: team.state === 'paused' && mayControl(team, me) ? () => act.mutate({ id: team.id, action: 'resume' }) : null,
          clear: team.state === 'running' ? null : { label: 'New bulk refund', action: () => setChosen(null) },
          result: { kind: 'link', href: consoleApiPaths.bulkRunResultCsv(environment.id, team.id), fileName: `${team.id}-result.csv` },
        };

  const createError = create.error === null ? null : refusedByServer(create.error) ? create.error.message : `The console's answer did not arrive (${create.error.message}).`;

  // The run's reads stopped being answered while it was on screen: the server keeps the run; say so
  // (with when it last answered) instead of the failed request's words.
  const unreachable = team !== null && one.isError && serverGone(one.error);

  return {
    list,
    team,
    controls,
    /** The list or the opened run is still on its way: nothing to decide on yet. */
    loading: (chosen === undefined && list.isPending) || (openId !== null && one.isPending),
    loadError: unreachable ? null : (one.error?.message ?? null),
    /** When the console's server last answered the run's read, while it does not answer now; else null. */
    unreachableSince: unreachable ? one.dataUpdatedAt : null,
    /** When the run on screen was last read (the server's `sender` times count from then). */
    readAt: one.dataUpdatedAt,
    open: (id: string | null) => setChosen(id),
    start: (plan: BulkRun, typedTotal: string | null) => create.mutate({ plan, typedTotal }),
    starting: create.isPending,
    createError,
    /** After a lost answer: the same plan again (a refusal of the server is not retried this way). */
    sendAgain: create.error !== null && !refusedByServer(create.error) && unsent !== null ? () => create.mutate(unsent) : null,
    withdraw: team !== null && team.state === 'awaiting_approval' && team.requester === me?.email ? () => act.mutate({ id: team.id, action: 'withdraw' }) : null,
    acting: act.isPending,
    actError: act.error?.message ?? null,
  };
}
