import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { consoleApiPaths } from '../../../contract/console-api.ts';
import { CATALOGUE } from '../../../scenarios/catalogue.ts';
import type { RunOutcome } from '../../../scenarios/runner.ts';
import type { PersonAnswer, Scenario } from '../../../scenarios/scenario.ts';
import type { ServerScenarioRun } from '../../../scenarios/server-run.ts';
import { serverScenarioRunListSchema, serverScenarioRunSchema } from '../../../scenarios/server-run.ts';
import { consoleRequest } from '../../lib/api-client.ts';
import { isRefetch } from '../../lib/session-activity.ts';
import type { RunPhase, ScenarioRunState } from './use-scenario-run.ts';
import { mergeOutcomes } from './use-scenario-run.ts';

// Team mode (D14 with D16): the console server runs the scenarios with the environment's token, which
// this page never holds. The page starts the run, reads it every second while it goes, and shows it
// as it shows a run of its own; coming back to the page picks up the environment's run in progress.

const runKey = (environmentId: string, id: string) => ['scenario-runs', environmentId, id] as const;

const byId = new Map(CATALOGUE.map((s) => [s.id, s]));
const scenariosOf = (ids: readonly string[]): Scenario[] => ids.flatMap((id) => byId.get(id) ?? []);

function phaseOf(run: ServerScenarioRun, earlier: RunOutcome | null): RunPhase {
  if (run.state === 'running') return { kind: 'running' };
  if (run.outcome !== null) return { kind: 'finished', outcome: earlier === null ? run.outcome : mergeOutcomes(earlier, run.outcome) };
  return { kind: 'setup-failed', message: run.message ?? `The run ended (${run.state}) before it had results.` };
}

/** The same shape as useScenarioRun's, for a run the console server makes; `run`'s target is not needed. */
export function useServerScenarioRun(environmentId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const [rerunOf, setRerunOf] = useState<{ outcome: RunOutcome; scenarios: readonly Scenario[]; live: ScenarioRunState['live'] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);

  // The environment's run in progress, started here before or in another tab.
  const list = useQuery({
    queryKey: ['scenario-runs', environmentId, 'list'],
    queryFn: async (context) => (await consoleRequest(serverScenarioRunListSchema, { method: 'GET', path: consoleApiPaths.scenarioRuns(environmentId), signal: context.signal, background: isRefetch(context) })).data.results,
    enabled: enabled && runId === null,
    staleTime: Infinity,
  });
  const openId = runId ?? list.data?.find((r) => r.state === 'running')?.id ?? null;
  const one = useQuery({
    queryKey: runKey(environmentId, openId ?? ''),
    queryFn: async (context) => (await consoleRequest(serverScenarioRunSchema, { method: 'GET', path: consoleApiPaths.scenarioRun(environmentId, openId ?? ''), signal: context.signal, background: true })).data,
    enabled: enabled && openId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1_000 : false),
  });
  const current = openId === null ? undefined : one.data;

  const run = useCallback(
    async (scenarios: readonly Scenario[], _target: unknown, earlier: { outcome: RunOutcome; scenarios: readonly Scenario[] } | null = null) => {
      setFailure(null);
      setStopping(false);
      setRerunOf(earlier === null ? null : { ...earlier, live: current?.live ?? {} });
      try {
        const started = (await consoleRequest(serverScenarioRunSchema, { method: 'POST', path: consoleApiPaths.scenarioRuns(environmentId), body: { scenario_ids: scenarios.map((s) => s.id) } })).data;
        queryClient.setQueryData(runKey(environmentId, started.id), started);
        setRunId(started.id);
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    },
    [environmentId, queryClient, current?.live],
  );

  const stop = useCallback(() => {
    if (openId === null) return;
    setStopping(true);
    consoleRequest(z.unknown(), { method: 'POST', path: consoleApiPaths.scenarioRunAction(environmentId, openId, 'stop'), body: {} }).catch((error: unknown) => {
      setStopping(false);
      setFailure(error instanceof Error ? error.message : String(error));
    });
  }, [environmentId, openId]);

  const answer = useCallback(
    (value: PersonAnswer) => {
      if (openId === null) return;
      void consoleRequest(serverScenarioRunSchema, { method: 'POST', path: consoleApiPaths.scenarioRunAction(environmentId, openId, 'answer'), body: { answer: value } })
        .then((answered) => queryClient.setQueryData(runKey(environmentId, answered.data.id), answered.data))
        .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
    },
    [environmentId, openId, queryClient],
  );

  const state: ScenarioRunState =
    failure !== null
      ? { phase: { kind: 'setup-failed', message: failure }, scenarios: [], live: {}, environment: null, prompt: null, stopping: false }
      : current === undefined
        ? { phase: { kind: 'idle' }, scenarios: [], live: {}, environment: null, prompt: null, stopping: false }
        : {
            phase: phaseOf(current, rerunOf?.outcome ?? null),
            scenarios: rerunOf?.scenarios ?? scenariosOf(current.scenario_ids),
            live: { ...rerunOf?.live, ...current.live },
            environment: current.info,
            prompt: current.prompt,
            stopping: stopping && current.state === 'running',
          };
  return { state, run, stop, answer };
}
