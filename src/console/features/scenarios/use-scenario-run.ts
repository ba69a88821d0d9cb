import { useCallback, useRef, useState } from 'react';
import type { RunOutcome } from '../../../scenarios/runner.ts';
import { runScenarios, RunSetupError } from '../../../scenarios/runner.ts';
import type { EnvironmentInfo, ScenarioResult, StepResult } from '../../../scenarios/report-schema.ts';
import type { PersonAnswer, PersonPrompt, Scenario } from '../../../scenarios/scenario.ts';

// One run of scenarios from the page: the runner's events turned into what the page shows, and the
// person prompt the runner waits on.

export type LiveStatus = 'waiting' | 'running' | ScenarioResult['outcome'];

export interface LiveScenario {
  status: LiveStatus;
  steps: StepResult[];
  /** The step in progress. */
  current: string | null;
  result: ScenarioResult | null;
}

export type RunPhase =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'finished'; outcome: RunOutcome }
  | { kind: 'setup-failed'; message: string };

export interface ScenarioRunState {
  phase: RunPhase;
  /** The scenarios of the current (or last) run, in order. */
  scenarios: readonly Scenario[];
  live: Readonly<Record<string, LiveScenario>>;
  environment: EnvironmentInfo | null;
  prompt: PersonPrompt | null;
  stopping: boolean;
}

export interface RunTarget {
  baseUrl: string;
  token: string;
}

const WAITING: LiveScenario = { status: 'waiting', steps: [], current: null, result: null };

/** A re-run's results in place of the earlier ones: the report stays one whole sign-off. */
export function mergeOutcomes(earlier: RunOutcome, rerun: RunOutcome): RunOutcome {
  const fresh = new Map(rerun.results.map((r) => [r.id, r]));
  return {
    environment: rerun.environment,
    startedAt: earlier.startedAt,
    finishedAt: rerun.finishedAt,
    durationMs: earlier.durationMs + rerun.durationMs,
    results: [...earlier.results.map((r) => fresh.get(r.id) ?? r), ...rerun.results.filter((r) => !earlier.results.some((e) => e.id === r.id))],
  };
}

export function useScenarioRun() {
  const [state, setState] = useState<ScenarioRunState>({ phase: { kind: 'idle' }, scenarios: [], live: {}, environment: null, prompt: null, stopping: false });
  const controller = useRef<AbortController | null>(null);
  const answerPerson = useRef<((answer: PersonAnswer) => void) | null>(null);

  const update = useCallback((id: string, change: Partial<LiveScenario>) => {
    setState((s) => ({ ...s, live: { ...s.live, [id]: { ...(s.live[id] ?? WAITING), ...change } } }));
  }, []);

  const run = useCallback(
    /** `rerunOf`: the finished run these scenarios are re-run from; their results replace its. */
    async (scenarios: readonly Scenario[], target: RunTarget, rerunOf: { outcome: RunOutcome; scenarios: readonly Scenario[] } | null = null) => {
      const abort = new AbortController();
      controller.current = abort;
      setState((s) => ({
        phase: { kind: 'running' },
        scenarios: rerunOf?.scenarios ?? scenarios,
        live: { ...(rerunOf === null ? {} : s.live), ...Object.fromEntries(scenarios.map((scenario) => [scenario.id, WAITING])) },
        environment: null,
        prompt: null,
        stopping: false,
      }));
      try {
        const outcome = await runScenarios({
          baseUrl: target.baseUrl,
          token: target.token,
          scenarios,
          signal: abort.signal,
          askPerson: (_prompt, signal) =>
            new Promise<PersonAnswer>((resolve) => {
              const finish = (answer: PersonAnswer) => {
                answerPerson.current = null;
                setState((s) => ({ ...s, prompt: null }));
                resolve(answer);
              };
              answerPerson.current = finish;
              signal.addEventListener('abort', () => finish('skip'), { once: true });
            }),
          onEvent(event) {
            switch (event.type) {
              case 'environment':
                setState((s) => ({ ...s, environment: event.environment }));
                break;
              case 'scenario-started':
                update(event.id, { status: 'running' });
                break;
              case 'scenario-progress':
                update(event.id, { steps: event.steps, current: event.current });
                break;
              case 'person-needed':
                setState((s) => ({ ...s, prompt: event.prompt }));
                break;
              case 'person-answered':
                break;
              case 'scenario-finished':
                update(event.result.id, { status: event.result.outcome, steps: event.result.steps, current: null, result: event.result });
                break;
            }
          },
        });
        const whole = rerunOf === null ? outcome : mergeOutcomes(rerunOf.outcome, outcome);
        setState((s) => ({ ...s, phase: { kind: 'finished', outcome: whole }, prompt: null, stopping: false }));
      } catch (error) {
        const message = error instanceof RunSetupError ? error.message : `The run stopped: ${error instanceof Error ? error.message : String(error)}`;
        setState((s) => ({ ...s, phase: { kind: 'setup-failed', message }, prompt: null, stopping: false }));
      } finally {
        controller.current = null;
      }
    },
    [update],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    setState((s) => ({ ...s, stopping: true }));
  }, []);

  const answer = useCallback((value: PersonAnswer) => answerPerson.current?.(value), []);

  return { state, run, stop, answer };
}
