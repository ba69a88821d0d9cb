import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { DRAFT_SAVE_DELAY_MS, removeDraft, saveDraft } from './draft-storage.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { onFormChange } from './use-watch-after-paint.ts';

/** The longest an idle-time save may wait for the browser to be idle. */
export const DRAFT_IDLE_TIMEOUT_MS = 1_000;

type Cancel = () => void;

/** Runs `work` when the browser is idle (requestIdleCallback where there is one). */
function whenIdle(work: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: DRAFT_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/**
 * Saves the form as a draft once typing pauses (DRAFT_SAVE_DELAY_MS after the last change, then
 * in idle time): serialising 250 rows takes a few ms, which must not land on a keystroke. A
 * subscription, not useWatch: typing must not re-render the form. Unsaved changes are written at
 * once when the page is hidden or unloaded (reload, tab closed, another tab: pagehide and
 * visibilitychange) and when the form unmounts, so nothing typed is lost to the delay. `discard`
 * stops all that (after a successful create or "Clear form").
 */
export function useDraftAutosave(
  form: Pick<UseFormReturn<CreateOrderFormValues, unknown, OrderCreateRequest>, 'subscribe' | 'getValues'>,
  environmentId: string,
): { discard: () => void } {
  const dirty = useRef(false);
  const pending = useRef<Cancel | null>(null);
  const { subscribe, getValues } = form;

  const cancel = useCallback(() => {
    pending.current?.();
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    cancel();
    if (!dirty.current) return;
    dirty.current = false;
    saveDraft(environmentId, getValues());
  }, [cancel, environmentId, getValues]);

  useEffect(() => {
    const schedule = () => {
      cancel();
      const timer = setTimeout(() => {
        pending.current = whenIdle(() => {
          pending.current = null;
          flush();
        });
      }, DRAFT_SAVE_DELAY_MS);
      pending.current = () => clearTimeout(timer);
    };
    // Every change of the values, without re-rendering the form (onFormChange).
    const unsubscribe = onFormChange(subscribe, undefined, () => {
      dirty.current = true;
      schedule();
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [subscribe, cancel, flush]);

  const discard = useCallback(() => {
    cancel();
    dirty.current = false;
    removeDraft(environmentId);
  }, [cancel, environmentId]);

  return { discard };
}
