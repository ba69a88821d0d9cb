import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { DRAFT_SAVE_DELAY_MS, removeDraft, saveDraft } from './draft-storage.ts';
import type { CreateOrderFormValues } from './form-values.ts';

/**
 * Saves the form as a draft ~300 ms after the last change. A subscription, not useWatch: typing
 * must not re-render the form. Leaving the page saves at once; `discard` stops that (after a
 * successful create or "Clear form").
 */
export function useDraftAutosave(
  form: Pick<UseFormReturn<CreateOrderFormValues, unknown, OrderCreateRequest>, 'subscribe' | 'getValues'>,
  environmentId: string,
): { discard: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { subscribe, getValues } = form;

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => {
        cancel();
        timer.current = setTimeout(() => {
          timer.current = null;
          saveDraft(environmentId, getValues());
        }, DRAFT_SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      if (timer.current !== null) {
        cancel();
        saveDraft(environmentId, getValues());
      }
    };
  }, [subscribe, getValues, environmentId, cancel]);

  const discard = useCallback(() => {
    cancel();
    removeDraft(environmentId);
  }, [cancel, environmentId]);

  return { discard };
}
