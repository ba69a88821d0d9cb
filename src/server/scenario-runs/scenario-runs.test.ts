import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import type { Store } from '../../sandbox/entry.ts';
import { serverScenarioRunListSchema, serverScenarioRunSchema } from '../../scenarios/server-run.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { cookieOf, SANDBOX_TOKEN, signIn, startTeamServer } from '../testing/team-server.ts';

// D14 in team mode: the console server runs the sign-off scenarios with the environment's token, for
// an agent or above; the browser starts and reads the run and never sees a token. `staging` is a
// sandbox over real HTTP that takes only its own token, so a create that passes there went through
// the console with it.

const STAGING_TOKEN = 'staging-token-only-the-server-knows-5b7a';
let staging: RunningServer;
let stagingStore: Store;
let server: TeamServer;
const cookies = new Map<string, string>();

beforeAll(async () => {
  stagingStore = await openStore(':memory:');
  staging = await serveApp(createSandboxApp({ store: stagingStore, tokens: [STAGING_TOKEN], log: () => undefined }));
  server = await startTeamServer({
    environments: [
      { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } },
      { id: 'staging', name: 'Staging', production: false, approvalThreshold: null, target: { kind: 'http', baseUrl: staging.url, token: STAGING_TOKEN } },
      { id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', target: { kind: 'http', baseUrl: staging.url, token: STAGING_TOKEN } },
    ],
  });
  await server.addUser('agent@example.com', ['agent']);
  await server.addUser('viewer@example.com', ['viewer']);
  for (const email of ['agent@example.com', 'viewer@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await staging?.close();
  await stagingStore?.close();
});

/** The answer's status and its whole text (headers too), to look for a token in. */
async function as(email: string, method: string, path: string, json?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, ...(json !== undefined && { 'Content-Type': 'application/json' }) },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  const everything = `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${text}`;
  expect(everything).not.toContain(STAGING_TOKEN);
  expect(everything).not.toContain(SANDBOX_TOKEN);
  return { status: response.status, json: JSON.parse(text) as unknown };
}

const detail = z.object({ code: z.string(), detail: z.string() });

async function finished(env: string, id: string) {
  await expect
    .poll(async () => serverScenarioRunSchema.parse((await as('agent@example.com', 'GET', `/api/env/${env}/scenario-runs/${id}`)).json).state, { timeout: 30_000, interval: 200 })
    .toBe('finished');
  return serverScenarioRunSchema.parse((await as('agent@example.com', 'GET', `/api/env/${env}/scenario-runs/${id}`)).json);
}

test('a viewer may neither start nor read runs; the refusal is audited and nothing runs', async () => {
  const start = await as('viewer@example.com', 'POST', '/api/env/staging/scenario-runs', { scenario_ids: ['CRE-01'] });
  expect(start.status).toBe(403);
  const refused = detail.parse(start.json);
  expect(refused.code).toBe('permission_denied');
  expect(refused.detail).toContain('cannot run sign-off scenarios in Staging');
  expect((await as('viewer@example.com', 'GET', '/api/env/staging/scenario-runs')).status).toBe(403);
  const forbidden = server.audit.filter((e) => e.user === 'viewer@example.com' && e.action === 'forbidden' && e.environment === 'staging');
  expect(forbidden.map((e) => [e.outcome, JSON.stringify(e.body)])).toEqual([
    ['refused', expect.stringContaining('"permission":"run:scenarios"') as string],
    ['refused', expect.stringContaining('"permission":"run:scenarios"') as string],
  ]);
  expect(serverScenarioRunListSchema.parse((await as('agent@example.com', 'GET', '/api/env/staging/scenario-runs')).json).results).toEqual([]);
});

test('production is refused, audited, with the reason', async () => {
  const start = await as('agent@example.com', 'POST', '/api/env/prod/scenario-runs', { scenario_ids: ['CRE-01'] });
  expect(start.status).toBe(403);
  expect(detail.parse(start.json).detail).toContain('Production is production');
  expect(server.audit).toContainEqual(expect.objectContaining({ action: 'scenario_run_start', environment: 'prod', outcome: 'refused_production' }));
});

test('an unknown scenario id is a 400 naming the catalogue; nothing starts', async () => {
  const start = await as('agent@example.com', 'POST', '/api/env/staging/scenario-runs', { scenario_ids: ['CRE-01', 'NOPE-1'] });
  expect(start.status).toBe(400);
  expect(JSON.stringify(start.json)).toContain('one of the catalogue');
});

test('an agent runs scenarios in an environment over HTTP: the console sends its token, the browser sees none, the run is audited', async () => {
  const start = await as('agent@example.com', 'POST', '/api/env/staging/scenario-runs', { scenario_ids: ['AUTH-01', 'CRE-01'] });
  expect(start.status, JSON.stringify(start.json)).toBe(201);
  const run = serverScenarioRunSchema.parse(start.json);
  expect(run).toMatchObject({ environment: 'staging', requester: 'agent@example.com', state: 'running' });
  // One at a time per environment.
  const second = await as('agent@example.com', 'POST', '/api/env/staging/scenario-runs', { scenario_ids: ['CRE-01'] });
  expect(second.status).toBe(409);
  expect(detail.parse(second.json).detail).toContain('started by agent@example.com');

  const done = await finished('staging', run.id);
  expect(done.outcome?.results.map((r) => [r.id, r.outcome])).toEqual([
    ['AUTH-01', 'passed'],
    ['CRE-01', 'passed'],
  ]);
  // AUTH-01's create with the token passed: the service, which takes only the staging token, got it
  // from the console. The report shows the calls with the credential masked.
  const exchanges = done.outcome?.results.flatMap((r) => r.steps.flatMap((s) => s.exchanges)) ?? [];
  expect(exchanges.some((e) => e.request.headers.Authorization === 'Token ****')).toBe(true);
  expect(server.audit.filter((e) => e.action.startsWith('scenario_run_') && e.environment === 'staging').map((e) => [e.action, e.outcome])).toEqual(
    expect.arrayContaining([
      ['scenario_run_start', 'started'],
      ['scenario_run_finish', 'finished'],
    ]),
  );
  expect(JSON.stringify(server.audit)).not.toContain(STAGING_TOKEN);
}, 60_000);

test('the embedded sandbox runs in-process, in a namespace of its own', async () => {
  const start = await as('agent@example.com', 'POST', '/api/env/sandbox/scenario-runs', { scenario_ids: ['CRE-01'] });
  expect(start.status, JSON.stringify(start.json)).toBe(201);
  const done = await finished('sandbox', serverScenarioRunSchema.parse(start.json).id);
  expect(done.outcome?.results.map((r) => r.outcome)).toEqual(['passed']);
  expect(done.info?.sandbox).toBe(true);
  expect(done.info?.namespace).toMatch(/\S/);
}, 60_000);
