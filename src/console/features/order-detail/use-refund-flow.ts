import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isAmountString } from '../../../contract/fields.ts';
import { compareMoney, formatMoney, subtractMoney } from '../../../contract/money.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import { orderQueries } from '../orders/api/order-queries.ts';
import { useRefundOrder } from '../orders/api/refund-order.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { displayAmount } from './order-format.ts';
import type { RefundFormValues } from './refund-schema.ts';
import { isRefundField, refundBody } from './refund-schema.ts';

export type RefundStep =
  | { kind: 'form' }
  | { kind: 'confirm'; body: RefundRequest; retryNotice: boolean }
  /** The answer was lost: the order is being read again to learn whether the refund happened. */
  | { kind: 'checking'; body: RefundRequest; before: string }
  /** The check itself failed: nothing may be sent until a check succeeds. */
  | { kind: 'unknown'; body: RefundRequest; before: string }
  | { kind: 'went-through'; refunded: string; remaining: string }
  /** The refunded amount moved, but not by this refund's amount (a concurrent refund?). */
  | { kind: 'changed'; body: RefundRequest; before: string; after: string };

interface Options {
  environment: Environment;
  record: OrderRecord;
  form: UseFormReturn<RefundFormValues>;
  onDone: () => void;
}

/**
 * The refund conversation, pessimistic: one request per confirmation, never retried; when its
 * answer is lost, the order is read again and the refunded amounts compared before anything else.
 */
export function useRefundFlow({ environment, record, form, onDone }: Options) {
  const queryClient = useQueryClient();
  const mutation = useRefundOrder(environment, record.id);
  const [step, setStep] = useState<RefundStep>({ kind: 'form' });
  const [conflict, setConflict] = useState<string | null>(null);
  // Set synchronously: a double click lands before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const review = (values: RefundFormValues) => {
    setConflict(null);
    setStep({ kind: 'confirm', body: refundBody(values), retryNotice: false });
  };

  const detail = orderQueries.detail(environment, record.id);

  const check = async (body: RefundRequest, before: string) => {
    setStep({ kind: 'checking', body, before });
    let after: string;
    let remaining: string;
    try {
      // A poll already under way may have left before the refund arrived: its answer would say
      // "not refunded" wrongly, so it is cancelled and the order read anew.
      await queryClient.cancelQueries({ queryKey: detail.queryKey });
      const fresh = await queryClient.fetchQuery({ ...detail, staleTime: 0 });
      after = fresh.record.refund_amount;
      remaining = fresh.record.current_amount;
    } catch {
      setStep({ kind: 'unknown', body, before });
      return;
    }
    if (!isAmountString(after) || !isAmountString(before)) {
      setStep({ kind: 'unknown', body, before });
      return;
    }
    const added = subtractMoney(after, before);
    if (compareMoney(added, '0') === 0) {
      setStep({ kind: 'confirm', body, retryNotice: true });
    } else if (compareMoney(added, body.amount) === 0) {
      setStep({ kind: 'went-through', refunded: after, remaining });
      await queryClient.invalidateQueries({ queryKey: orderQueries.lists(environment) });
    } else {
      setStep({ kind: 'changed', body, before, after });
    }
  };

  const recheck = async () => {
    if (step.kind !== 'unknown' || inFlight.current) return;
    inFlight.current = true;
    try {
      await check(step.body, step.before);
    } finally {
      inFlight.current = false;
    }
  };

  const confirm = async (body: RefundRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const before = record.refund_amount;
    try {
      // Nor may a poll that left before the refund overwrite the order the refund answers with.
      await queryClient.cancelQueries({ queryKey: detail.queryKey });
      const received = await mutation.mutateAsync(body);
      notifications.show({
        color: 'green',
        title: 'Refund done',
        message: `Refunded ${formatMoney(body.amount)} · ${displayAmount(received.record.current_amount)} remains`,
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.outcomeUnknown) {
        await check(body, before);
        return;
      }
      setStep({ kind: 'form' });
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.detail ?? error.message);
        // The order moved on: show its current status on the page behind the dialog.
        void queryClient.invalidateQueries({ queryKey: detail.queryKey });
      } else if (error instanceof ApiError) {
        applyServerErrors(error, form.setError, isRefundField);
      } else {
        form.setError(SERVER_ERROR_KEY, { type: 'server', message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      inFlight.current = false;
    }
  };

  return {
    step,
    conflict,
    pending: mutation.isPending || step.kind === 'checking',
    review,
    back: () => setStep({ kind: 'form' }),
    confirm: (body: RefundRequest) => void confirm(body),
    recheck: () => void recheck(),
  };
}
