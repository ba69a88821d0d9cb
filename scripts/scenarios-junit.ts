import type { Report, ScenarioResult } from '../src/scenarios/report-schema.ts';
import { SCENARIO_GROUPS } from '../src/scenarios/report-schema.ts';

// junit.xml for CI (GitHub Actions test reporters, GitLab, Jenkins): one testsuite per group, one
// testcase per scenario; a failure carries its message, a skip its reason.

// XML 1.0 has no place for most control characters, whatever the escaping.
// eslint-disable-next-line no-control-regex -- matching them is the point.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function stepLines(result: ScenarioResult): string {
  return result.steps
    .map((step, i) => {
      const calls = step.exchanges.map((e) => `    ${e.method} ${e.url} -> ${e.response === null ? (e.error ?? 'no answer') : e.response.status} (${e.duration_ms} ms)`);
      const failed = step.checks.filter((c) => !c.passed).map((c) => `    FAILED ${c.expectation}: expected ${c.expected}; got ${c.actual}`);
      return [`${i + 1}. ${step.title}: ${step.outcome}`, ...failed, ...step.notes.map((n) => `    note: ${n}`), ...calls].join('\n');
    })
    .join('\n');
}

function testcase(result: ScenarioResult): string {
  const open = `    <testcase classname="scenarios.${xmlEscape(result.group)}" name="${xmlEscape(`${result.id} ${result.title}`)}" time="${seconds(result.duration_ms)}"`;
  const out = result.steps.length === 0 ? '' : `\n      <system-out>${xmlEscape(stepLines(result))}</system-out>`;
  if (result.outcome === 'failed') {
    const message = result.message ?? 'failed';
    return `${open}>\n      <failure message="${xmlEscape(message)}" type="expectation">${xmlEscape(message)}</failure>${out}\n    </testcase>`;
  }
  if (result.outcome === 'skipped') {
    return `${open}>\n      <skipped message="${xmlEscape(result.message ?? 'skipped')}"/>${out}\n    </testcase>`;
  }
  return out === '' ? `${open}/>` : `${open}>${out}\n    </testcase>`;
}

export function renderJunitXml(report: Report): string {
  const { summary, run } = report;
  const suites = SCENARIO_GROUPS.map((group) => {
    const results = report.scenarios.filter((r) => r.group === group);
    if (results.length === 0) return '';
    const count = (outcome: ScenarioResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
    const time = results.reduce((sum, r) => sum + r.duration_ms, 0);
    return `  <testsuite name="${group}" tests="${results.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(time)}" timestamp="${xmlEscape(run.started_at)}">
    <properties>
      <property name="base_url" value="${xmlEscape(report.environment.base_url)}"/>
      <property name="console_version" value="${xmlEscape(run.console_version)}"/>
      <property name="commit" value="${xmlEscape(run.commit)}"/>
    </properties>
${results.map(testcase).join('\n')}
  </testsuite>`;
  }).filter((suite) => suite !== '');
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="Order Service scenarios" tests="${summary.total}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(run.duration_ms)}" timestamp="${xmlEscape(run.started_at)}">
${suites.join('\n')}
</testsuites>
`;
}
