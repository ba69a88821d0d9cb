import type { Context, Hono } from 'hono';
import { issuesToDrf } from '../../contract/drf-errors.ts';
import type { Permission } from '../../contract/permissions.ts';
import { roleIn } from '../../contract/permissions.ts';
import { ApiError, detailError } from '../../http/errors.ts';
import type { FetchApp } from '../../http/listen.ts';
import { CATALOGUE } from '../../scenarios/catalogue.ts';
import type { ServerScenarioRun } from '../../scenarios/server-run.ts';
import { scenarioRunAnswerSchema, startScenarioRunSchema } from '../../scenarios/server-run.ts';
import { createBackground } from '../background.ts';
import { jsonBody } from '../json-body.ts';
import { assertPermission } from '../permissions-check.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, expectedOrigin, userAgent } from '../team-session.ts';
import { tokenScrubber } from '../token-scrub.ts';
import type { RunTarget } from './scenario-executor.ts';
import { executeScenarioRun } from './scenario-executor.ts';
import { findScenarioRun, giveAnswer, insertScenarioRun, listScenarioRuns, requestStop } from './scenario-run-store.ts';

// D14 in team mode (contract/console-api.ts scenarioRuns): the sign-off catalogue run by the console server with the environment's token
// (no browser holds one), by an agent or above (run:scenarios), every run audited from start to end.
// Production is refused: the scenarios create orders and refund them without D17's approval, which
// a production environment's refunds must have; sign an environment off before it goes live.

const NO_STORE = { 'Cache-Control': 'no-store' };
const MAX_BODY = 16 * 1024;

export function registerScenarioRuns(app: Hono<TeamEnv>, ctx: TeamContext, sandbox: { app: FetchApp; token: string } | undefined): void {
  const { db } = ctx;
  const background = ctx.background ?? createBackground().background;
  const scope = { audit: ctx.audit, environments: ctx.config.environments };
  const allowed = (c: Context<TeamEnv>, permission: Permission): Promise<TeamEnvironment> => assertPermission(c, scope, c.req.param('envId') ?? null, permission);
  const record = (c: Context<TeamEnv>, environment: string, action: string, body: unknown, outcome: string) => {
    const user = c.get('user');
    return ctx.audit.record({ user: user.email, role: roleIn(user.grants, environment), environment, action, order_id: null, body, outcome, address: clientAddress(c), user_agent: userAgent(c) });
  };

  /** Where the run's calls go, with which token: the embedded sandbox in this process, or the environment's service. */
  const targetOf = (c: Context<TeamEnv>, environment: TeamEnvironment): RunTarget => {
    if (environment.target.kind === 'http') {
      return { baseUrl: environment.target.baseUrl, token: environment.target.token, scrubber: tokenScrubber([environment.target.token]) };
    }
    if (sandbox === undefined) throw new Error('the sandbox environment needs the sandbox app');
    const app = sandbox.app;
    // The console's own address: the checkout links the scenarios follow are the ones its people open.
    return { baseUrl: expectedOrigin(c, ctx.config), token: sandbox.token, fetch: async (url, init) => app.fetch(new Request(url, init)), scrubber: tokenScrubber([sandbox.token]) };
  };

  const runOf = async (c: Context<TeamEnv>): Promise<ServerScenarioRun> => {
    const environment = await allowed(c, 'run:scenarios');
    const run = await findScenarioRun(db, c.req.param('id') ?? '');
    if (run === null || run.environment !== environment.id) throw detailError(404, 'not_found', 'No such scenario run.');
    return run;
  };

  app.post('/api/env/:envId/scenario-runs', async (c) => {
    const environment = await allowed(c, 'run:scenarios');
    if (environment.production) {
      await record(c, environment.id, 'scenario_run_start', null, 'refused_production');
      throw detailError(403, 'production', `${environment.name} is production: the scenarios create orders and refund them without a second person's approval. Sign an environment off before it goes live.`);
    }
    const body = await jsonBody(c, MAX_BODY);
    const parsed = startScenarioRunSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
    const wanted = new Set(parsed.data.scenario_ids);
    const scenarios = CATALOGUE.filter((s) => wanted.has(s.id));
    const run = await insertScenarioRun(db, { environment: environment.id, requester: c.get('user').email, scenarioIds: scenarios.map((s) => s.id) });
    if (run === null) {
      const [running] = await listScenarioRuns(db, environment.id, 1);
      throw detailError(409, 'run_in_progress', `A scenario run is going on in ${environment.name}${running === undefined ? '' : ` (started by ${running.requester})`}: one at a time, so their orders and faults do not meet.`);
    }
    void executeScenarioRun({ db, audit: ctx.audit, log: ctx.log, background }, run, scenarios, targetOf(c, environment));
    return c.json(run, 201, NO_STORE);
  });

  app.get('/api/env/:envId/scenario-runs', async (c) => {
    const environment = await allowed(c, 'run:scenarios');
    return c.json({ results: await listScenarioRuns(db, environment.id) }, 200, NO_STORE);
  });

  app.get('/api/env/:envId/scenario-runs/:id', async (c) => c.json(await runOf(c), 200, NO_STORE));

  app.post('/api/env/:envId/scenario-runs/:id/stop', async (c) => {
    const run = await runOf(c);
    const user = c.get('user');
    if (run.requester !== user.email && roleIn(user.grants, run.environment) !== 'admin') {
      await record(c, run.environment, 'scenario_run_stop', { scenario_run_id: run.id }, 'refused_not_requester');
      throw detailError(403, 'not_requester', `Only ${run.requester}, who started this run, or an admin can stop it.`);
    }
    const stopping = await requestStop(db, run.id);
    await record(c, run.environment, 'scenario_run_stop', { scenario_run_id: run.id }, stopping ? 'stopping' : `refused_${run.state}`);
    if (!stopping) throw detailError(409, 'wrong_state', `This run is ${run.state}, so there is nothing to stop.`);
    return c.json((await findScenarioRun(db, run.id)) ?? run, 200, NO_STORE);
  });

  app.post('/api/env/:envId/scenario-runs/:id/answer', async (c) => {
    const run = await runOf(c);
    if (run.requester !== c.get('user').email) throw detailError(403, 'not_requester', `Only ${run.requester}, who started this run, answers its prompts.`);
    const body = await jsonBody(c, MAX_BODY);
    const parsed = scenarioRunAnswerSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
    if (!(await giveAnswer(db, run.id, parsed.data.answer))) throw detailError(409, 'no_prompt', 'Nothing in this run waits for a person now.');
    return c.json((await findScenarioRun(db, run.id)) ?? run, 200, NO_STORE);
  });
}
