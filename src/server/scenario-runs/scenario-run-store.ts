import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/store-db.ts';
import type { ServerScenarioRun } from '../../scenarios/server-run.ts';
import { environmentInfoSchema } from '../../scenarios/report-schema.ts';
import { liveScenarioSchema, personPromptSchema, runOutcomeSchema, scenarioRunStateSchema } from '../../scenarios/server-run.ts';

// console_scenario_runs (scenario-run-schema.ts). Rows are parsed on the way out: the database is a
// boundary too. Every change is one statement whose WHERE says what must still hold.

/** A heartbeat older than this: the process running the run is gone (killed or restarted). */
export const HEARTBEAT_LOST_MS = 60_000;

const COLUMNS = 'id, environment, requester, state, message, scenario_ids, info, live, prompt, outcome, created_at, updated_at';

const time = z.union([z.date(), z.string()]).transform((value) => (typeof value === 'string' ? new Date(value) : value).toISOString());
const json = <T extends z.ZodType>(schema: T) => z.preprocess((value): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value), schema);

const rowSchema = z.object({
  id: z.string(),
  environment: z.string(),
  requester: z.string(),
  state: scenarioRunStateSchema,
  message: z.string().nullable(),
  scenario_ids: json(z.array(z.string())),
  info: json(environmentInfoSchema.nullable()),
  live: json(z.record(z.string(), liveScenarioSchema)),
  prompt: json(personPromptSchema.nullable()),
  outcome: json(runOutcomeSchema.nullable()),
  created_at: time,
  updated_at: time,
});

const toRun = (row: unknown): ServerScenarioRun => rowSchema.parse(row);
const text = (value: unknown) => JSON.stringify(value);

/** The new run, or null when the environment already has one running (one at a time per environment). */
export async function insertScenarioRun(db: Queryable, input: { environment: string; requester: string; scenarioIds: readonly string[] }): Promise<ServerScenarioRun | null> {
  const live = Object.fromEntries(input.scenarioIds.map((id) => [id, { status: 'waiting', steps: [], current: null, result: null }]));
  const { rows } = await db.query(
    `INSERT INTO console_scenario_runs (id, environment, requester, state, scenario_ids, live)
     VALUES ($1, $2, $3, 'running', $4::jsonb, $5::jsonb)
     ON CONFLICT (environment) WHERE state = 'running' DO NOTHING RETURNING ${COLUMNS}`,
    [randomUUID(), input.environment, input.requester, text(input.scenarioIds), text(live)],
  );
  return rows[0] === undefined ? null : toRun(rows[0]);
}

/** A run whose process stopped beating is marked interrupted first, so every read tells the truth. */
async function markInterrupted(db: Queryable, where: string, params: unknown[]): Promise<void> {
  await db.query(
    `UPDATE console_scenario_runs SET state = 'interrupted', prompt = NULL, updated_at = now(),
       message = 'The console process running it stopped (killed or restarted) before it finished; the results so far are kept. Run the rest again.'
     WHERE state = 'running' AND heartbeat_at < now() - $1::bigint * interval '1 millisecond' AND ${where}`,
    [HEARTBEAT_LOST_MS, ...params],
  );
}

export async function findScenarioRun(db: Queryable, id: string): Promise<ServerScenarioRun | null> {
  if (!z.uuid().safeParse(id).success) return null;
  await markInterrupted(db, 'id = $2', [id]);
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_scenario_runs WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toRun(rows[0]);
}

/** The environment's newest runs. */
export async function listScenarioRuns(db: Queryable, environment: string, limit = 10): Promise<ServerScenarioRun[]> {
  await markInterrupted(db, 'environment = $2', [environment]);
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_scenario_runs WHERE environment = $1 ORDER BY created_at DESC LIMIT $2::int`, [environment, limit]);
  return rows.map(toRun);
}

export interface RunProgress {
  info: ServerScenarioRun['info'];
  live: ServerScenarioRun['live'];
  prompt: ServerScenarioRun['prompt'];
}

/** What the running process saw so far, with a heartbeat; whether a stop was asked for (null: the run is no longer running). */
export async function saveProgress(db: Queryable, id: string, progress: RunProgress): Promise<{ stop: boolean; answer: 'done' | 'skip' | null } | null> {
  const { rows } = await db.query<{ stop_requested: boolean; answer: unknown }>(
    `UPDATE console_scenario_runs SET info = $2::jsonb, live = $3::jsonb, prompt = $4::jsonb, heartbeat_at = now(), updated_at = now()
     WHERE id = $1 AND state = 'running' RETURNING stop_requested, answer`,
    [id, text(progress.info), text(progress.live), text(progress.prompt)],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const answer = row.answer === 'done' || row.answer === 'skip' ? row.answer : null;
  return { stop: row.stop_requested, answer };
}

/** Takes the person's answer (once) so the next prompt starts without one. */
export async function takeAnswer(db: Queryable, id: string): Promise<'done' | 'skip' | null> {
  const { rows } = await db.query<{ answer: unknown }>(
    `UPDATE console_scenario_runs r SET answer = NULL FROM (SELECT id, answer FROM console_scenario_runs WHERE id = $1 FOR UPDATE) old
     WHERE r.id = old.id AND old.answer IS NOT NULL RETURNING old.answer AS answer`,
    [id],
  );
  const answer = rows[0]?.answer;
  return answer === 'done' || answer === 'skip' ? answer : null;
}

export async function finishScenarioRun(db: Queryable, id: string, end: { state: 'finished' | 'stopped' | 'failed'; message: string | null; outcome: ServerScenarioRun['outcome']; progress: RunProgress }): Promise<void> {
  await db.query(
    `UPDATE console_scenario_runs SET state = $2, message = $3, outcome = $4::jsonb, info = $5::jsonb, live = $6::jsonb, prompt = NULL, answer = NULL, updated_at = now()
     WHERE id = $1 AND state = 'running'`,
    [id, end.state, end.message, text(end.outcome), text(end.progress.info), text(end.progress.live)],
  );
}

export async function requestStop(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(`UPDATE console_scenario_runs SET stop_requested = true, updated_at = now() WHERE id = $1 AND state = 'running' RETURNING id`, [id]);
  return rows.length > 0;
}

/** The answer to the prompt on screen; false when nothing waits for one. */
export async function giveAnswer(db: Queryable, id: string, answer: 'done' | 'skip'): Promise<boolean> {
  const { rows } = await db.query(`UPDATE console_scenario_runs SET answer = $2, updated_at = now() WHERE id = $1 AND state = 'running' AND prompt IS NOT NULL RETURNING id`, [id, answer]);
  return rows.length > 0;
}
