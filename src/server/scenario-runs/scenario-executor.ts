import type { ScenarioFetch } from '../../scenarios/http-recorder.ts';
import type { RunEvent } from '../../scenarios/runner.ts';
import { runScenarios, RunSetupError } from '../../scenarios/runner.ts';
import type { PersonAnswer, PersonPrompt, Scenario } from '../../scenarios/scenario.ts';
import type { LiveScenarioView, ServerScenarioRun } from '../../scenarios/server-run.ts';
import type { AuditSink } from '../audit-sink.ts';
import type { Background } from '../background.ts';
import type { TokenScrubber } from '../token-scrub.ts';
import type { RunProgress } from './scenario-run-store.ts';
import { finishScenarioRun, saveProgress, takeAnswer } from './scenario-run-store.ts';
import type { Database } from '../../db/store-db.ts';

// Runs one sign-off run in this process (D14 in team mode): the catalogue's own code, with the
// environment's token and the fetch that reaches it (the embedded sandbox in-process). What the run
// does is written to its row as it goes (every half second, and at once for a prompt or a finished
// scenario); the same write carries the heartbeat and brings back a Stop or a person's answer.
// Everything written has the token scrubbed from it: a service may echo what it was sent.

/** How often progress is written, the heartbeat beaten, and a Stop or an answer looked for. */
export const SCENARIO_FLUSH_MS = 500;

export interface ExecutorDeps {
  db: Database;
  audit: AuditSink;
  log: (line: string) => void;
  background: Background;
}

export interface RunTarget {
  baseUrl: string;
  token: string;
  fetch?: ScenarioFetch;
  scrubber: TokenScrubber;
}

const WAITING: LiveScenarioView = { status: 'waiting', steps: [], current: null, result: null };

/** A value with every copy of the token removed (the scrubber's replacement holds no JSON syntax). */
function scrubbed<T>(scrubber: TokenScrubber, value: T): T {
  return JSON.parse(scrubber.scrub(JSON.stringify(value))) as T;
}

export function executeScenarioRun(deps: ExecutorDeps, run: ServerScenarioRun, scenarios: readonly Scenario[], target: RunTarget): Promise<void> {
  const { db } = deps;
  const progress: RunProgress = { info: null, live: Object.fromEntries(scenarios.map((s) => [s.id, WAITING])), prompt: null };
  const stop = new AbortController();
  const onClose = () => stop.abort();
  deps.background.signal.addEventListener('abort', onClose, { once: true });
  let waiting: ((answer: PersonAnswer) => void) | null = null;
  let writing: Promise<void> = Promise.resolve();

  const record = (action: string, body: object, outcome: string) =>
    deps.audit.record({ user: run.requester, role: null, environment: run.environment, action, order_id: null, body: { scenario_run_id: run.id, ...body }, outcome, address: null, user_agent: null });

  // One write at a time, in order: a later state never lands before an earlier one.
  const flush = () => {
    writing = writing.then(async () => {
      const seen = await saveProgress(db, run.id, scrubbed(target.scrubber, progress));
      if (seen === null || seen.stop) stop.abort();
      if (seen?.answer !== null && seen?.answer !== undefined && waiting !== null) {
        const answer = await takeAnswer(db, run.id);
        if (answer !== null) waiting?.(answer);
      }
    }).catch((error: unknown) => deps.log(`scenario run ${run.id}: progress not written: ${error instanceof Error ? error.message : String(error)}`));
    return writing;
  };
  const beat = setInterval(() => void flush(), SCENARIO_FLUSH_MS);

  const update = (id: string, change: Partial<LiveScenarioView>) => {
    progress.live[id] = { ...(progress.live[id] ?? WAITING), ...change };
  };
  const onEvent = (event: RunEvent) => {
    switch (event.type) {
      case 'environment':
        progress.info = event.environment;
        break;
      case 'scenario-started':
        update(event.id, { status: 'running' });
        break;
      case 'scenario-progress':
        update(event.id, { steps: event.steps, current: event.current });
        break;
      case 'person-needed':
        progress.prompt = event.prompt;
        void flush();
        break;
      case 'person-answered':
        progress.prompt = null;
        break;
      case 'scenario-finished':
        update(event.result.id, { status: event.result.outcome, steps: event.result.steps, current: null, result: event.result });
        void flush();
        break;
    }
  };
  const askPerson = (_prompt: PersonPrompt, signal: AbortSignal) =>
    new Promise<PersonAnswer>((resolve) => {
      const finish = (answer: PersonAnswer) => {
        waiting = null;
        resolve(answer);
      };
      waiting = finish;
      signal.addEventListener('abort', () => finish('skip'), { once: true });
    });

  const work = (async () => {
    await record('scenario_run_start', { scenarios: scenarios.map((s) => s.id), base_url: target.baseUrl }, 'started');
    let end: Parameters<typeof finishScenarioRun>[2];
    try {
      const outcome = await runScenarios({
        baseUrl: target.baseUrl,
        token: target.token,
        scenarios,
        signal: stop.signal,
        askPerson,
        onEvent,
        ...(target.fetch !== undefined && { fetch: target.fetch }),
      });
      const stopped = stop.signal.aborted;
      end = {
        state: stopped ? 'stopped' : 'finished',
        message: stopped ? (deps.background.signal.aborted ? 'The console server was shut down during the run; the scenarios it did not reach were skipped.' : 'Stopped: the scenarios it did not reach were skipped.') : null,
        outcome: scrubbed(target.scrubber, outcome),
        progress: scrubbed(target.scrubber, progress),
      };
    } catch (error) {
      const message = error instanceof RunSetupError ? error.message : `The run stopped on an unexpected error: ${error instanceof Error ? error.message : String(error)}`;
      end = { state: 'failed', message: target.scrubber.scrub(message), outcome: null, progress: scrubbed(target.scrubber, progress) };
    } finally {
      clearInterval(beat);
      deps.background.signal.removeEventListener('abort', onClose);
      await writing;
    }
    await finishScenarioRun(db, run.id, end);
    const results = end.outcome?.results ?? [];
    const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
    await record('scenario_run_finish', { total: scenarios.length, passed: count('passed'), failed: count('failed'), skipped: count('skipped'), namespace: progress.info?.namespace ?? null, message: end.message }, end.state);
  })().catch((error: unknown) => deps.log(`scenario run ${run.id}: ${error instanceof Error ? error.message : String(error)}`));
  deps.background.track(work);
  return work;
}
