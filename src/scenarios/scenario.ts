import type { CallRequest, CallResult } from './http-recorder.ts';
import type { ScenarioGroup } from './report-schema.ts';

// What a scenario is (docs/decisions.md D14) and what it may use while it runs.

export interface EnvironmentFacts {
  baseUrl: string;
  /** The sandbox control API answers (D7): customer and provider steps are automatic. */
  sandbox: boolean;
  /** The sandbox fault injection API answers (D13). */
  faults: boolean;
}

export interface PersonPrompt {
  scenarioId: string;
  step: string;
  /** What the person is asked to do, in words. */
  instruction: string;
  /** The page to open: an http(s) URL or null (checked before it is shown as a link). */
  link: string | null;
}

export type PersonAnswer = 'done' | 'skip';
export type AskPerson = (prompt: PersonPrompt, signal: AbortSignal) => Promise<PersonAnswer>;

export interface StepContext {
  readonly environment: EnvironmentFacts;
  readonly signal: AbortSignal;
  /** One recorded HTTP call; never throws for an answer or a lost connection. */
  call(request: CallRequest): Promise<CallResult>;
  /**
   * One expectation. When it does not hold the scenario fails here with
   * "<expectation>: expected <expected>; got <actual>".
   */
  expect(expectation: string, passed: boolean, expected: string, actual: string): void;
  /** `expect` for a value that must be there (not null or undefined): returns it. */
  require<T>(expectation: string, value: T | null | undefined, expected: string, actual: string): T;
  /** A fact for the report that is not pass/fail ("refused with 409"). */
  note(text: string): void;
  /**
   * Hands the step to a person (customer or provider). Returns when they say it is done; ends the
   * scenario as skipped, with `instruction` as the reason, where nobody can (the command line).
   */
  askPerson(instruction: string, link: string | null): Promise<void>;
}

export interface ScenarioContext {
  readonly environment: EnvironmentFacts;
  /** A fresh id for this run and scenario (at most `max` characters, default 36): runs never collide. */
  unique(label?: string, max?: number): string;
  step<T>(title: string, body: (step: StepContext) => T | Promise<T>): Promise<T>;
  /** Runs after the scenario whatever happened (disarm a fault); a failure there is a note. */
  cleanup(title: string, body: (step: StepContext) => Promise<void>): void;
}

/**
 * What a scenario holds the service to: the interface document itself, or one of our
 * decisions where the document is silent (D3-D7, D13). A real service may differ from a decision and
 * still keep the document; `--documented-only` leaves the assumptions out.
 */
export type ScenarioBasis = { kind: 'document' } | { kind: 'assumption'; decisions: readonly string[] };

export const DOCUMENT: ScenarioBasis = { kind: 'document' };
export const assumption = (...decisions: string[]): ScenarioBasis => ({ kind: 'assumption', decisions });

/** "checks the document" / "checks our assumption (D6)": the words the report, the page and the command line use. */
export function basisLabel(basis: { basis?: 'document' | 'assumption' | undefined; decisions?: readonly string[] | undefined }): string {
  if (basis.basis === undefined) return '';
  if (basis.basis === 'document') return 'checks the document';
  const decisions = basis.decisions ?? [];
  return `checks our assumption${decisions.length === 0 ? '' : ` (${decisions.join(', ')})`}`;
}

/** The label of a catalogue entry, before it has run. */
export const scenarioBasisLabel = (scenario: Pick<Scenario, 'basis'>) =>
  basisLabel({ basis: scenario.basis.kind, decisions: scenario.basis.kind === 'assumption' ? scenario.basis.decisions : [] });

export interface Scenario {
  /** `REF-03`: group prefix and number, stable across versions. */
  id: string;
  group: ScenarioGroup;
  title: string;
  /** Why it matters, for the person signing off. */
  why: string;
  steps: readonly string[];
  expectations: readonly string[];
  basis: ScenarioBasis;
  /** `faults`: needs the sandbox's fault injection API (D13), skipped elsewhere with that reason. */
  needs?: 'faults';
  run(context: ScenarioContext): Promise<void>;
}

/** Thrown by `expect`: the scenario failed with this message. */
export class ScenarioFailure extends Error {
  override name = 'ScenarioFailure';
}

/** Thrown when the scenario cannot go on here (nobody to act, run stopped): it is skipped. */
export class ScenarioSkip extends Error {
  override name = 'ScenarioSkip';
}
