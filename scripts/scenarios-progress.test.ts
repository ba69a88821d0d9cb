import { expect, test } from 'vitest';
import type { ScenarioResult } from '../src/scenarios/report-schema.ts';
import { Progress, scenarioLine } from './scenarios-progress.ts';

const result = (id: string, outcome: ScenarioResult['outcome'], message: string | null): ScenarioResult => ({
  id,
  group: 'REFUND',
  title: `Title ${id}`,
  why: '',
  planned_steps: [],
  expectations: [],
  outcome,
  message,
  started_at: '2026-05-02T10:00:00.000Z',
  duration_ms: 1500,
  steps: [],
});

test('one line per finished scenario: a mark, the id and title, the time, and what failed or why it was skipped', () => {
  expect(scenarioLine(result('REF-02', 'passed', null))).toBe('✓ REF-02 Title REF-02 (1.5 s)');
  expect(scenarioLine(result('REF-03', 'failed', 'x: expected a; got b'))).toBe('✗ REF-03 Title REF-03 (1.5 s)\n    x: expected a; got b');
  expect(scenarioLine(result('RES-01', 'skipped', 'needs the faults API'))).toBe('- RES-01 Title RES-01 (1.5 s): skipped, needs the faults API');
});

test('on a terminal a progress bar is redrawn in place and cleared before each line; elsewhere only the lines', () => {
  let terminal = '';
  const bar = new Progress({ write: (t: string) => (terminal += t), isTTY: true, columns: 80 }, 4);
  bar.started('REF-02');
  bar.finished(result('REF-02', 'failed', 'boom'));
  bar.started('REF-03');
  expect(terminal).toBe(
    '[........................] 0/4 REF-02' +
      '\r\u001b[2K✗ REF-02 Title REF-02 (1.5 s)\n    boom\n' +
      '[######..................] 1/4, 1 failed ' +
      '\r\u001b[2K[######..................] 1/4, 1 failed REF-03',
  );

  let log = '';
  const plain = new Progress({ write: (t: string) => (log += t) }, 4);
  plain.started('REF-02');
  plain.finished(result('REF-02', 'passed', null));
  expect(log).toBe('✓ REF-02 Title REF-02 (1.5 s)\n');
});
