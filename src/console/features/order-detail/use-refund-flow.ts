import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import { lostAnswerVerdict } from '../../../contract/refund-check.ts';
import type { Approval, RefundPreview } from '../../../contract/approvals.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import type { TeamRefundAnswer } from '../approvals/team-refund.ts';
import { findMadeRequest, previewTeamRefund, requestsKnownBefore, useTeamRefund } from '../approvals/team-refund.ts';
import { useTeamMe } from '../../lib/use-team.ts';
import { orderQueries } from '../orders/api/order-queries.ts';
import { useRefundOrder } from '../orders/api/refund-order.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { rememberRefundAccount } from './last-refund-account.ts';
import { displayAmount } from './order-format.ts';
import type { Refusal } from './refund-refusal.ts';
import { refuse, rereadFrom } from './refund-refusal.ts';
import type { RefundFormValues, RefundReasonValues } from './refund-schema.ts';
import { refundBody, refundReason } from './refund-schema.ts';

/**
 * What came back from a refund whose effect is unknown: no answer at all (dropped, timed out, lost), or
 * an answer that does not say (a 5xx, a 2xx that could not be read). Each says what happened in its own
 * words; the safe next step is the same: read the order before anything is sent again.
 */
export type Unanswered = { kind: 'no-answer'; message: string } | { kind: 'answered'; status: number; message: string };

export type RefundStep =
  | { kind: 'form' }
  /** `approval` (team mode): the server's review, whether the refund will wait for a second person and why. */
  | { kind: 'confirm'; body: RefundRequest; retry: Unanswered | null; approval?: RefundPreview['approval'] }
  /** The answer was lost or said nothing: the order is being read again to learn whether the refund happened. */
  | { kind: 'checking'; body: RefundRequest; before: string; cause: Unanswered }
  /** The check itself failed: nothing may be sent until a check succeeds. */
  | { kind: 'unknown'; body: RefundRequest; before: string; cause: Unanswered }
  | { kind: 'went-through'; refunded: string; remaining: string; cause: Unanswered }
  /** The refunded amount moved, but not by this refund's amount (a concurrent refund?). */
  | { kind: 'changed'; body: RefundRequest; before: string; after: string; cause: Unanswered }
  /** Team mode (D17): over the environment's threshold, the refund became a request another person approves. */
  | { kind: 'requested'; approval: Approval; reasons?: string[] };

export function unansweredFrom(error: ApiError): Unanswered {
  if (error.status === undefined) return { kind: 'no-answer', message: error.message };
  const said = error.detail ?? error.nonFieldErrors.join(' ');
  const message = said !== '' ? said : (error.rawText ?? '').slice(0, 200);
  return { kind: 'answered', status: error.status, message };
}

/** A refund the service made, for the page to show once the dialog is gone. */
export interface RefundDone {
  body: RefundRequest;
  refunded: string;
  remaining: string;
  /** The answer was lost and the refund was found by reading the order again. */
  learnedByCheck: boolean;
}

interface Options {
  environment: Environment;
  record: OrderRecord;
  form: UseFormReturn<RefundFormValues>;
  onDone: () => void;
  onRefunded: (done: RefundDone) => void;
  /** The service named these inputs (the dialog leaves "Full" when it refused the amount). */
  onFieldsRefused: (fields: FieldPath<RefundFormValues>[]) => void;
}

/**
 * The refund conversation, pessimistic: one request per confirmation, never retried; when its
 * answer is lost, the order is read again and the refunded amounts compared before anything else.
 * When the service refuses it, the refusal is shown and the order read again at once.
 */
export function useRefundFlow({ environment, record, form, onDone, onRefunded, onFieldsRefused }: Options) {
  const queryClient = useQueryClient();
  const mutation = useRefundOrder(environment, record.id);
  const teamMutation = useTeamRefund(environment, record.id);
  const me = useTeamMe();
  // Team mode (D17): the order's requests before this confirmation, so that a lost answer's request is told apart.
  const knownRequests = useRef<ReadonlySet<string>>(new Set());
  const [step, setStep] = useState<RefundStep>({ kind: 'form' });
  // Team mode (D17): the reason chosen with the refund under review; null in personal mode.
  const [reason, setReason] = useState<RefundReasonValues | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [reviewing, setReviewing] = useState(false);
  // Set synchronously: a double click lands before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const detail = orderQueries.detail(environment, record.id);

  /**
   * Team mode (docs/security.md): the console server reviews the refund first. Its answer holds the
   * identifiers it made, which replace the form's and are the ones sent, and says whether the refund
   * will wait for a second person, and why, before anything can be confirmed.
   */
  const reviewOnServer = async (body: RefundRequest, teamReason: RefundReasonValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setReviewing(true);
    try {
      const preview = await previewTeamRefund(environment, record.id, { amount: body.amount, destination_account_number: body.destination_account_number, ...teamReason });
      setStep({ kind: 'confirm', body: { ...body, payment_identifier: preview.payment_identifier, external_id: preview.external_id }, retry: null, approval: preview.approval });
    } catch (error) {
      await refused(error, record);
    } finally {
      inFlight.current = false;
      setReviewing(false);
    }
  };

  const review = (values: RefundFormValues) => {
    setRefusal(null);
    const teamReason = refundReason(values);
    setReason(teamReason);
    if (teamReason === null) setStep({ kind: 'confirm', body: refundBody(values), retry: null });
    else void reviewOnServer(refundBody(values), teamReason);
  };

  /** The order as the service has it now; a poll already under way may have left before the refund. */
  const readAgain = async () => {
    await queryClient.cancelQueries({ queryKey: detail.queryKey });
    return queryClient.fetchQuery({ ...detail, staleTime: 0 });
  };

  const check = async (body: RefundRequest, before: string, cause: Unanswered) => {
    setStep({ kind: 'checking', body, before, cause });
    if (reason !== null) {
      // Team mode: over the threshold the lost answer may have been a request, which leaves the order
      // as it was; the order's requests say whether one was made, before anything is sent again.
      try {
        const made = await findMadeRequest(queryClient, environment.id, record.id, { ...body, reason: reason.reason, requester: me?.email ?? null, knownBefore: knownRequests.current });
        if (made !== null) {
          setStep({ kind: 'requested', approval: made });
          return;
        }
      } catch {
        setStep({ kind: 'unknown', body, before, cause });
        return;
      }
    }
    let after: string;
    let remaining: string;
    try {
      const fresh = await readAgain();
      after = fresh.record.refund_amount;
      remaining = fresh.record.current_amount;
    } catch {
      setStep({ kind: 'unknown', body, before, cause });
      return;
    }
    if (!isAmountString(after) || !isAmountString(before)) {
      setStep({ kind: 'unknown', body, before, cause });
      return;
    }
    const verdict = lostAnswerVerdict(before, after, body.amount);
    if (verdict === 'not-applied') {
      setStep({ kind: 'confirm', body, retry: cause });
    } else if (verdict === 'applied') {
      setStep({ kind: 'went-through', refunded: after, remaining, cause });
      rememberRefundAccount(environment.id, body.destination_account_number);
      onRefunded({ body, refunded: after, remaining, learnedByCheck: true });
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
    } else {
      setStep({ kind: 'changed', body, before, after, cause });
    }
  };

  const recheck = async () => {
    if (step.kind !== 'unknown' || inFlight.current) return;
    inFlight.current = true;
    try {
      await check(step.body, step.before, step.cause);
    } finally {
      inFlight.current = false;
    }
  };

  /**
   * The service said no: back to the form with its words where they belong, and the order read
   * again at once, since a refusal often means the order changed (a refund made elsewhere, a new status).
   */
  const refused = async (error: unknown, before: OrderRecord) => {
    setStep({ kind: 'form' });
    const shown = refuse(error, before, form.setError);
    setRefusal(shown);
    onFieldsRefused(shown.fields);
    try {
      const fresh = await readAgain();
      setRefusal({ ...shown, reread: rereadFrom(fresh.record, shown.refundedBefore) });
    } catch (readError) {
      if (readError instanceof ApiError && readError.routeMissing) setRefusal({ ...shown, reread: { kind: 'cannot-ask' } });
      else setRefusal({ ...shown, reread: { kind: 'failed', message: readError instanceof Error ? readError.message : String(readError) } });
    }
    void queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
  };

  /** Personal mode: the forwarded refund. Team mode: the approvals route, with the reason (D17). */
  const send = async (body: RefundRequest): Promise<TeamRefundAnswer> => {
    if (reason === null) return { kind: 'refunded', received: await mutation.mutateAsync(body) };
    return teamMutation.mutateAsync({ ...body, ...reason });
  };

  const confirm = async (body: RefundRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const before = record;
    try {
      // Nor may a poll that left before the refund overwrite the order the refund answers with.
      await queryClient.cancelQueries({ queryKey: detail.queryKey });
      if (reason !== null) knownRequests.current = await requestsKnownBefore(queryClient, environment.id, record.id);
      const answer = await send(body);
      if (answer.kind === 'requested') {
        setStep({ kind: 'requested', approval: answer.approval, reasons: answer.reasons });
        return;
      }
      const { received } = answer;
      rememberRefundAccount(environment.id, body.destination_account_number);
      notifications.show({
        color: 'green',
        title: 'Refund done',
        message: `Refunded ${formatMoney(body.amount)} · ${displayAmount(received.record.current_amount)} remains`,
      });
      onRefunded({ body, refunded: received.record.refund_amount, remaining: received.record.current_amount, learnedByCheck: false });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.outcomeUnknown) await check(body, before.refund_amount, unansweredFrom(error));
      else await refused(error, before);
    } finally {
      inFlight.current = false;
    }
  };

  return {
    step,
    refusal,
    reason,
    pending: mutation.isPending || teamMutation.isPending || reviewing || step.kind === 'checking',
    review,
    back: () => setStep({ kind: 'form' }),
    confirm: (body: RefundRequest) => void confirm(body),
    recheck: () => void recheck(),
  };
}
