import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../server/server.ts';
import type { Store } from '../sandbox/store.ts';
import { openStore } from '../sandbox/store.ts';
import { CATALOGUE } from './catalogue.ts';
import type { ScenarioResult } from './report-schema.ts';
import { runScenarios } from './runner.ts';
import type { BreakageName } from './testing/broken-services.ts';
import { BREAKAGES, BROKEN_TOKEN, startBrokenService } from './testing/broken-services.ts';

// The catalogue must catch a service that is wrong: each service here is the sandbox with one
// behaviour broken, and exactly the scenarios that exercise that behaviour fail, each saying what it
// expected and what came.

let store: Store;
beforeAll(async () => {
  store = await openStore(':memory:');
});
afterAll(async () => {
  await store.close();
});

async function runAgainst(name: BreakageName): Promise<ScenarioResult[]> {
  const service: RunningServer = await startBrokenService(store, BREAKAGES[name]);
  try {
    const outcome = await runScenarios({ baseUrl: service.url, token: BROKEN_TOKEN, scenarios: CATALOGUE });
    return outcome.results;
  } finally {
    await service.close();
  }
}

const failedIds = (results: ScenarioResult[]) => results.filter((r) => r.outcome === 'failed').map((r) => r.id);
/** The RESILIENCE scenarios ran: the sandbox these services are built on has the faults API (D13). */
const withFaults = (results: ScenarioResult[]) => results.some((r) => r.group === 'RESILIENCE' && r.outcome !== 'skipped');
const messageOf = (results: ScenarioResult[], id: string) => results.find((r) => r.id === id)?.message ?? '';

describe('a service that is wrong in one way fails exactly the scenarios about it', () => {
  test('refunds in any status: REF-01 and REF-05', async () => {
    const results = await runAgainst('refundsInAnyStatus');
    expect(failedIds(results)).toEqual(['REF-01', 'REF-05']);
    expect(messageOf(results, 'REF-01')).toBe('a refund of a new order is refused: expected a 4xx refusal; got HTTP 200');
    expect(messageOf(results, 'REF-05')).toBe('a refund of a refunded order is refused: expected a 4xx refusal; got HTTP 200');
  });

  test('amounts as JSON numbers: every scenario that reads an order record, none that only sees refusals', async () => {
    const results = await runAgainst('amountsAsNumbers');
    // These see refusals only, or read orders through the sandbox's own list (not the partner interface).
    const onlyRefusals = ['CRE-07', 'CRE-08', 'CRE-09', 'CRE-10', 'CRE-12', 'REF-09', 'RES-03'];
    const ran = results.filter((r) => r.outcome !== 'skipped').map((r) => r.id);
    expect(failedIds(results)).toEqual(ran.filter((id) => !onlyRefusals.includes(id)));
    expect(messageOf(results, 'CRE-01')).toBe(
      'the create answers the order record as documented (2.1): expected every field present with its documented type and format (amounts as decimal strings); ' +
        'got initial_amount: Must be text (came: the JSON number 120); current_amount: Must be text (came: the JSON number 120); refund_amount: Must be text (came: the JSON number 0)',
    );
  });

  test('a duplicate order_external_id answered with 500: CRE-11 (and RES-03, which resends a create whose answer was lost)', async () => {
    const results = await runAgainst('duplicateIs500');
    expect(failedIds(results)).toEqual(withFaults(results) ? ['CRE-11', 'RES-03'] : ['CRE-11']);
    expect(messageOf(results, 'CRE-11')).toBe('the duplicate is refused: expected a 4xx refusal; got HTTP 500: <!doctype html><title>Server Error (500)</title><h1>Server Error (500)</h1>');
  });

  test('"Bearer <token>" accepted: AUTH-03', async () => {
    const results = await runAgainst('acceptsBearer');
    expect(failedIds(results)).toEqual(['AUTH-03']);
    expect(messageOf(results, 'AUTH-03')).toBe('the create is refused as unauthenticated: expected HTTP 401 or 403; got HTTP 201');
  });

  test('a refund amount with three decimals rounded instead of refused: REF-07', async () => {
    const results = await runAgainst('roundsRefundAmounts');
    expect(failedIds(results)).toEqual(['REF-07']);
    expect(messageOf(results, 'REF-07')).toBe('a refund of 10.005 is refused: expected a 4xx refusal; got HTTP 200');
  });
});

test('a DRF service answering what the document leaves open its own way (400, 403, index-shaped errors) passes, and the report says which status came', async () => {
  const results = await runAgainst('drfStyle');
  expect(failedIds(results)).toEqual([]);
  const ref01 = results.find((r) => r.id === 'REF-01');
  expect(ref01?.outcome).toBe('passed');
  expect(ref01?.steps.flatMap((s) => s.notes)).toContain(
    'a refund of a new order: refused with HTTP 400 (the sandbox answers 409; the document names no code)',
  );
  expect(results.find((r) => r.id === 'AUTH-01')?.steps[0]?.notes).toEqual(['the create: refused with HTTP 403']);
});
