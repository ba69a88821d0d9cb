import { expect, test } from 'vitest';
import type { ScenarioResult } from '../../../scenarios/report-schema.ts';
import type { RunOutcome } from '../../../scenarios/runner.ts';
import { mergeOutcomes } from './use-scenario-run.ts';

const result = (id: string, outcome: ScenarioResult['outcome']): ScenarioResult => ({
  id,
  group: 'CREATE',
  title: id,
  why: '',
  planned_steps: [],
  expectations: [],
  outcome,
  message: outcome === 'failed' ? 'expected x; got y' : null,
  started_at: '2026-05-02T10:00:00.000Z',
  duration_ms: 10,
  steps: [],
});

const environment = { base_url: 'http://x', sandbox: true, faults: false, probes: [] };

test('a re-run of the failed scenarios replaces their results in the whole run, in the run’s order', () => {
  const earlier: RunOutcome = { environment, startedAt: '2026-05-02T10:00:00.000Z', finishedAt: '2026-05-02T10:00:05.000Z', durationMs: 5000, results: [result('CRE-01', 'passed'), result('CRE-11', 'failed'), result('CRE-12', 'passed')] };
  const rerun: RunOutcome = { environment, startedAt: '2026-05-02T10:01:00.000Z', finishedAt: '2026-05-02T10:01:01.000Z', durationMs: 1000, results: [result('CRE-11', 'passed')] };
  const merged = mergeOutcomes(earlier, rerun);
  expect(merged.results.map((r) => `${r.id} ${r.outcome}`)).toEqual(['CRE-01 passed', 'CRE-11 passed', 'CRE-12 passed']);
  expect(merged).toMatchObject({ startedAt: '2026-05-02T10:00:00.000Z', finishedAt: '2026-05-02T10:01:01.000Z', durationMs: 6000 });
});
