import { REPORT_CSS } from './report-html-style.ts';
import { formatDuration, ordersPlacement } from './report-json.ts';
import type { Exchange, Report, ScenarioResult, StepResult } from './report-schema.ts';
import { basisLabel } from './scenario.ts';
import { GROUP_TITLES } from './report-schema.ts';

// report.html: one self-contained file (no network, no external asset) a person can attach to a
// sign-off and print. Every value that came from the service or the run is escaped.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Bodies longer than this are cut in the HTML; report.json keeps them whole (up to 64 KiB). */
const HTML_BODY_LIMIT = 4_000;

const OUTCOME_WORD = { passed: 'passed', failed: 'failed', skipped: 'skipped' } as const;

function utc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function pretty(text: string): string {
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  return shown.length > HTML_BODY_LIMIT ? `${shown.slice(0, HTML_BODY_LIMIT)}\n… (cut here; report.json has more)` : shown;
}

function pathOf(url: string, baseUrl: string): string {
  return url.startsWith(baseUrl) ? url.slice(baseUrl.length) || '/' : url;
}

function statusClass(status: number): string {
  if (status >= 200 && status < 400) return 'status-ok';
  return status >= 400 && status < 500 ? 'status-refused' : 'status-bad';
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function renderExchange(exchange: Exchange, baseUrl: string, open: boolean): string {
  const answer =
    exchange.response === null
      ? `<span class="status-bad">${escapeHtml(exchange.error ?? 'no answer')}</span>`
      : exchange.response.status === 0
        ? '<span class="status-ok">redirect</span>'
        : `<span class="${statusClass(exchange.response.status)}">${exchange.response.status}</span>`;
  const request = `<div><h5>Request</h5><pre>${escapeHtml(headerLines(exchange.request.headers))}${
    exchange.request.body === null ? '' : `\n\n${escapeHtml(pretty(exchange.request.body))}`
  }</pre></div>`;
  const response =
    exchange.response === null
      ? `<div><h5>Response</h5><pre>${escapeHtml(exchange.error ?? 'no answer')}</pre></div>`
      : `<div><h5>Response</h5><pre>${escapeHtml(headerLines(exchange.response.headers))}${
          exchange.response.body === '' ? '' : `\n\n${escapeHtml(pretty(exchange.response.body))}`
        }</pre></div>`;
  return `<details class="exchange"${open ? ' open' : ''}><summary>#${exchange.seq} ${escapeHtml(exchange.method)} ${escapeHtml(pathOf(exchange.url, baseUrl))} → ${answer} <span class="muted">· ${escapeHtml(
    formatDuration(exchange.duration_ms),
  )}</span></summary><div class="exchange-parts">${request}${response}</div></details>`;
}

function renderStep(step: StepResult, index: number, baseUrl: string): string {
  const checks = step.checks
    .map((c) =>
      c.passed
        ? `<li class="pass">${escapeHtml(c.expectation)}${c.actual === '' ? '' : ` <span class="muted">· ${escapeHtml(c.actual)}</span>`}</li>`
        : `<li class="fail">${escapeHtml(c.expectation)}: expected ${escapeHtml(c.expected)}; got ${escapeHtml(c.actual)}</li>`,
    )
    .join('');
  const notes = step.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('');
  return `<div class="step"><div class="step-title">${index + 1}. ${escapeHtml(step.title)} <span class="muted">· ${OUTCOME_WORD[step.outcome]} · ${escapeHtml(
    formatDuration(step.duration_ms),
  )}</span></div>${checks === '' ? '' : `<ul class="checks">${checks}</ul>`}${notes === '' ? '' : `<ul class="notes">${notes}</ul>`}${step.exchanges
    .map((e) => renderExchange(e, baseUrl, step.outcome === 'failed'))
    .join('')}</div>`;
}

function renderScenario(result: ScenarioResult, baseUrl: string): string {
  const message =
    result.message === null ? '' : `<p class="message ${result.outcome}"><strong>${result.outcome === 'failed' ? 'Failed' : 'Skipped'}:</strong> ${escapeHtml(result.message)}</p>`;
  return `<article class="scenario ${result.outcome}" id="${escapeHtml(result.id)}">
<h3><span class="mono">${escapeHtml(result.id)}</span> ${escapeHtml(result.title)} <span class="badge ${result.outcome}">${OUTCOME_WORD[result.outcome]}</span> <span class="muted">${escapeHtml(
    formatDuration(result.duration_ms),
  )}</span></h3>
<p class="why">${escapeHtml(result.why)}</p>
${result.basis === undefined ? '' : `<p class="basis ${result.basis}">${escapeHtml(basisLabel(result))}</p>`}
<div class="plan"><div><h4>Steps</h4><ol>${result.planned_steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol></div>
<div><h4>Expectations</h4><ul>${result.expectations.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div></div>
${message}
${result.steps.length === 0 ? '' : `<h4>What happened</h4>${result.steps.map((s, i) => renderStep(s, i, baseUrl)).join('')}`}
</article>`;
}

function renderSummaryTable(report: Report): string {
  const rows = report.scenarios
    .map(
      (r) => `<tr><td class="id"><a href="#${escapeHtml(r.id)}">${escapeHtml(r.id)}</a></td><td>${escapeHtml(r.title)}${
        r.basis === undefined ? '' : `<br><span class="basis ${r.basis}">${escapeHtml(basisLabel(r))}</span>`
      }${
        r.message === null ? '' : `<br><span class="muted">${escapeHtml(r.message)}</span>`
      }</td><td><span class="badge ${r.outcome}">${OUTCOME_WORD[r.outcome]}</span></td><td class="num">${escapeHtml(formatDuration(r.duration_ms))}</td></tr>`,
    )
    .join('\n');
  return `<table class="summary-table"><thead><tr><th>Scenario</th><th>Title</th><th>Outcome</th><th>Time</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/** How many scenarios hold the service to the document and how many to our assumptions, and where the failures are. */
function basisSummary(report: Report): string {
  const of = (basis: 'document' | 'assumption') => report.scenarios.filter((s) => s.basis === basis);
  const failed = (list: ScenarioResult[]) => list.filter((s) => s.outcome === 'failed').length;
  const documented = of('document');
  const assumed = of('assumption');
  const failures = summaryFailures(failed(documented), failed(assumed));
  return `${documented.length} check the interface document, ${assumed.length} check our assumptions where it is silent${failures}`;
}

function summaryFailures(documented: number, assumed: number): string {
  if (documented + assumed === 0) return '.';
  return `; failed: ${documented} on the document, ${assumed} on our assumptions.`;
}

function environmentKind(report: Report): string {
  const { sandbox, faults } = report.environment;
  if (!sandbox) return 'Order Service without the sandbox control API: customer and provider steps need a person';
  return faults ? 'Sandbox (control API and fault injection): every step automatic' : 'Sandbox (control API; no fault injection API)';
}

export function renderReportHtml(report: Report): string {
  const { summary, run, environment } = report;
  const verdict =
    summary.failed > 0
      ? `${summary.failed} of ${summary.total} scenarios failed`
      : `Every scenario that ran passed (${summary.passed} of ${summary.total}${summary.skipped > 0 ? `; ${summary.skipped} skipped` : ''})`;
  const groups = [...new Set(report.scenarios.map((s) => s.group))];
  const sections = groups
    .map(
      (group) =>
        `<section><h2>${escapeHtml(GROUP_TITLES[group])}</h2>\n${report.scenarios
          .filter((s) => s.group === group)
          .map((s) => renderScenario(s, environment.base_url))
          .join('\n')}</section>`,
    )
    .join('\n');
  const title = `Scenario report: ${environment.base_url}, ${utc(run.started_at)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header>
<h1>Order Service scenarios: sign-off report</h1>
<dl class="meta">
<dt>Environment</dt><dd class="mono">${escapeHtml(environment.base_url)}</dd>
<dt>Kind</dt><dd>${escapeHtml(environmentKind(report))}</dd>
<dt>Orders</dt><dd>${escapeHtml(ordersPlacement(environment))}</dd>
<dt>Run</dt><dd>${escapeHtml(utc(run.started_at))} to ${escapeHtml(utc(run.finished_at))} (${escapeHtml(formatDuration(run.duration_ms))}), from ${
    run.client === 'cli' ? 'the command line' : 'the console’s Scenarios page'
  }</dd>
<dt>Order Console</dt><dd>${escapeHtml(run.console_version)}, commit <span class="mono">${escapeHtml(run.commit)}</span></dd>
<dt>Result</dt><dd>${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped, of ${summary.total}</dd>
<dt>Checks</dt><dd>${escapeHtml(basisSummary(report))}</dd>
</dl>
<p class="verdict ${summary.failed > 0 ? 'failed' : 'passed'}">${escapeHtml(verdict)}</p>
</header>
<main>
<h2>Summary</h2>
${renderSummaryTable(report)}
${sections}
</main>
<footer>Select an exchange to see its request and response (a failed step's are open). Every request is recorded with its Authorization header masked; the token appears nowhere in this report. The same run as data: report.json (format ${escapeHtml(
    report.format,
  )}).</footer>
</body>
</html>
`;
}
