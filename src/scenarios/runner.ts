import { orderServicePaths, SANDBOX_NAMESPACE_HEADER, sandboxPaths } from '../contract/paths.ts';
import type { CallRequest, Recorder, ScenarioFetch } from './http-recorder.ts';
import { createRecorder } from './http-recorder.ts';
import type { EnvironmentInfo, Exchange, ScenarioResult, StepResult } from './report-schema.ts';
import type { AskPerson, EnvironmentFacts, PersonPrompt, Scenario, ScenarioContext, StepContext } from './scenario.ts';
import { ScenarioFailure, ScenarioSkip } from './scenario.ts';

// Runs scenarios one after another against one environment and records everything they did.

export interface RunOptions {
  baseUrl: string;
  token: string;
  scenarios: readonly Scenario[];
  /** Who asks a person to act (the page's prompt, the command line with --interactive); absent: skip. */
  askPerson?: AskPerson;
  onEvent?: (event: RunEvent) => void;
  /** Stops the run after the scenario in progress; the rest are skipped. */
  signal?: AbortSignal;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  /** The fetch the calls go through; default the global one. */
  fetch?: ScenarioFetch;
}

export type RunEvent =
  | { type: 'environment'; environment: EnvironmentInfo }
  | { type: 'scenario-started'; id: string }
  /** The scenario's steps so far (the last may be in progress: `current` names it). */
  | { type: 'scenario-progress'; id: string; steps: StepResult[]; current: string | null }
  | { type: 'person-needed'; prompt: PersonPrompt }
  | { type: 'person-answered'; prompt: PersonPrompt }
  | { type: 'scenario-finished'; result: ScenarioResult };

export interface RunOutcome {
  environment: EnvironmentInfo;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  results: ScenarioResult[];
}

/** The environment cannot be run against at all: exit code 2 on the command line. */
export class RunSetupError extends Error {
  override name = 'RunSetupError';
  constructor(
    readonly kind: 'unreachable' | 'token_refused',
    message: string,
    readonly probes: Exchange[],
  ) {
    super(message);
  }
}

const STOPPED = 'the run was stopped before this scenario';

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return [...values].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `S<time><random>`: different for every run, even two started in the same millisecond. */
export function newRunTag(): string {
  return `S${Date.now().toString(36)}${randomHex(2)}`;
}

/** Finds out what the environment offers, and that it is there and takes the token. */
export async function probeEnvironment(recorder: Recorder, baseUrl: string, signal?: AbortSignal): Promise<EnvironmentInfo> {
  const probes: Exchange[] = [];
  const probe = async (request: CallRequest) => {
    const result = await recorder.call(request, signal);
    probes.push(result.exchange);
    if (result.status === null) {
      throw new RunSetupError('unreachable', `${baseUrl} did not answer (${result.exchange.error ?? 'no answer'})`, probes);
    }
    return result;
  };
  const sandboxList = await probe({ method: 'GET', path: `${sandboxPaths.orders()}?limit=1` });
  const sandbox = sandboxList.status === 200;
  // An order that cannot exist: a DRF 404 says the service is there and took the token.
  const read = await probe({ method: 'GET', path: orderServicePaths.orderRead(crypto.randomUUID()) });
  for (const status of [sandboxList.status, read.status]) {
    if (status === 401 || status === 403) {
      throw new RunSetupError('token_refused', `${baseUrl} refused the token (HTTP ${status}): check the token`, probes);
    }
  }
  const faults = sandbox && (await probe({ method: 'GET', path: sandboxPaths.faults() })).status === 200;
  return { base_url: baseUrl, sandbox, faults, namespace: null, probes };
}

function skippedResult(scenario: Scenario, message: string): ScenarioResult {
  return { ...describe(scenario), outcome: 'skipped', message, started_at: new Date().toISOString(), duration_ms: 0, steps: [] };
}

function describe(scenario: Scenario) {
  return {
    id: scenario.id,
    group: scenario.group,
    title: scenario.title,
    why: scenario.why,
    basis: scenario.basis.kind,
    decisions: scenario.basis.kind === 'assumption' ? [...scenario.basis.decisions] : [],
    planned_steps: [...scenario.steps],
    expectations: [...scenario.expectations],
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface ScenarioRun {
  scenario: Scenario;
  facts: EnvironmentFacts;
  recorder: Recorder;
  runTag: string;
  options: RunOptions;
  signal: AbortSignal;
}

async function runOne({ scenario, facts, recorder, runTag, options, signal }: ScenarioRun): Promise<ScenarioResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const steps: StepResult[] = [];
  const cleanups: { title: string; body: (step: StepContext) => Promise<void> }[] = [];
  let counter = 0;
  const emitProgress = (current: string | null) =>
    options.onEvent?.({ type: 'scenario-progress', id: scenario.id, steps: steps.map((s) => ({ ...s })), current });

  const runStep = async <T>(title: string, body: (step: StepContext) => T | Promise<T>, stepSignal = signal): Promise<T> => {
    const step: StepResult = { title, outcome: 'passed', started_at: new Date().toISOString(), duration_ms: 0, notes: [], checks: [], exchanges: [] };
    steps.push(step);
    const stepStarted = performance.now();
    emitProgress(title);
    const context: StepContext = {
      environment: facts,
      signal: stepSignal,
      async call(request) {
        const result = await recorder.call(request, stepSignal);
        step.exchanges.push(result.exchange);
        emitProgress(title);
        return result;
      },
      expect(expectation, passed, expected, actual) {
        step.checks.push({ expectation, passed, expected, actual });
        if (!passed) throw new ScenarioFailure(`${expectation}: expected ${expected}; got ${actual}`);
      },
      require(expectation, value, expected, actual) {
        if (value === null || value === undefined) {
          step.checks.push({ expectation, passed: false, expected, actual });
          throw new ScenarioFailure(`${expectation}: expected ${expected}; got ${actual}`);
        }
        step.checks.push({ expectation, passed: true, expected, actual });
        return value;
      },
      note(text) {
        step.notes.push(text);
      },
      async askPerson(instruction, link) {
        const prompt: PersonPrompt = { scenarioId: scenario.id, step: title, instruction, link };
        if (options.askPerson === undefined) throw new ScenarioSkip(`needs a person: ${instruction}`);
        options.onEvent?.({ type: 'person-needed', prompt });
        const answer = await options.askPerson(prompt, stepSignal);
        options.onEvent?.({ type: 'person-answered', prompt });
        if (answer === 'skip') throw new ScenarioSkip(`needs a person, who skipped it: ${instruction}`);
        step.notes.push(`Done by a person: ${instruction}`);
      },
    };
    try {
      return await body(context);
    } catch (error) {
      step.outcome = error instanceof ScenarioSkip ? 'skipped' : 'failed';
      throw error;
    } finally {
      step.duration_ms = Math.round(performance.now() - stepStarted);
      emitProgress(null);
    }
  };

  const context: ScenarioContext = {
    environment: facts,
    unique(label = '', max = 36) {
      counter += 1;
      const base = `${runTag}-${scenario.id.replace('-', '')}-${counter}`;
      return `${base}${label === '' ? '' : `-${label}`}`.slice(0, Math.max(max, base.length));
    },
    step: (title, body) => runStep(title, body),
    cleanup(title, body) {
      cleanups.push({ title, body });
    },
  };

  let outcome: ScenarioResult['outcome'] = 'passed';
  let message: string | null = null;
  try {
    if (signal.aborted) throw new ScenarioSkip(STOPPED);
    await scenario.run(context);
  } catch (error) {
    if (error instanceof ScenarioSkip) {
      outcome = 'skipped';
      message = error.message;
    } else {
      outcome = 'failed';
      message = error instanceof ScenarioFailure ? error.message : `the scenario stopped on an unexpected error: ${errorText(error)}`;
    }
  }
  if (signal.aborted && outcome === 'failed') {
    // Its calls were cancelled: what it showed says nothing about the service.
    outcome = 'skipped';
    message = 'the run was stopped during this scenario';
  }
  // Clean-up runs even when the run was stopped (an armed fault must not outlive the scenario).
  const cleanupSignal = new AbortController().signal;
  for (const cleanup of cleanups.reverse()) {
    try {
      await runStep(cleanup.title, cleanup.body, cleanupSignal);
    } catch (error) {
      // Cleaning up does not change what the scenario showed; the report keeps what went wrong.
      steps.at(-1)?.notes.push(`Clean-up did not finish: ${errorText(error)}`);
    }
  }
  return { ...describe(scenario), outcome, message, started_at: startedAt, duration_ms: Math.round(performance.now() - started), steps };
}

/** Probes the environment, then runs every scenario in order. Throws RunSetupError when it cannot start. */
export async function runScenarios(options: RunOptions): Promise<RunOutcome> {
  const signal = options.signal ?? new AbortController().signal;
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const sequence = { next: 1 };
  const recorder = createRecorder({
    baseUrl: options.baseUrl,
    token: options.token,
    sequence,
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.fetch !== undefined && { fetch: options.fetch }),
  });
  const probed = await probeEnvironment(recorder, options.baseUrl, signal);
  const runTag = newRunTag();
  // Against a sandbox the run keeps its ~35 orders, their refused refunds and its fault rules in a
  // namespace of its own: a person sharing the token keeps a readable list. A real service
  // gets no unknown header; there the orders are the token's, with this run's tag in their external ids.
  const namespace = probed.sandbox ? `scenarios-${runTag}` : null;
  const environment: EnvironmentInfo = { ...probed, namespace };
  options.onEvent?.({ type: 'environment', environment });
  const facts: EnvironmentFacts = { baseUrl: options.baseUrl, sandbox: environment.sandbox, faults: environment.faults };
  const runRecorder =
    namespace === null
      ? recorder
      : createRecorder({
          baseUrl: options.baseUrl,
          token: options.token,
          sequence,
          headers: { [SANDBOX_NAMESPACE_HEADER]: namespace },
          ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
          ...(options.fetch !== undefined && { fetch: options.fetch }),
        });

  const results: ScenarioResult[] = [];
  for (const scenario of options.scenarios) {
    let result: ScenarioResult;
    if (signal.aborted) {
      result = skippedResult(scenario, STOPPED);
    } else if (scenario.needs === 'faults' && !facts.faults) {
      result = skippedResult(
        scenario,
        facts.sandbox
          ? "needs the sandbox's fault injection API (D13), which this sandbox does not answer"
          : "needs the sandbox's fault injection API (D13): this environment is not a sandbox",
      );
    } else {
      options.onEvent?.({ type: 'scenario-started', id: scenario.id });
      result = await runOne({ scenario, facts, recorder: runRecorder, runTag, options, signal });
    }
    results.push(result);
    options.onEvent?.({ type: 'scenario-finished', result });
  }
  return { environment, startedAt, finishedAt: new Date().toISOString(), durationMs: Math.round(performance.now() - started), results };
}
