import { renderReportHtml } from '../../../scenarios/report-html.ts';
import { buildReport, reportJson } from '../../../scenarios/report-json.ts';
import type { Report } from '../../../scenarios/report-schema.ts';
import type { RunOutcome } from '../../../scenarios/runner.ts';
import { CONSOLE_COMMIT, CONSOLE_VERSION } from './build-info.ts';

// The same report.html and report.json the command line writes, built here and saved by the browser.

export function pageReport(outcome: RunOutcome): Report {
  return buildReport(outcome, { client: 'console', consoleVersion: CONSOLE_VERSION, commit: CONSOLE_COMMIT });
}

function save(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadReport(outcome: RunOutcome, format: 'html' | 'json'): void {
  const report = pageReport(outcome);
  if (format === 'html') save('report.html', 'text/html;charset=utf-8', renderReportHtml(report));
  else save('report.json', 'application/json', reportJson(report));
}
