import { useEffect, useEffectEvent, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import type { CreateOrderFormValues } from './form-values.ts';

/** What a figure or a row's messages follow the form through: its changes (subscribe), its values and its fields' errors. */
export type FormValuesSource = Pick<UseFormReturn<CreateOrderFormValues, unknown, OrderCreateRequest>, 'subscribe' | 'getValues' | 'getFieldState'>;

type Cancel = () => void;

type Names = FieldPath<CreateOrderFormValues> | readonly FieldPath<CreateOrderFormValues>[] | undefined;

/**
 * Whether a change the form announced for `changed` (undefined: the whole form) concerns `name`:
 * react-hook-form's own rule (not exact), a change at, above or under it.
 */
export function concernsName(name: string, changed: string | undefined): boolean {
  return changed === undefined || changed === '' || name === changed || name.startsWith(changed) || changed.startsWith(name);
}

/**
 * Calls `listener` on every change of the form's values at, above or under `names` (any field's
 * when undefined): a keystroke, setValue, a reset, a row added, moved or removed. Not on what else
 * the form announces (touched, errors, submitting). react-hook-form's subscribe, asked for values:
 * it then copies the form's values on each such change to hand them over, which nothing here reads
 * (the figures and the draft read getValues() once the keystroke's frame is painted); the cost of
 * that copy is measured in docs/performance.md.
 */
export function onFormChange(subscribe: FormValuesSource['subscribe'], names: Names, listener: () => void): Cancel {
  return subscribe({ ...(names === undefined ? {} : { name: names }), formState: { values: true }, callback: () => listener() });
}

/**
 * Runs `work` in a task of its own after the browser has painted the next frame: a timer set from
 * requestAnimationFrame runs once that frame is on screen (in a hidden tab, once it is shown again:
 * nobody sees the figures meanwhile). Where there is no requestAnimationFrame at all, a timer of
 * one frame's length stands in for the frame.
 */
export function afterNextPaint(work: () => void): Cancel {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof window.requestAnimationFrame !== 'function') {
    timer = setTimeout(work, 16);
    return () => clearTimeout(timer);
  }
  const frame = window.requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `compute` over the form's values, updated after the frame that shows a change (see afterNextPaint),
 * not in the task of the keystroke that made it. With 200 items a keystroke in an amount re-rendered
 * the line total and the items summary, summed the 200 lines and laid the whole form out again (the
 * summary's warning quotes the total in running text) before the typed character reached the screen
 * (docs/performance.md, "Typing"). Now the keystroke's frame shows only the character; the
 * figures follow one frame later, in a task of their own, and keystrokes closer together than a
 * frame share one update.
 *
 * `name` narrows the changes listened to, as useWatch's (a row's path also hears changes to the
 * whole list: rows added, removed, moved, a reset). The component re-renders only when `same` says
 * the result changed.
 */
export function useWatchAfterPaint<T>(
  form: FormValuesSource,
  name: FieldPath<CreateOrderFormValues> | readonly FieldPath<CreateOrderFormValues>[],
  compute: (values: CreateOrderFormValues) => T,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const { subscribe, getValues } = form;
  const [value, setValue] = useState(() => compute(getValues()));
  // Reads the latest compute and same, so callers may pass inline functions without resubscribing.
  const update = useEffectEvent(() => {
    const next = compute(getValues());
    setValue((previous) => (same(previous, next) ? previous : next));
  });
  const listen = useEffectEvent((callback: () => void) => onFormChange(subscribe, name, callback));
  // One key for the names, so an array literal per render does not resubscribe either.
  const names = typeof name === 'string' ? name : name.join('\u0000');

  useEffect(() => {
    let pending: Cancel | null = null;
    const schedule = () => {
      pending ??= afterNextPaint(() => {
        pending = null;
        update();
      });
    };
    const unsubscribe = listen(schedule);
    // A change between the first render and this subscription would otherwise go unseen.
    schedule();
    return () => {
      unsubscribe();
      pending?.();
    };
  }, [names]);

  return value;
}

/**
 * `value` as shown: a change reaches the screen after the frame that follows it (afterNextPaint),
 * not in the task that made it. For what a keystroke changes besides its own character (a row's
 * error messages): re-rendering the row and laying the form out again for a message that comes or
 * goes made those keystrokes the slowest of a 200-row form. Changes closer together than a frame show the
 * latest one. `same` tells an equal value from a changed one (the caller may build a new object per
 * render).
 */
export function useShownAfterPaint<T>(value: T, same: (a: T, b: T) => boolean): T {
  const [shown, setShown] = useState(value);
  const changed = !same(shown, value);
  const show = useEffectEvent(() => setShown(value));
  // Scheduled once per change; `show` reads the value as it is by then. Keyed on what is shown too:
  // when the value moved again in the render that showed the last one, `changed` stays true, and
  // without `shown` the effect would not run again and the field would keep its old message (a fixed
  // field staying red).
  useEffect(() => {
    if (!changed) return undefined;
    return afterNextPaint(show);
  }, [changed, shown]);
  return shown;
}
