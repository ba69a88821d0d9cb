import { describe, expect, test } from 'vitest';
import { renderReportHtml } from './report-html.ts';
import { buildReport, exitCodeOf, formatDuration, reportJson } from './report-json.ts';
import type { Exchange, ScenarioResult } from './report-schema.ts';
import { reportSchema } from './report-schema.ts';
import type { RunOutcome } from './runner.ts';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>';

const exchange = (seq: number, status: number | null, body: string): Exchange => ({
  seq,
  method: 'POST',
  url: `https://orders.example.test/psp/v2/order/`,
  request: { headers: { Authorization: 'Token ****', 'Content-Type': 'application/json' }, body: '{"order_external_id":"A"}' },
  response: status === null ? null : { status, headers: { 'content-type': 'application/json' }, body, truncated: false },
  error: status === null ? 'no answer: fetch failed (other side closed)' : null,
  started_at: '2026-05-02T10:00:00.000Z',
  duration_ms: 12.5,
});

function result(id: string, outcome: ScenarioResult['outcome'], message: string | null, exchanges: Exchange[] = []): ScenarioResult {
  return {
    id,
    group: id.startsWith('AUTH') ? 'AUTH' : 'REFUND',
    title: `Title of ${id}`,
    why: 'Why it matters',
    planned_steps: ['Do a thing'],
    expectations: ['A thing holds'],
    outcome,
    message,
    started_at: '2026-05-02T10:00:00.000Z',
    duration_ms: 40,
    steps: [
      {
        title: 'Do a thing',
        outcome: outcome === 'failed' ? 'failed' : 'passed',
        started_at: '2026-05-02T10:00:00.000Z',
        duration_ms: 30,
        notes: [`a note ${HOSTILE}`],
        checks: [{ expectation: 'a thing holds', passed: outcome !== 'failed', expected: 'HTTP 400', actual: HOSTILE }],
        exchanges,
      },
    ],
  };
}

const outcome: RunOutcome = {
  environment: { base_url: 'https://orders.example.test', sandbox: false, faults: false, probes: [] },
  startedAt: '2026-05-02T10:00:00.000Z',
  finishedAt: '2026-05-02T10:00:04.200Z',
  durationMs: 4200,
  results: [
    result('AUTH-01', 'passed', null, [exchange(1, 401, '{"detail":"Authentication credentials were not provided."}')]),
    result('REF-03', 'failed', `the refund is refused: expected a 4xx refusal; got HTTP 200 ${HOSTILE}`, [exchange(2, 200, `{"note":"${HOSTILE}"}`), exchange(3, null, '')]),
    result('REF-04', 'skipped', 'needs a person: approve the payment'),
  ],
};

const report = buildReport(outcome, { client: 'console', consoleVersion: '0.1.0', commit: '0123abcd' });

describe('report.json', () => {
  test('has the documented shape and counts', () => {
    expect(reportSchema.parse(JSON.parse(reportJson(report)))).toEqual(report);
    expect(report.summary).toEqual({ total: 3, passed: 1, failed: 1, skipped: 1 });
    expect(report.run).toMatchObject({ client: 'console', console_version: '0.1.0', commit: '0123abcd', duration_ms: 4200 });
  });

  test('exit code: 1 when one failed, 0 when every scenario that ran passed (skips do not fail a run)', () => {
    expect(exitCodeOf(report.summary)).toBe(1);
    expect(exitCodeOf({ total: 3, passed: 2, failed: 0, skipped: 1 })).toBe(0);
  });
});

describe('report.html', () => {
  const html = renderReportHtml(report);

  test('names the environment, the date, the console version and commit, and a summary row per scenario', () => {
    expect(html).toContain('<dd class="mono">https://orders.example.test</dd>');
    expect(html).toContain('2026-05-02 10:00:00 UTC to 2026-05-02 10:00:04 UTC (4.2 s), from the console’s Scenarios page');
    expect(html).toContain('0.1.0, commit <span class="mono">0123abcd</span>');
    expect(html).toContain('1 of 3 scenarios failed');
    for (const id of ['AUTH-01', 'REF-03', 'REF-04']) expect(html).toContain(`<td class="id"><a href="#${id}">${id}</a></td>`);
    expect(html).toContain('<strong>Skipped:</strong> needs a person: approve the payment');
  });

  test('escapes every value from the service or the run', () => {
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('is self-contained: no stylesheet, script, image or font fetched from anywhere', () => {
    expect(html).not.toMatch(/<(link|script|img|iframe)\b/i);
    expect(html).not.toMatch(/\b(src|href)="(?!#)/i);
    expect(html).not.toMatch(/url\(/i);
  });

  test('shows each exchange with its outcome; a failed step’s are open, a lost answer says why', () => {
    expect(html).toContain('<details class="exchange"><summary>#1 POST /psp/v2/order/ → <span class="status-refused">401</span>');
    expect(html).toContain('<details class="exchange" open><summary>#2 POST /psp/v2/order/ → <span class="status-ok">200</span>');
    expect(html).toContain('<span class="status-bad">no answer: fetch failed (other side closed)</span>');
  });
});

test('durations read as a person would say them', () => {
  expect([formatDuration(12.5), formatDuration(4200), formatDuration(125_000)]).toEqual(['13 ms', '4.2 s', '2 min 5 s']);
});
