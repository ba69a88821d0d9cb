import { SANDBOX_NAMESPACE_HEADER } from '../contract/paths.ts';
import type { EnvironmentInfo, Report, ScenarioResult, Summary } from './report-schema.ts';
import { REPORT_FORMAT } from './report-schema.ts';
import type { RunOutcome } from './runner.ts';

// report.json: the run as data (shape in report-schema.ts, described in REPORT.md). Built the same
// way on the page and on the command line; nothing here needs Node.

export interface ReportMeta {
  client: 'cli' | 'console';
  consoleVersion: string;
  commit: string;
}

export function summarise(results: readonly ScenarioResult[]): Summary {
  const count = (outcome: ScenarioResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { total: results.length, passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

export function buildReport(outcome: RunOutcome, meta: ReportMeta): Report {
  return {
    format: REPORT_FORMAT,
    environment: outcome.environment,
    run: {
      started_at: outcome.startedAt,
      finished_at: outcome.finishedAt,
      duration_ms: outcome.durationMs,
      client: meta.client,
      console_version: meta.consoleVersion,
      commit: meta.commit,
    },
    summary: summarise(outcome.results),
    scenarios: outcome.results,
  };
}

export function reportJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** 0 when every scenario that ran passed, 1 when one failed (D14; 2 is the caller's, for usage). */
export function exitCodeOf(summary: Summary): 0 | 1 {
  return summary.failed > 0 ? 1 : 0;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Where the run's orders went, in the words the report, the page and the command line all use. */
export function ordersPlacement(environment: Pick<EnvironmentInfo, 'sandbox' | 'namespace'>): string {
  const namespace = environment.namespace ?? null;
  if (namespace !== null) {
    return `This run's orders, their history and its fault rules are kept in the sandbox namespace ${namespace} (${SANDBOX_NAMESPACE_HEADER}), apart from the token's own: the token's orders list and overview are untouched.`;
  }
  return "This run's orders were created under the token itself (their external ids start with the run's tag): this service offers no namespace to keep them apart.";
}
