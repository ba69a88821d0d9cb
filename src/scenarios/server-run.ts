import { z } from 'zod';
import { CATALOGUE } from './catalogue.ts';
import { environmentInfoSchema, scenarioResultSchema, stepResultSchema } from './report-schema.ts';

// Team mode (D14 with D16): the console server runs the sign-off catalogue itself, with the
// environment's token, which no browser holds. The page starts a run, reads it as it goes (the same
// per-scenario view the page shows for a run of its own), answers "needs a person" prompts, stops it,
// and builds report.html / report.json from the outcome as it does for its own runs. The routes are
// contract/console-api.ts's scenarioRuns paths; this file holds their bodies, shared by the server and
// the page.

export const SCENARIO_RUN_STATES = ['running', 'finished', 'stopped', 'failed', 'interrupted'] as const;
export const scenarioRunStateSchema = z.enum(SCENARIO_RUN_STATES);
export type ScenarioRunState = z.infer<typeof scenarioRunStateSchema>;

const catalogueIds: ReadonlySet<string> = new Set(CATALOGUE.map((s) => s.id));

/** POST …/scenario-runs: which scenarios, by their catalogue ids. */
export const startScenarioRunSchema = z.object({
  scenario_ids: z
    .array(z.string().max(20))
    .min(1, 'Choose at least one scenario.')
    .max(CATALOGUE.length)
    .refine((ids) => ids.every((id) => catalogueIds.has(id)), 'Every id must be one of the catalogue (AUTH-01 … RES-05).')
    .refine((ids) => new Set(ids).size === ids.length, 'Each scenario once.'),
});
export type StartScenarioRun = z.infer<typeof startScenarioRunSchema>;

/** POST …/scenario-runs/{id}/answer: the person did what the prompt asked, or skips the step. */
export const scenarioRunAnswerSchema = z.object({ answer: z.enum(['done', 'skip']) });

export const personPromptSchema = z.object({
  scenarioId: z.string(),
  step: z.string(),
  instruction: z.string(),
  link: z.string().nullable(),
});

export const liveScenarioSchema = z.object({
  status: z.enum(['waiting', 'running', 'passed', 'failed', 'skipped']),
  steps: z.array(stepResultSchema),
  current: z.string().nullable(),
  result: scenarioResultSchema.nullable(),
});
export type LiveScenarioView = z.infer<typeof liveScenarioSchema>;

/** The runner's RunOutcome (runner.ts), as the server keeps it. */
export const runOutcomeSchema = z.object({
  environment: environmentInfoSchema,
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().nonnegative(),
  results: z.array(scenarioResultSchema),
});

/** What a run's read answers; everything in it has had the environment's token scrubbed from it. */
export const serverScenarioRunSchema = z.object({
  id: z.string(),
  environment: z.string(),
  requester: z.string(),
  state: scenarioRunStateSchema,
  /** Why it failed to start, or stopped; null while it runs and when it finished. */
  message: z.string().nullable(),
  scenario_ids: z.array(z.string()),
  /** What the environment turned out to be (sandbox, faults, the run's namespace); null until probed. */
  info: environmentInfoSchema.nullable(),
  live: z.record(z.string(), liveScenarioSchema),
  prompt: personPromptSchema.nullable(),
  outcome: runOutcomeSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ServerScenarioRun = z.infer<typeof serverScenarioRunSchema>;

export const serverScenarioRunListSchema = z.object({ results: z.array(serverScenarioRunSchema) });
