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
import { addEvent, recordOutcome, takeOverStuck } from './approval-store.ts';
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
// - 400 naming payment_identifier: that identifier is already used on the order, and only this request
//   ever used it (generated here): an earlier attempt was applied. Resolved like unknown.
// - anything else (400 over-refund, 404, 409 wrong state, the service refusing the token): failed,
//   with the answer.
//
// Resolving an unknown request, never by sending blindly:
// 1. read the order (GET one order): gone (404) -> failed; unreadable -> stays unknown (next lease);
// 2. the embedded sandbox keeps each order's history (D12): a `refunded` event with this request's
//    payment_identifier -> sent. No such event -> the refund was not applied; go on to 3;
// 3. send again with the SAME identifiers. The service refuses a payment_identifier already used on
//    the order (D6), so this applies the refund only if it was not applied: 200 -> sent now; 400 on
//    payment_identifier -> it had been applied -> sent; no answer again -> stays unknown.
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

async function post(deps: SendDeps, approval: Approval): Promise<Answer> {
  const { status, text } = await deps.call(approval.environment, 'POST', orderServicePaths.orderRefund(approval.order_id), refundBody(approval));
  return { status, body: answerBody(text) };
}

async function finish(deps: SendDeps, approval: Approval, outcome: SendOutcome, actor: string | null, kind: string): Promise<Approval> {
  const updated = await recordOutcome(deps.db, approval.id, outcome);
  if (updated === null) return approval;
  await addEvent(deps.db, approval.id, actor, kind, updated.state, { answer: outcome.answer, resolution: outcome.resolution });
  await deps.audit.record({
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
  });
  return updated;
}

/** Sends a request this process has just claimed; the request as it ends (sent, failed, pending again or unknown). */
export async function sendClaimed(deps: SendDeps, approval: Approval, approver: string): Promise<Approval> {
  const answer = await post(deps, approval);
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

  if (environment.target.kind === 'sandbox') {
    const events = await deps.call(approval.environment, 'GET', sandboxPaths.orderEvents(approval.order_id));
    const history = orderEventsResponseSchema.safeParse(parseJson(events.text));
    const applied = history.success && history.data.results.some((e) => e.type === 'refunded' && e.payment_identifier === approval.payment_identifier);
    if (applied) return finish(deps, approval, { state: 'sent', answer: { status: 200, body: order.data }, resolution: 'found_in_history' }, null, 'resolved');
  }

  const again = await post(deps, approval);
  if (again.status === 200 || again.status === 201) return finish(deps, approval, { state: 'sent', answer: again, resolution: 'sent_again_not_applied_before' }, null, 'resolved');
  if (again.status === 400 && namesPaymentIdentifier(again.body)) {
    return finish(deps, approval, { state: 'sent', answer: { status: 200, body: order.data }, resolution: 'applied_before_duplicate_refused' }, null, 'resolved');
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
