import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { applyServerErrors, SERVER_ERROR_KEY } from '../../lib/form-errors.ts';
import { useCreateOrder } from '../orders/api/create-order.ts';
import { orderIndex } from '../orders/order-index.ts';
import type { ReceivedOrder } from '../orders/order-record.ts';
import type { ExistingOrder } from './existing-order.ts';
import { findExistingOrder } from './existing-order.ts';
import { findCreatedOrder } from './find-created-order.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { formFieldGuard } from './form-values.ts';

/** What the console knows about a create whose answer never came (network, timeout, 5xx). */
export type UnknownOutcome =
  | { kind: 'unknown'; body: OrderCreateRequest; reason: string; checkProblem: string | null }
  | { kind: 'found'; body: OrderCreateRequest; order: ReceivedOrder };

type Form = UseFormReturn<CreateOrderFormValues, unknown, OrderCreateRequest>;

/**
 * Sending the create: one request per click, field errors onto inputs, and a careful retry when
 * the outcome is unknown (a create that went through must not be sent again).
 */
export function useCreateOrderSubmit(environment: Environment, form: Form, onCreated: () => void) {
  const mutation = useCreateOrder(environment);
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<UnknownOutcome | null>(null);
  const [checking, setChecking] = useState(false);
  // 401/403: shown on the page with the way to Settings, until the next attempt.
  const [authProblem, setAuthProblem] = useState<ApiError | null>(null);
  /** A valid body waiting for the person's confirmation (production environments). */
  const [confirming, setConfirming] = useState<OrderCreateRequest | null>(null);
  /** The order a duplicate order_external_id error is about, when the console found it. */
  const [existing, setExisting] = useState<ExistingOrder | null>(null);
  // A ref, not state: a second click arrives before React re-renders the disabled button.
  const busy = useRef(false);
  const { handleSubmit, setError, clearErrors, getValues } = form;
  const { mutateAsync } = mutation;

  const send = useCallback(
    async (body: OrderCreateRequest) => {
      setOutcome(null);
      setAuthProblem(null);
      setExisting(null);
      clearErrors(SERVER_ERROR_KEY);
      let received: ReceivedOrder;
      try {
        received = await mutateAsync(body);
      } catch (error) {
        if (!(error instanceof ApiError)) {
          setError(SERVER_ERROR_KEY, { type: 'client', message: error instanceof Error ? error.message : String(error) });
          return;
        }
        // 401/403: the page says so and points to Settings; everything typed stays.
        if (error.isAuth) {
          setAuthProblem(error);
          return;
        }
        if (error.outcomeUnknown) {
          setOutcome({ kind: 'unknown', body, reason: error.message, checkProblem: null });
          return;
        }
        const isField = formFieldGuard(() => ({ items: getValues('items').length, transaction_history: getValues('transaction_history').length }));
        applyServerErrors(error, setError, isField);
        if (error.status === 400 && error.fieldErrors.some((field) => field.path === 'order_external_id')) {
          // Most likely a duplicate (the form checks everything else about it): find the order to link to.
          void findExistingOrder(environment, body.order_external_id).then(setExisting);
        }
        return;
      }
      onCreated();
      notifications.show({ color: 'green', title: 'Order created', message: `Order ${body.order_external_id} was created.` });
      const id = received.record.id;
      await navigate(id !== '' ? `/orders/${encodeURIComponent(id)}` : '/orders');
    },
    [mutateAsync, clearErrors, setError, getValues, onCreated, navigate, environment],
  );

  const once = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } finally {
      busy.current = false;
    }
  }, []);

  /**
   * While an earlier create's outcome is unknown, nothing is sent before the sandbox is asked
   * whether that order exists (a resend would create it twice if the ids differ, or be refused).
   * Elsewhere the service's duplicate check is the guard: the resend fails on order_external_id.
   */
  const checkThenSend = useCallback(
    async (body: OrderCreateRequest, reason: string) => {
      if (environment.sandbox) {
        setChecking(true);
        let found: ReceivedOrder | null;
        try {
          found = await findCreatedOrder(environment, body.order_external_id);
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          setOutcome({ kind: 'unknown', body, reason, checkProblem: `Could not check whether the order exists (${why}). Nothing was sent again.` });
          return;
        } finally {
          setChecking(false);
        }
        if (found !== null) {
          orderIndex.remember(environment.id, found);
          setOutcome({ kind: 'found', body, order: found });
          return;
        }
      }
      await send(body);
    },
    [environment, send],
  );

  const dispatch = useCallback(
    (body: OrderCreateRequest) => (outcome?.kind === 'unknown' ? checkThenSend(body, outcome.reason) : send(body)),
    [outcome, checkThenSend, send],
  );

  const submit = useCallback(
    (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      const onValid = async (body: OrderCreateRequest) => {
        // Production: nothing is sent before the person confirms the environment and the amount.
        if (environment.production) setConfirming(body);
        else await dispatch(body);
      };
      return once(() => handleSubmit(onValid)());
    },
    [once, handleSubmit, dispatch, environment.production],
  );

  /** Sends the body the person just confirmed (production). */
  const confirm = useCallback(() => {
    if (confirming === null) return Promise.resolve();
    const body = confirming;
    setConfirming(null);
    return once(() => dispatch(body));
  }, [confirming, once, dispatch]);

  const cancelConfirm = useCallback(() => setConfirming(null), []);

  /** Sends the same body as the attempt whose answer was lost, after the check. */
  const retry = useCallback(
    () =>
      once(async () => {
        if (outcome?.kind === 'unknown') await checkThenSend(outcome.body, outcome.reason);
      }),
    [once, outcome, checkThenSend],
  );

  const dismiss = useCallback(() => setOutcome(null), []);

  return { submit, retry, dismiss, outcome, authProblem, pending: mutation.isPending || checking, checking, confirming, confirm, cancelConfirm, existing };
}
