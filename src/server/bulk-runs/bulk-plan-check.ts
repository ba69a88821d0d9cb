import type { BulkRun } from '../../contract/bulk-run-model.ts';
import type { CreateTeamBulkRun } from '../../contract/bulk-runs.ts';
import { compareMoney, formatMoney, sumMoney } from '../../contract/money.ts';
import type { TeamEnvironment } from '../team-config.ts';
import { readReasonText, reasonText, REFUND_REASONS } from '../../contract/refund-reasons.ts';
import { isUuid } from '../../contract/uuid.ts';

// The server does not take the browser's word for a plan. Before anything is kept, every
// row must be unsent, carry a reason by the refund dialog's rule, each refund must carry identifiers of its own (the same payment_identifier
// twice would be one refund, or a duplicate refused, never what the person confirmed), the total
// must be what the rows add up to, and in production the person must have typed that total.
// The answer is a DRF-shaped body (D3) naming `plan` or `confirmation`, for the page to show.

const MAX_LISTED = 20;

export type PlanProblems = { plan?: string[]; confirmation?: string[] };

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

/** What is wrong with a plan posted for `environment`, or null when it may be kept. */
export function planProblems(input: CreateTeamBulkRun, environment: TeamEnvironment): PlanProblems | null {
  const { plan } = input;
  const problems: string[] = [];
  if (plan.environmentId !== environment.id) problems.push(`This plan was made for the environment "${plan.environmentId}", not ${environment.name}: check the file again there.`);
  if (plan.rows.length === 0) problems.push('The plan has no refund to send.');
  if (plan.finishedAt !== null) problems.push('This plan has run already.');
  const rowProblems: string[] = [];
  for (const { plan: row, state } of plan.rows) {
    const at = `Line ${row.line}`;
    if (state.kind !== 'pending') rowProblems.push(`${at}: it is ${state.kind}, not waiting to be sent; make a new plan from the file.`);
    if (!isUuid(row.order_id)) rowProblems.push(`${at}: "${row.order_id.slice(0, 60)}" is not an order id.`);
    if (compareMoney(row.body.amount, '0') <= 0) rowProblems.push(`${at}: a refund must be more than 0.00.`);
    // The refund dialog's rule (contract/refund-reasons.ts), as the page's checks wrote it.
    const reason = readReasonText(row.reason);
    if (reason === null || reasonText(reason) !== row.reason) {
      rowProblems.push(`${at}: the reason "${row.reason.slice(0, 60)}" is neither one of ${REFUND_REASONS.join(', ')} nor "Other: <why>".`);
    }
  }
  problems.push(...rowProblems.slice(0, MAX_LISTED));
  if (rowProblems.length > MAX_LISTED) problems.push(`…and ${rowProblems.length - MAX_LISTED} more rows like these.`);
  const body = plan.rows.map((r) => r.plan.body);
  const paymentTwice = duplicates(body.map((b) => b.payment_identifier));
  if (paymentTwice.length > 0) problems.push(`Each refund needs its own payment_identifier; used more than once: ${paymentTwice.slice(0, 5).join(', ')}.`);
  const externalTwice = duplicates(body.map((b) => b.external_id));
  if (externalTwice.length > 0) problems.push(`Each refund needs its own external_id; used more than once: ${externalTwice.slice(0, 5).join(', ')}.`);
  const keysTwice = duplicates(plan.rows.map((r) => r.plan.key));
  if (keysTwice.length > 0) problems.push(`Each row needs its own key; used more than once: ${keysTwice.slice(0, 5).join(', ')}.`);
  const sum = formatMoney(sumMoney(body.map((b) => b.amount)));
  if (compareMoney(sum, plan.total) !== 0) problems.push(`The total ${formatMoney(plan.total)} is not what the rows add up to (${sum}).`);

  const out: PlanProblems = {};
  if (problems.length > 0) out.plan = problems;
  if (environment.production) {
    if (input.confirmation === undefined) out.confirmation = [`${environment.name} is production: type the total (${formatMoney(plan.total)}) to confirm.`];
    else if (compareMoney(input.confirmation, plan.total) !== 0) out.confirmation = [`The typed total ${formatMoney(input.confirmation)} is not the plan's total ${formatMoney(plan.total)}.`];
  }
  return out.plan === undefined && out.confirmation === undefined ? null : out;
}

/** The plan as kept: amounts in their two-decimal form, so what is sent is what the sum was made of. */
export function normalisedPlan(plan: BulkRun): BulkRun {
  return {
    ...plan,
    total: formatMoney(plan.total),
    rows: plan.rows.map((row) => ({ ...row, plan: { ...row.plan, order_id: row.plan.order_id.toLowerCase(), body: { ...row.plan.body, amount: formatMoney(row.plan.body.amount) } } })),
  };
}
