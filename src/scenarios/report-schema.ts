import { z } from 'zod';

// The shape of report.json (src/scenarios/REPORT.md describes it for readers). The runner's results
// are these types, so the page, the command line and the report files share one shape, and a report
// written by one version can be read back and checked with `reportSchema`.

export const REPORT_FORMAT = 'order-console-scenarios/1';

export const SCENARIO_GROUPS = ['AUTH', 'CREATE', 'CHECKOUT', 'REFUND', 'RESILIENCE'] as const;
export const scenarioGroupSchema = z.enum(SCENARIO_GROUPS);

export const GROUP_TITLES: Record<(typeof SCENARIO_GROUPS)[number], string> = {
  AUTH: 'Authentication',
  CREATE: 'Order creation',
  CHECKOUT: 'Customer checkout',
  REFUND: 'Refunds',
  RESILIENCE: 'Resilience (sandbox faults)',
};

export const OUTCOMES = ['passed', 'failed', 'skipped'] as const;
export const outcomeSchema = z.enum(OUTCOMES);

/** One HTTP call as it went: the token is never in it (Authorization is recorded as `Token ****`). */
export const exchangeSchema = z.object({
  /** Order of the call within the run, from 1. */
  seq: z.int().positive(),
  method: z.string(),
  url: z.string(),
  request: z.object({
    headers: z.record(z.string(), z.string()),
    /** The body as sent; null when none. */
    body: z.string().nullable(),
  }),
  /** null when no answer came (connection closed, timeout, unreachable). */
  response: z
    .object({
      status: z.int(),
      headers: z.record(z.string(), z.string()),
      body: z.string(),
      /** True when `body` was cut at the report's limit (64 KiB). */
      truncated: z.boolean(),
    })
    .nullable(),
  /** Why there is no response, in words; null when one came. */
  error: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }),
  duration_ms: z.number().nonnegative(),
});

/** One expectation checked at run time. */
export const checkSchema = z.object({
  expectation: z.string(),
  passed: z.boolean(),
  /** What the expectation wanted and what came, in words: the failure message is made of both. */
  expected: z.string(),
  actual: z.string(),
});

export const stepResultSchema = z.object({
  title: z.string(),
  outcome: outcomeSchema,
  started_at: z.iso.datetime({ offset: true }),
  duration_ms: z.number().nonnegative(),
  /** Facts worth keeping that are not pass/fail: "refused with 409", "done by a person". */
  notes: z.array(z.string()),
  checks: z.array(checkSchema),
  exchanges: z.array(exchangeSchema),
});

export const scenarioResultSchema = z.object({
  id: z.string(),
  group: scenarioGroupSchema,
  title: z.string(),
  why: z.string(),
  /**
   * `document`: what it checks is stated in the interface document; `assumption`: one of our decisions
   * where the document is silent (`decisions` names them). Absent in older reports.
   */
  basis: z.enum(['document', 'assumption']).optional(),
  decisions: z.array(z.string()).optional(),
  /** The scenario's steps and expectations as the catalogue words them. */
  planned_steps: z.array(z.string()),
  expectations: z.array(z.string()),
  outcome: outcomeSchema,
  /** Failed: what was expected and what came. Skipped: why. Passed: null. */
  message: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }),
  duration_ms: z.number().nonnegative(),
  steps: z.array(stepResultSchema),
});

export const environmentInfoSchema = z.object({
  /** The base URL the run called; never the token. */
  base_url: z.string(),
  /** The sandbox control API answered (D7): customer and provider steps ran without a person. */
  sandbox: z.boolean(),
  /** The sandbox fault injection API answered (D13). */
  faults: z.boolean(),
  /**
   * Against a sandbox: the namespace (X-Sandbox-Namespace) the run's orders, history and fault rules were
   * kept in, apart from the token's own list; null where the run wrote under the token itself (a real
   * service). Absent in older reports.
   */
  namespace: z.string().nullable().optional(),
  /** The calls that found out the above. */
  probes: z.array(exchangeSchema),
});

export const summarySchema = z.object({
  total: z.int().nonnegative(),
  passed: z.int().nonnegative(),
  failed: z.int().nonnegative(),
  skipped: z.int().nonnegative(),
});

export const reportSchema = z.object({
  format: z.literal(REPORT_FORMAT),
  environment: environmentInfoSchema,
  run: z.object({
    started_at: z.iso.datetime({ offset: true }),
    finished_at: z.iso.datetime({ offset: true }),
    duration_ms: z.number().nonnegative(),
    /** `cli` (npm run scenarios) or `console` (the Scenarios page). */
    client: z.enum(['cli', 'console']),
    /** package.json version of Order Console that ran the scenarios. */
    console_version: z.string(),
    /** Git commit of that Order Console, or "unknown". */
    commit: z.string(),
  }),
  summary: summarySchema,
  scenarios: z.array(scenarioResultSchema),
});

export type ScenarioGroup = z.infer<typeof scenarioGroupSchema>;
export type Outcome = z.infer<typeof outcomeSchema>;
export type Exchange = z.infer<typeof exchangeSchema>;
export type Check = z.infer<typeof checkSchema>;
export type StepResult = z.infer<typeof stepResultSchema>;
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;
export type EnvironmentInfo = z.infer<typeof environmentInfoSchema>;
export type Summary = z.infer<typeof summarySchema>;
export type Report = z.infer<typeof reportSchema>;
