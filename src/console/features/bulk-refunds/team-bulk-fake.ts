import { bypass, http, HttpResponse } from 'msw';
import type { TeamBulkRun } from '../../../contract/bulk-runs.ts';
import { createTeamBulkRunSchema, teamBulkRunListSchema, teamBulkRunSchema } from '../../../contract/bulk-runs.ts';
import { compareMoney } from '../../../contract/money.ts';
import { runProgress } from '../../../bulk/run-model.ts';
import { CONSOLE_ORIGIN, SANDBOX_URL, server } from '../../test/msw-server.ts';

// Tests: the console server's bulk-run routes (src/contract/bulk-runs.ts) as the page meets them, and
// the sandbox reached through /env/sandbox/ as the team console forwards it. Every body the fake
// answers is parsed with the contract's schemas first, so a fixture that drifts from it fails here.
// Each read of a running run sends one more row, as a server sending at its own pace would.

export interface FakeBulkServer {
  runs: Map<string, TeamBulkRun>;
  created: unknown[];
  actions: string[];
  reads: () => number;
  /** Refunds the browser itself sent through /env/sandbox/ (in team mode there must be none). */
  refundsFromBrowser: () => number;
  /** Orders read through /env/sandbox/ (the checks before confirming). */
  orderReads: () => number;
}

const summaryOf = ({ run: _run, ...summary }: TeamBulkRun) => summary;

export function withProgress(team: TeamBulkRun): TeamBulkRun {
  return teamBulkRunSchema.parse({ ...team, progress: runProgress(team.run) });
}

function advance(team: TeamBulkRun): TeamBulkRun {
  if (team.state !== 'running') return team;
  const index = team.run.rows.findIndex((r) => r.state.kind === 'pending');
  const now = new Date().toISOString();
  if (index === -1) return withProgress({ ...team, state: 'finished', updated_at: now, run: { ...team.run, finishedAt: now } });
  const rows = team.run.rows.map((row, i) => (i === index ? { ...row, state: { kind: 'refunded' as const, refunded: row.plan.body.amount, remaining: '0.00', via: 'answer' as const } } : row));
  const next = { ...team, updated_at: now, run: { ...team.run, rows } };
  return withProgress(rows.every((r) => r.state.kind !== 'pending') ? { ...next, state: 'finished', run: { ...next.run, finishedAt: now } } : next);
}

export function fakeBulkServer({ requester, threshold, loseFirstAnswer = false }: { requester: string; threshold: string | null; loseFirstAnswer?: boolean }): FakeBulkServer {
  const runs = new Map<string, TeamBulkRun>();
  const created: unknown[] = [];
  const actions: string[] = [];
  let reads = 0;
  let refundsFromBrowser = 0;
  let orderReads = 0;
  const base = `${CONSOLE_ORIGIN}/api/env/sandbox/bulk-runs`;
  const move = (id: string, from: TeamBulkRun['state'], to: TeamBulkRun['state']) => {
    const run = runs.get(id);
    if (run === undefined || run.state !== from) return HttpResponse.json({ detail: `This run is not ${from}.` }, { status: 409 });
    const next = withProgress({ ...run, state: to, state_reason: null, updated_at: new Date().toISOString() });
    runs.set(id, next);
    return HttpResponse.json(next);
  };
  server.use(
    http.all(`${CONSOLE_ORIGIN}/env/sandbox/*`, async ({ request }) => {
      const url = new URL(request.url);
      if (request.method === 'POST' && url.pathname.endsWith('/refund/')) refundsFromBrowser += 1;
      if (request.method === 'GET' && url.pathname.includes('/order/')) orderReads += 1;
      const target = new URL(url.pathname.replace('/env/sandbox', '') + url.search, SANDBOX_URL);
      const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
      return fetch(bypass(new Request(target, { method: request.method, headers: { Authorization: 'Token dev-token', Accept: 'application/json', 'Content-Type': 'application/json' }, body })));
    }),
    http.get(base, () => HttpResponse.json(teamBulkRunListSchema.parse({ results: [...runs.values()].reverse().map(summaryOf) }))),
    http.post(base, async ({ request }) => {
      const body = createTeamBulkRunSchema.parse(await request.json());
      created.push(body);
      // As the server does: one plan is one run, however often it is sent.
      const existing = [...runs.values()].find((r) => r.run.id === body.plan.id);
      if (existing !== undefined) return HttpResponse.json({ detail: 'This plan was sent already: it is one run, not two.', code: 'duplicate_plan', bulk_run_id: existing.id }, { status: 409 });
      const now = new Date();
      const waits = threshold !== null && compareMoney(body.plan.total, threshold) > 0;
      const run = withProgress({
        id: `run-${runs.size + 1}`,
        environment: 'sandbox',
        requester,
        state: waits ? 'awaiting_approval' : 'running',
        state_reason: null,
        total: body.plan.total,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        expires_at: waits ? new Date(now.getTime() + 86_400_000).toISOString() : null,
        needs_approval: waits,
        decision: null,
        progress: runProgress(body.plan),
        run: body.plan,
      });
      runs.set(run.id, run);
      // The server kept the run; its answer never reached the browser.
      if (loseFirstAnswer && runs.size === 1) return HttpResponse.error();
      return HttpResponse.json(run, { status: 201 });
    }),
    http.get(`${base}/:id`, ({ params }) => {
      reads += 1;
      const run = runs.get(String(params.id));
      if (run === undefined) return HttpResponse.json({ detail: 'No such run.' }, { status: 404 });
      const next = advance(run);
      runs.set(next.id, next);
      return HttpResponse.json(next);
    }),
    http.post(`${base}/:id/pause`, ({ params }) => (actions.push('pause'), move(String(params.id), 'running', 'paused'))),
    http.post(`${base}/:id/resume`, ({ params }) => (actions.push('resume'), move(String(params.id), 'paused', 'running'))),
    http.post(`${base}/:id/withdraw`, ({ params }) => (actions.push('withdraw'), move(String(params.id), 'awaiting_approval', 'withdrawn'))),
  );
  return { runs, created, actions, reads: () => reads, refundsFromBrowser: () => refundsFromBrowser, orderReads: () => orderReads };
}
