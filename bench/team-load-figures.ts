import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';
import { percentile } from './stats.ts';
import type { RequestClass, Sample } from './team-load-client.ts';
import type { TeamLoadResult } from './team-load.ts';

// The team run's figures beside issue 53's budgets (budget 5): p99 of reads (the order, its approval
// requests, the approval queue, and whole pages rendered by the server) and of searches <= 100 ms, of
// refunds <= 250 ms; no 5xx; every refund in the audit exactly once. Then the audit's appends a second
// at the knee of its curve, and what a team of 200 would ask of it at this run's pace.

export const READ_P99_BUDGET_MS = 100;
export const SEARCH_P99_BUDGET_MS = 100;
export const REFUND_P99_BUDGET_MS = 250;
const TEAM_OF = 200;

const ms = (value: number) => `${value.toFixed(0)} ms`;

function summary(samples: readonly Sample[]): string {
  const routes = new Map<string, number[]>();
  for (const s of samples) routes.set(s.route, [...(routes.get(s.route) ?? []), s.ms]);
  return [...routes]
    .map(([route, values]) => `${route}: ${values.length}, p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`)
    .join('; ');
}

export function teamLoadFigures(result: TeamLoadResult): Figure[] {
  const { samples, tally, options, knee } = result;
  const seconds = result.ranMs / 1000;
  const of = (...classes: RequestClass[]) => samples.filter((s) => classes.includes(s.cls));
  const p99 = (values: readonly Sample[]) => percentile(values.map((s) => s.ms), 99);
  const loadNote = `load average ${result.load.before.toFixed(1)} before the run, ${result.load.after.toFixed(1)} after, on ${result.load.cpus} CPUs`;
  const run = `${options.people} people (${options.approvers} approvers), ${seconds.toFixed(0)} s, think time ${options.thinkMs} ms mean; ${loadNote}`;
  const reads = of('read', 'page');
  const searches = of('search');
  const refunds = of('refund');
  const fiveXx = samples.filter((s) => s.status >= 500);
  const noAnswer = samples.filter((s) => s.status === 0);
  const timed = samples.filter((s) => s.cls !== 'sign-in');
  // The run's own appends a second, per person: what a team of TEAM_OF would append at this pace.
  const perPerson = result.auditRows / seconds / options.people;
  const teamNeeds = perPerson * TEAM_OF;
  const lockMs = 1000 / knee.best;
  return [
    info('team load: requests answered', timed.length / seconds, 'req/s', `${run}; ${timed.length} requests; ${noAnswer.length} without an answer; ${tally.unexpectedCount} unexpected answers${tally.unexpected.length > 0 ? `, first: ${tally.unexpected.slice(0, 5).join(' | ')}` : ''}`),
    budgeted('team load: reads p99', p99(reads), 'ms', '<=', READ_P99_BUDGET_MS, `${reads.length} reads, p50 ${ms(percentile(reads.map((s) => s.ms), 50))}; ${summary(reads)}`),
    budgeted('team load: searches p99', p99(searches), 'ms', '<=', SEARCH_P99_BUDGET_MS, `${searches.length} searches of the team index, p50 ${ms(percentile(searches.map((s) => s.ms), 50))}`),
    budgeted(
      'team load: refunds p99',
      p99(refunds),
      'ms',
      '<=',
      REFUND_P99_BUDGET_MS,
      `${refunds.length} refunds under the threshold (sandbox service), p50 ${ms(percentile(refunds.map((s) => s.ms), 50))}; approvals: ${tally.requested} asked, ${tally.approved.length} approved, ${tally.decidedByOther} decided by another approver first; ${summary(of('approval'))}`,
    ),
    budgeted('team load: 5xx answers', fiveXx.length, '', '<=', 0, fiveXx.length === 0 ? `of ${samples.length}; server stderr: ${result.serverErrors.length === 0 ? 'nothing' : result.serverErrors.join(' | ').slice(0, 500)}` : summary(fiveXx)),
    budgeted(
      'team load: refunds not audited exactly once',
      result.auditProblems.length,
      '',
      '<=',
      0,
      `${result.intents.refunds} refunds sent, ${result.intents.with} with their intent written before they left; ${result.auditRows} audit rows appended by the run; the chain ${result.chain}${result.auditProblems.length > 0 ? `; ${result.auditProblems.slice(0, 5).join(' | ')}` : ''}`,
    ),
    info(
      'team load: console CPU a request',
      result.cpu.consoleMs / timed.length,
      'ms',
      `both console processes together ${(result.cpu.consoleMs / result.ranMs).toFixed(2)} cores busy over the run; the people (this process) ${(result.cpu.clientMs / timed.length).toFixed(2)} ms a request; PostgreSQL not counted`,
    ),
    info('team load: background reads p99', p99(of('background')), 'ms', summary(of('background'))),
    info(
      'team load: audit appends at the knee',
      knee.knee.appendsPerSecond,
      '/s',
      `${knee.knee.writers} concurrent writers reach 90% of the best rate (${knee.best.toFixed(0)}/s, about ${lockMs.toFixed(1)} ms a lock holder); ${knee.steps.map((s) => `${s.writers}w ${s.appendsPerSecond.toFixed(0)}/s p99 ${ms(s.p99)}`).join(', ')}; fsync on`,
    ),
    info(
      `team load: audit appends a team of ${TEAM_OF} would need`,
      teamNeeds,
      '/s',
      `this run appended ${(result.auditRows / seconds).toFixed(1)}/s for ${options.people} people (${perPerson.toFixed(2)} a person); ${TEAM_OF} at this pace: ${teamNeeds.toFixed(0)}/s, ${((teamNeeds / knee.best) * 100).toFixed(0)}% of the best rate measured`,
    ),
  ];
}
