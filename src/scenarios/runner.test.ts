import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../server/server.ts';
import { startServer } from '../server/server.ts';
import type { Store } from '../sandbox/store.ts';
import { openStore } from '../sandbox/store.ts';
import { selectScenarios } from './catalogue.ts';
import { renderReportHtml } from './report-html.ts';
import { buildReport, reportJson } from './report-json.ts';
import type { PersonPrompt, Scenario } from './scenario.ts';
import { runScenarios, RunSetupError } from './runner.ts';
import { BROKEN_TOKEN, startBrokenService, WITHOUT_CONTROL_API } from './testing/broken-services.ts';

const TOKEN = `runner-test-${crypto.randomUUID()}`;
let sandbox: RunningServer;

beforeAll(async () => {
  sandbox = await startServer({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: [TOKEN], log: () => undefined });
});
afterAll(async () => {
  await sandbox.close();
});

function pick(...names: string[]): Scenario[] {
  const selection = selectScenarios(names);
  if (!selection.ok) throw new Error(`unknown ${selection.unknown.join(', ')}`);
  return selection.scenarios;
}

describe('against the sandbox', () => {
  test('the AUTH group passes; every call is recorded with the token masked, and the token is in no report', async () => {
    const events: string[] = [];
    const outcome = await runScenarios({
      baseUrl: sandbox.url,
      token: TOKEN,
      scenarios: pick('AUTH'),
      onEvent: (event) => events.push(event.type === 'scenario-finished' ? `${event.result.id} ${event.result.outcome}` : event.type),
    });
    expect(outcome.environment).toMatchObject({ sandbox: true, base_url: sandbox.url });
    expect(outcome.results.map((r) => `${r.id} ${r.outcome}`)).toEqual(['AUTH-01 passed', 'AUTH-02 passed', 'AUTH-03 passed', 'AUTH-04 passed']);
    expect(events).toContain('environment');
    expect(events.filter((e) => e.endsWith(' passed'))).toHaveLength(4);

    const exchanges = outcome.results.flatMap((r) => r.steps.flatMap((s) => s.exchanges));
    const sent = exchanges.map((e) => e.request.headers['Authorization']).filter((h) => h !== undefined);
    expect(new Set(sent)).toEqual(new Set(['Token ****', 'Bearer ****']));
    for (const e of exchanges) expect(e.response?.status).toBeGreaterThan(0);
    expect(exchanges.every((e) => e.duration_ms >= 0 && e.started_at !== '')).toBe(true);

    const report = buildReport(outcome, { client: 'cli', consoleVersion: '0.1.0', commit: 'abc' });
    for (const text of [JSON.stringify(outcome), reportJson(report), renderReportHtml(report)]) {
      expect(text).not.toContain(TOKEN);
      expect(text).toContain('Token ****');
    }
  });

  test("a run keeps its orders, refused refunds and faults out of the token's own list and overview, and the report says where they are", async () => {
    const listOwn = async (path: string) => {
      const response = await fetch(`${sandbox.url}${path}`, { headers: { Authorization: `Token ${TOKEN}` } });
      return (await response.json()) as { results?: unknown[]; refused_refunds?: { count: number } };
    };
    const before = await listOwn('/sandbox/orders?limit=100');
    const outcome = await runScenarios({ baseUrl: sandbox.url, token: TOKEN, scenarios: pick('CRE-01', 'REF-03', 'RES-01') });
    expect(outcome.results.map((r) => r.outcome)).toEqual(['passed', 'passed', 'passed']);
    expect(outcome.environment.namespace).toMatch(/^scenarios-S[0-9a-z]+$/);

    expect((await listOwn('/sandbox/orders?limit=100')).results).toEqual(before.results);
    expect((await listOwn('/sandbox/stats')).refused_refunds?.count).toBe(0);
    expect((await listOwn('/sandbox/faults')).results).toEqual([]);
    const report = buildReport(outcome, { client: 'cli', consoleVersion: '0.1.0', commit: 'abc' });
    expect(renderReportHtml(report)).toContain(`kept in the sandbox namespace ${outcome.environment.namespace ?? ''} (X-Sandbox-Namespace), apart from the token&#39;s own`);
  });

  test('a run stopped half-way skips the rest, saying so', async () => {
    const controller = new AbortController();
    const outcome = await runScenarios({
      baseUrl: sandbox.url,
      token: TOKEN,
      scenarios: pick('CRE-01', 'CRE-02', 'CRE-03'),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'scenario-finished' && event.result.id === 'CRE-01') controller.abort();
      },
    });
    expect(outcome.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      ['CRE-01', 'passed', null],
      ['CRE-02', 'skipped', 'the run was stopped before this scenario'],
      ['CRE-03', 'skipped', 'the run was stopped before this scenario'],
    ]);
  });
});

describe('the environment cannot be run against', () => {
  test('nothing listens: unreachable', async () => {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    await new Promise((resolve) => listener.close(resolve));
    const run = runScenarios({ baseUrl: url, token: TOKEN, scenarios: pick('CRE-01') });
    await expect(run).rejects.toBeInstanceOf(RunSetupError);
    await expect(run).rejects.toMatchObject({ kind: 'unreachable' });
  });

  test('the token is refused', async () => {
    const run = runScenarios({ baseUrl: sandbox.url, token: 'not-the-token', scenarios: pick('CRE-01') });
    await expect(run).rejects.toMatchObject({ kind: 'token_refused', message: `${sandbox.url} refused the token (HTTP 401): check the token` });
  });
});

describe('a service without the sandbox control API', () => {
  let store: Store;
  let service: RunningServer;
  beforeAll(async () => {
    store = await openStore(':memory:');
    service = await startBrokenService(store, WITHOUT_CONTROL_API);
  });
  afterAll(async () => {
    await service.close();
    await store.close();
  });

  test('steps that need the customer are skipped with that reason when nobody can act', async () => {
    const outcome = await runScenarios({ baseUrl: service.url, token: BROKEN_TOKEN, scenarios: pick('CHK-01', 'CRE-01', 'RES-01') });
    expect(outcome.environment.sandbox).toBe(false);
    expect(outcome.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      ['CRE-01', 'passed', null],
      ['CHK-01', 'skipped', "needs a person: Open the order's checkout page as the customer and pay and approve the payment."],
      ['RES-01', 'skipped', "needs the sandbox's fault injection API (D13): this environment is not a sandbox"],
    ]);
  });

  test('a person asked to act is given the checkout link; when they act the scenario goes on and passes', async () => {
    const prompts: PersonPrompt[] = [];
    const outcome = await runScenarios({
      baseUrl: service.url,
      token: BROKEN_TOKEN,
      scenarios: pick('CHK-01', 'REF-02'),
      askPerson: async (prompt) => {
        prompts.push(prompt);
        // The person: opens the link and presses Approve (the form posts to <link>/approve).
        const response = await fetch(`${prompt.link ?? ''}/approve`, { method: 'POST', redirect: 'manual' });
        expect(response.status).toBe(303);
        return 'done';
      },
    });
    expect(outcome.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      ['CHK-01', 'passed', null],
      ['REF-02', 'passed', null],
    ]);
    expect(prompts.map((p) => p.scenarioId)).toEqual(['CHK-01', 'REF-02']);
    expect(prompts[0]?.link).toMatch(new RegExp(`^${service.url}/sandbox/checkout/[0-9a-f-]{36}$`));
    expect(outcome.results[0]?.steps.flatMap((s) => s.notes)).toContain(
      "Done by a person: Open the order's checkout page as the customer and pay and approve the payment.",
    );
  });

  test('a person who skips skips the scenario', async () => {
    const outcome = await runScenarios({ baseUrl: service.url, token: BROKEN_TOKEN, scenarios: pick('CHK-02'), askPerson: () => Promise.resolve('skip') });
    expect(outcome.results[0]).toMatchObject({
      outcome: 'skipped',
      message: "needs a person, who skipped it: Open the order's checkout page as the customer and have the payment rejected (decline it).",
    });
  });
});
