import { z } from 'zod';
import type { Approval } from '../../contract/approvals.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import type { Queryable } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import type { ServiceCall } from '../forward.ts';
import { auditOutcome } from '../forward.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { SendOutcome } from './approval-store.ts';
import { addEvent, keepRefundedBefore, recordOutcome, refundedBeforeOf, takeOverStuck } from './approval-store.ts';
import { settleRefund } from './refund-ledger.ts';
import { auditUnavailable, recordIntent, recordOutcome as recordAuditOutcome } from '../write-ahead.ts';
import { compareMoney } from '../../contract/money.ts';
import { lostAnswerVerdict } from '../../contract/refund-check.ts';
import { parseJson } from '../../contract/json-text.ts';

// docs/decisions.md D17: sending an approved refund exactly once. Only the process whose UPDATE claimed
// the request (claimForSending) gets here, and it sends the identifiers stored at request time.
// What the service answers decides what happens next:
// - 200/201: sent.
// - 429 or 503: the service did nothing (D13's status faults; a real service's "come back later"):
//   back to pending with the answer kept, so an approver may approve again; the retry sends the same
//   identifiers, so even a 503 that had acted is refused as a duplicate rather than paid twice.
// - no answer (lost, reset, unreachable: 424 service_unreachable) or another 5xx: unknown, then
//   resolved at once by reading the order (below).
// - 400 naming payment_identifier: that identifier is already used on the order: an earlier attempt
//   was applied, or something else used it. Resolved like unknown, and sent only when the order shows
//   this refund (below).
// - anything else (400 over-refund, 404, 409 wrong state, the service refusing the token): failed,
//   with the answer.
//
// Resolving an unknown request, never by sending blindly:
// 1. read the order (GET one order): gone (404) -> failed; unreadable -> stays unknown (next lease);
// 2. the embedded sandbox keeps each order's history (D12): a `refunded` event with this request's
//    payment_identifier and amount -> sent; with another amount -> failed (not this refund). No such
//    event -> the refund was not applied; go on to 3;
// 3. send again with the SAME identifiers. The service refuses a payment_identifier already used on
//    the order (D6), so this applies the refund only if it was not applied: 200 -> sent now; 400 on
//    payment_identifier -> sent only if the order's refunded amount grew by exactly this amount since
//    the first send (kept then); unchanged -> failed (another refund used it); moved by another amount
//    -> stays unknown for a person; no answer again -> stays unknown.
// Every send's intent is in the audit log before it leaves (write-ahead.ts); when it cannot be written
// nothing is sent: an approval waits again (503 to the approver), a resolution waits for its next turn.
// A request stays unknown only while the service cannot be reached; every later read of the queue
// tries again once its lease has run out (takeOverStuck), and so does a console process that starts
// after one was killed between the claim and the answer.

export interface SendDeps {
  db: Queryable;
  audit: AuditSink;
  call: ServiceCall;
  environments: readonly TeamEnvironment[];
  /** How long a process holds a request it is sending or resolving before another may take it over. */
  leaseMs: number;
  log: (line: string) => void;
}

type Answer = { status: number; body: unknown };

/** An answer's JSON, or the start of its text when it is not JSON (kept with the approval's outcome). */
const answerBody = (text: string): unknown => {
  const value = parseJson(text);
  return value === undefined ? text.slice(0, 2000) : value;
};

const codeSchema = z.object({ code: z.string() });
const namesPaymentIdentifier = (body: unknown) => typeof body === 'object' && body !== null && 'payment_identifier' in body;
const unreachable = (answer: Answer) => answer.status === 424 && codeSchema.safeParse(answer.body).data?.code === 'service_unreachable';
const noAnswer = (answer: Answer) => unreachable(answer) || (answer.status >= 500 && answer.status !== 503);
const retryLater = (answer: Answer) => answer.status === 429 || answer.status === 503;

const refundBody = (approval: Approval) => ({
  amount: approval.amount,
  destination_account_number: approval.destination_account_number,
  payment_identifier: approval.payment_identifier,
  external_id: approval.external_id,
});

/** The refund, sent with the request's identifiers, its intent in the audit log first (null: it could not be written, nothing was sent). */
async function post(deps: SendDeps, approval: Approval, actor: string | null): Promise<Answer | null> {
  try {
    await recordIntent(deps.audit, { user: actor, role: null, environment: approval.environment, action: 'refund_send', order_id: approval.order_id, body: { approval_id: approval.id, ...refundBody(approval) }, address: null, user_agent: null }, deps.log);
  } catch {
    return null;
  }
  const { status, text } = await deps.call(approval.environment, 'POST', orderServicePaths.orderRefund(approval.order_id), refundBody(approval));
  return { status, body: answerBody(text) };
}

/** The order's refunded amount now (kept before the first send), or null when it cannot be read. */
async function refundedNow(deps: SendDeps, approval: Approval): Promise<string | null> {
  const read = await deps.call(approval.environment, 'GET', orderServicePaths.orderRead(approval.order_id));
  const order = orderSchema.safeParse(answerBody(read.text));
  return read.status === 200 && order.success ? order.data.refund_amount : null;
}

// What the ledger (refund-ledger.ts) counts for a request as it ends: back to pending counts as the request again.
const LEDGER_STATE = { sent: 'sent', failed: 'failed', unknown: 'unknown', pending: 'failed' } as const;

async function finish(deps: SendDeps, approval: Approval, outcome: SendOutcome, actor: string | null, kind: string): Promise<Approval> {
  const updated = await recordOutcome(deps.db, approval.id, outcome);
  if (updated === null) return approval;
  await settleRefund(deps.db, approval.environment, approval.payment_identifier, LEDGER_STATE[outcome.state]);
  await addEvent(deps.db, approval.id, actor, kind, updated.state, { answer: outcome.answer, resolution: outcome.resolution });
  await recordAuditOutcome(deps.audit, {
    user: actor,
    role: null,
    environment: approval.environment,
    action: kind === 'sent' ? 'refund_sent' : 'approval_resolve',
    order_id: approval.order_id,
    body: { approval_id: approval.id, ...refundBody(approval), reason: approval.reason, state: updated.state, resolution: outcome.resolution, answer: outcome.answer },
    // Said as the forwarded refund says it (`424 service_unreachable`), so one search of the audit finds both.
    outcome: outcome.answer === null ? updated.state : `${updated.state} ${auditOutcome(outcome.answer.status, outcome.answer.body)}`,
    address: null,
    user_agent: null,
  }, deps.log);
  return updated;
}

/** Sends a request this process has just claimed; the request as it ends (sent, failed, pending again or unknown). */
export async function sendClaimed(deps: SendDeps, approval: Approval, approver: string): Promise<Approval> {
  const before = await refundedNow(deps, approval);
  if (before !== null) await keepRefundedBefore(deps.db, approval.id, before);
  const answer = await post(deps, approval, approver);
  if (answer === null) {
    // Nothing was sent: the request waits again, and the approver is told to try once more.
    await finish(deps, approval, { state: 'pending', answer: { status: 503, body: { code: 'audit_unavailable' } }, resolution: 'audit_unavailable' }, approver, 'sent');
    throw auditUnavailable();
  }
  if (answer.status === 200 || answer.status === 201) return finish(deps, approval, { state: 'sent', answer, resolution: 'answered' }, approver, 'sent');
  if (retryLater(answer)) return finish(deps, approval, { state: 'pending', answer, resolution: 'retry_later' }, approver, 'sent');
  if (noAnswer(answer) || (answer.status === 400 && namesPaymentIdentifier(answer.body))) {
    const unknown = await finish(deps, approval, { state: 'unknown', answer, resolution: 'no_answer', leaseMs: deps.leaseMs }, approver, 'sent');
    // Taken over meanwhile (this process outlived its lease): the other process resolves it.
    return unknown.state === 'unknown' ? resolveUnknown(deps, unknown) : unknown;
  }
  return finish(deps, approval, { state: 'failed', answer, resolution: 'answered' }, approver, 'sent');
}

/** Finds out whether an unknown request's refund was applied (see the top of this file). */
export async function resolveUnknown(deps: SendDeps, approval: Approval): Promise<Approval> {
  const environment = deps.environments.find((e) => e.id === approval.environment);
  if (environment === undefined) return approval;
  const read = await deps.call(approval.environment, 'GET', orderServicePaths.orderRead(approval.order_id));
  const readAnswer = { status: read.status, body: answerBody(read.text) };
  if (read.status === 404) return finish(deps, approval, { state: 'failed', answer: readAnswer, resolution: 'order_not_found' }, null, 'resolved');
  const order = orderSchema.safeParse(readAnswer.body);
  if (!order.success) {
    await addEvent(deps.db, approval.id, null, 'resolve_later', approval.state, { read: readAnswer });
    return approval;
  }
  await addEvent(deps.db, approval.id, null, 'order_read', approval.state, { status: order.data.status, current_amount: order.data.current_amount, refund_amount: order.data.refund_amount });

  // Sent only when the order shows it: a refunded event of this identifier AND this amount, or the
  // refunded amount grown by exactly this amount since the first send. An identifier used by another
  // refund (of 0.01, say) is not this refund.
  if (environment.target.kind === 'sandbox') {
    const events = await deps.call(approval.environment, 'GET', sandboxPaths.orderEvents(approval.order_id));
    const history = orderEventsResponseSchema.safeParse(parseJson(events.text));
    const ours = history.success ? history.data.results.find((e) => e.type === 'refunded' && e.payment_identifier === approval.payment_identifier) : undefined;
    if (ours?.type === 'refunded') {
      if (compareMoney(ours.amount, approval.amount) === 0) return finish(deps, approval, { state: 'sent', answer: { status: 200, body: order.data }, resolution: 'found_in_history' }, null, 'resolved');
      return finish(deps, approval, { state: 'failed', answer: { status: 200, body: order.data }, resolution: `identifier_used_by_a_refund_of_${ours.amount}` }, null, 'resolved');
    }
  }

  const again = await post(deps, approval, null);
  if (again === null) return approval;
  if (again.status === 200 || again.status === 201) return finish(deps, approval, { state: 'sent', answer: again, resolution: 'sent_again_not_applied_before' }, null, 'resolved');
  if (again.status === 400 && namesPaymentIdentifier(again.body)) {
    const before = await refundedBeforeOf(deps.db, approval.id);
    const verdict = before === null ? 'changed' : lostAnswerVerdict(before, order.data.refund_amount, approval.amount);
    if (verdict === 'applied') return finish(deps, approval, { state: 'sent', answer: { status: 200, body: order.data }, resolution: 'applied_before_duplicate_refused' }, null, 'resolved');
    if (verdict === 'not-applied') return finish(deps, approval, { state: 'failed', answer: again, resolution: 'identifier_used_by_another_refund' }, null, 'resolved');
    // The order moved by another amount as well: a person must look at its refunds.
    await addEvent(deps.db, approval.id, null, 'needs_a_person', approval.state, { answer: again, refunded_before: before, refunded_now: order.data.refund_amount });
    return approval;
  }
  if (noAnswer(again) || retryLater(again)) {
    await addEvent(deps.db, approval.id, null, 'resolve_later', approval.state, { answer: again });
    return approval;
  }
  return finish(deps, approval, { state: 'failed', answer: again, resolution: 'answered_when_sent_again' }, null, 'resolved');
}

/** Requests stuck in sending/unknown past their lease (a killed process, an unreachable service): resolved now. */
export async function recoverStuck(deps: SendDeps): Promise<Approval[]> {
  const taken = await takeOverStuck(deps.db, deps.leaseMs);
  const resolved: Approval[] = [];
  for (const approval of taken) {
    await addEvent(deps.db, approval.id, null, 'taken_over', 'unknown', null);
    try {
      resolved.push(await resolveUnknown(deps, approval));
    } catch (error) {
      deps.log(`approvals: resolving ${approval.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return resolved;
}
