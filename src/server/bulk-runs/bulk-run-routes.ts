import type { Context } from 'hono';
import { jsonBody } from '../json-body.ts';
import { Hono } from 'hono';
import { MAX_CSV_ROWS } from '../../bulk/csv.ts';
import { resultCsv } from '../../bulk/result-csv.ts';
import type { TeamBulkRun, TeamBulkRunSummary } from '../../contract/bulk-runs.ts';
import { bulkDecisionNoteSchema, createTeamBulkRunSchema } from '../../contract/bulk-runs.ts';
import { issuesToDrf } from '../../contract/drf-errors.ts';
import type { Permission } from '../../contract/permissions.ts';
import { permissionsIn, roleIn } from '../../contract/permissions.ts';
import { ApiError, detailError } from '../../http/errors.ts';
import type { Database } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import { assertPermission } from '../permissions-check.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { expireBatches } from './bulk-run-expiry.ts';
import { senderOf } from './bulk-run-sender.ts';
import { normalisedPlan, planProblems } from './bulk-plan-check.ts';
import { admitRun, rowProblems, withServerIds } from './bulk-plan-admit.ts';
import type { ServiceCall } from '../forward.ts';
import { awaitingApproval, decideRun, findRun, leaseEndsIn, listRuns, runOfPlan, setPaused, withdrawRun } from './bulk-run-store.ts';

// D16/D17: the routes of src/contract/bulk-runs.ts (see there for the list and the
// states). Every refusal is a DRF-shaped 4xx with words a person can act on, and audited; every
// step of a run is in the audit log (the runner adds its own: start, each refund, finish).

export interface BulkRunRoutesOptions {
  db: Database;
  audit: AuditSink;
  environments: readonly TeamEnvironment[];
  /** CONSOLE_APPROVAL_TTL: how long a batch over the threshold waits for an approver. */
  ttlMs: number;
  /** Tells the runner there is a run to send. */
  wake: () => void;
  /** The runner's hold on a run and how often it looks for runs to take (bulk-runner-settings.ts), for a run's `sender`. */
  lease: { lengthMs: number; pollMs: number };
  /** Reads the orders of rows that share one (the checks between rows). */
  call: ServiceCall;
  /** CONSOLE_APPROVAL_WINDOW. */
  windowMs: number;
}

// A plan of MAX_CSV_ROWS rows with long reasons and the file's held-back rows fits well within 4 MiB.
const MAX_PLAN_BODY = 4 * 1024 * 1024;
const MAX_NOTE_BODY = 16 * 1024;
const NO_STORE = { 'Cache-Control': 'no-store' };

export function createBulkRunRoutes(options: BulkRunRoutesOptions): Hono<TeamEnv> {
  const { db, audit } = options;
  const app = new Hono<TeamEnv>();

  const record = (c: Context<TeamEnv>, environment: string, action: string, body: unknown, outcome: string) => {
    const user = c.get('user');
    return audit.record({ user: user.email, role: roleIn(user.grants, environment), environment, action, order_id: null, body, outcome, address: clientAddress(c), user_agent: userAgent(c) });
  };

  const may = (c: Context<TeamEnv>, environmentId: string, permission: Permission) => permissionsIn(c.get('user').grants, environmentId).includes(permission);

  /** The environment, after checking the person may do `permission` there (403 audited otherwise). */
  const allowed = (c: Context<TeamEnv>, environmentId: string, permission: Permission): Promise<TeamEnvironment> => assertPermission(c, options, environmentId, permission);

  /** The run named in the path, in the environment named there (when there is one); 404 for anything else. */
  const runOf = async (c: Context<TeamEnv>, permission: Permission): Promise<TeamBulkRun> => {
    const envId = c.req.param('envId');
    if (envId !== undefined) await allowed(c, envId, permission);
    await expireBatches(db, audit);
    const run = await findRun(db, c.req.param('id') ?? '');
    if (run === null || (envId !== undefined && run.environment !== envId)) throw detailError(404, 'not_found', 'No such bulk run.');
    if (envId === undefined) await allowed(c, run.environment, permission);
    return run;
  };

  /** Pause and resume: the person who asked for the run, or an admin of its environment. */
  const requesterOrAdmin = async (c: Context<TeamEnv>, run: TeamBulkRun, action: string) => {
    const user = c.get('user');
    if (run.requester === user.email || roleIn(user.grants, run.environment) === 'admin') return;
    await record(c, run.environment, action, { bulk_run_id: run.id }, 'refused_not_requester');
    throw detailError(403, 'not_requester', `Only ${run.requester}, who started this run, or an admin can pause or resume it.`);
  };

  /** What a change answers: the run with its rows, as GET gives it (a summary if it went meanwhile). */
  const answer = async (c: Context<TeamEnv>, changed: TeamBulkRunSummary) => c.json((await findRun(db, changed.id)) ?? changed, 200, NO_STORE);

  /** A change that found the run in another state: 409 with the state it is in, audited. */
  const conflict = async (c: Context<TeamEnv>, run: TeamBulkRun, action: string, wanted: string): Promise<ApiError> => {
    await expireBatches(db, audit);
    const now = await findRun(db, run.id);
    const state = now?.state ?? 'gone';
    await record(c, run.environment, action, { bulk_run_id: run.id }, `refused_${state}`);
    const detail =
      state === 'expired'
        ? 'This batch expired before anyone approved it; nothing was sent. Upload the file again if the refunds are still needed.'
        : `This run is ${state}${now?.decision == null ? '' : ` (by ${now.decision.by})`}, so it cannot be ${wanted} now.`;
    return detailError(409, state === 'expired' ? 'expired' : 'wrong_state', detail);
  };

  app.post('/env/:envId/bulk-runs', async (c) => {
    const environment = await allowed(c, c.req.param('envId') ?? '', 'request:refund');
    const body = await jsonBody(c, MAX_PLAN_BODY);
    const parsed = createTeamBulkRunSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
    if (parsed.data.plan.rows.length > MAX_CSV_ROWS) throw new ApiError(400, { plan: [`A run holds at most ${MAX_CSV_ROWS} refunds; this plan has ${parsed.data.plan.rows.length}.`] });
    const problems = planProblems(parsed.data, environment);
    if (problems !== null) {
      await record(c, environment.id, 'bulk_run_create', { plan_id: parsed.data.plan.id, total: parsed.data.plan.total, rows: parsed.data.plan.rows.length, problems }, 'refused_invalid');
      throw new ApiError(400, problems);
    }
    // The server's identifiers, and the checks between rows made again here (bulk-plan-admit.ts).
    const plan = withServerIds(normalisedPlan(parsed.data.plan));
    const between = await rowProblems(plan, environment, options.call);
    if (between.length > 0) {
      await record(c, environment.id, 'bulk_run_create', { plan_id: plan.id, total: plan.total, rows: plan.rows.length, problems: { plan: between } }, 'refused_invalid');
      throw new ApiError(400, { plan: between });
    }
    const user = c.get('user');
    const { run, reasons } = await admitRun({ db, limits: { windowMs: options.windowMs }, ttlMs: options.ttlMs }, environment, user.email, plan);
    if (run === null) {
      const existing = await runOfPlan(db, environment.id, plan.id);
      await record(c, environment.id, 'bulk_run_create', { plan_id: plan.id, bulk_run_id: existing }, 'refused_duplicate');
      throw new ApiError(409, { detail: 'This plan was sent already: it is one run, not two. Open it from the list of runs.', code: 'duplicate_plan', ...(existing !== null && { bulk_run_id: existing }) });
    }
    await record(
      c,
      environment.id,
      'bulk_run_create',
      { bulk_run_id: run.id, plan_id: plan.id, total: plan.total, rows: plan.rows.length, left_out: plan.leftOut.length, threshold: environment.approvalThreshold, approval_reasons: reasons, confirmation: parsed.data.confirmation ?? null },
      run.state,
    );
    if (run.state === 'running') options.wake();
    return c.json(run, 201, NO_STORE);
  });

  app.get('/env/:envId/bulk-runs', async (c) => {
    const environment = await allowed(c, c.req.param('envId') ?? '', 'read:order');
    await expireBatches(db, audit);
    return c.json({ results: await listRuns(db, environment.id) }, 200, NO_STORE);
  });

  app.get('/env/:envId/bulk-runs/:id', async (c) => {
    const run = await runOf(c, 'read:order');
    const sender = run.state === 'running' ? senderOf(await leaseEndsIn(db, run.id), options.lease) : null;
    return c.json({ ...run, sender }, 200, NO_STORE);
  });

  app.get('/env/:envId/bulk-runs/:id/result.csv', async (c) => {
    const run = await runOf(c, 'read:order');
    return c.body(resultCsv(run.run), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="bulk-refunds-${run.id}.csv"`,
      ...NO_STORE,
    });
  });

  const pauseOrResume = (pause: boolean) => async (c: Context<TeamEnv>) => {
    const action = pause ? 'bulk_run_pause' : 'bulk_run_resume';
    const run = await runOf(c, 'read:order');
    await requesterOrAdmin(c, run, action);
    const who = c.get('user').email;
    const changed = await setPaused(db, run.id, pause, pause ? `Paused by ${who}; resume to send the rest.` : null);
    if (changed === null) throw await conflict(c, run, action, pause ? 'paused' : 'resumed');
    await record(c, run.environment, action, { bulk_run_id: run.id, progress: changed.progress }, changed.state);
    if (!pause) options.wake();
    return answer(c, changed);
  };
  app.post('/env/:envId/bulk-runs/:id/pause', pauseOrResume(true));
  app.post('/env/:envId/bulk-runs/:id/resume', pauseOrResume(false));

  app.post('/env/:envId/bulk-runs/:id/withdraw', async (c) => {
    const run = await runOf(c, 'read:order');
    const user = c.get('user');
    if (run.requester !== user.email) {
      await record(c, run.environment, 'bulk_run_withdraw', { bulk_run_id: run.id }, 'refused_not_requester');
      throw detailError(403, 'not_requester', `Only ${run.requester}, who asked for this batch, can withdraw it.`);
    }
    const withdrawn = await withdrawRun(db, run.id, user.email);
    if (withdrawn === null) throw await conflict(c, run, 'bulk_run_withdraw', 'withdrawn');
    await record(c, run.environment, 'bulk_run_withdraw', { bulk_run_id: run.id, total: run.total }, 'withdrawn');
    return answer(c, withdrawn);
  });

  app.get('/bulk-runs/awaiting-approval', async (c) => {
    const environments = options.environments.filter((e) => may(c, e.id, 'approve:refund')).map((e) => e.id);
    if (environments.length === 0) throw detailError(403, 'permission_denied', 'Only approvers see the batches waiting for approval.');
    await expireBatches(db, audit);
    return c.json({ results: await awaitingApproval(db, environments) }, 200, NO_STORE);
  });

  const decide = (kind: 'approve' | 'reject') => async (c: Context<TeamEnv>) => {
    const run = await runOf(c, 'approve:refund');
    const body = await jsonBody(c, MAX_NOTE_BODY);
    const parsed = bulkDecisionNoteSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
    const note = parsed.data.note ?? null;
    const user = c.get('user');
    const action = kind === 'approve' ? 'bulk_run_approve' : 'bulk_run_reject';
    if (run.requester === user.email) {
      await record(c, run.environment, action, { bulk_run_id: run.id, note }, 'refused_own_request');
      throw detailError(403, 'own_request', 'You asked for this batch, so someone else must approve or reject it: every batch over the threshold needs a second person.');
    }
    const decided = await decideRun(db, run.id, user.email, note, kind === 'approve' ? 'running' : 'rejected');
    if (decided === null) throw await conflict(c, run, action, kind === 'approve' ? 'approved' : 'rejected');
    await record(c, run.environment, action, { bulk_run_id: run.id, note, total: run.total, rows: run.progress.total }, decided.state);
    if (decided.state === 'running') options.wake();
    return answer(c, decided);
  };
  app.post('/bulk-runs/:id/approve', decide('approve'));
  app.post('/bulk-runs/:id/reject', decide('reject'));

  return app;
}
