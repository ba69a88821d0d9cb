import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import type { NativeSelectProps, TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Children, memo, useCallback, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { FieldPath } from 'react-hook-form';
import { normalizeDecimalInput } from '../../lib/decimal-input.ts';
import type { CreateOrderControl, CreateOrderFormValues } from './form-values.ts';
import type { FormValuesSource } from './use-watch-after-paint.ts';
import { concernsName, useShownAfterPaint } from './use-watch-after-paint.ts';

// The inputs of the item and transaction rows. 200 items and 50 transactions hold 1,500 inputs; as
// controlled fields (useController) each one is two react-hook-form subscriptions (its value and
// its state), and every keystroke anywhere walked all 3,000 of them two or three times, then
// re-rendered the Mantine input. Registered (uncontrolled) inputs keep their text in the DOM:
// react-hook-form reads it on change and writes it on registration, reset and field-array moves,
// so a keystroke re-renders nothing here and costs no subscription. Each row listens to the errors
// of its own fields (useRowErrors, one subscription of the form for all rows) and hands each input its message.
//
// Every row input and select says autocomplete="off" (unless a row passes its own): the rows hold a
// customer's order, not the agent's details, so the browser has nothing of its own to offer there. It
// also keeps them out of the page state Chromium saves for back/forward (a pass over every control that
// does not say "off", run about once a second while the person types): with 250 rows that pass was
// long enough to land between a keystroke and its paint, and almost nothing with every control off
// (docs/performance.md, "Typing").
//
// A row's inputs register under names that carry the row index; rows are keyed by the field
// array's ids, so a reset (sample data, import, clear) mounts them afresh and a remove or insert
// re-renders the moved rows under their new names, as react-hook-form's field arrays expect.

type Name = FieldPath<CreateOrderFormValues>;

type Registered = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'ref';

type RowTextInputProps = Omit<TextInputProps, Registered> & {
  control: CreateOrderControl;
  /** The JSON path of the member in the request body: the input's `name` (D10). */
  name: Name;
  error: string | undefined;
  /** An amount (D11): a decimal comma becomes a dot, and outer spaces go, as the person leaves the field. */
  decimal?: boolean;
};

/**
 * An uncontrolled Mantine TextInput registered with the form under its JSON path. Memoised: its
 * props are text and module constants, so when one message of a row changes only that input
 * re-renders.
 *
 * Leaving the input tells the form only once the person typed in it, as TextField does:
 * tabbing through a new row does not paint it red. Rows mount afresh on a reset, so "typed" is per
 * mounted input.
 */
export const RowTextInput = memo(function RowTextInput({ control, name, error, decimal = false, ...props }: RowTextInputProps) {
  const { ref: register, onBlur, onChange, ...registration } = control.register(name);
  const input = useRef<HTMLInputElement | null>(null);
  const typed = useRef(false);
  const errorHeight = useRef(0);
  const setRef = (element: HTMLInputElement | null) => {
    input.current = element;
    register(element);
  };

  // While the field has focus, its error line keeps its place when the message goes: typing in a
  // field that shows an error ("too many digits", then fixed, then wrong again) would otherwise move
  // every row below it up and down, a jump the user sees and a whole-form layout and repaint per
  // such keystroke. The space is given back when the field loses focus.
  useLayoutEffect(() => {
    const wrapper = wrapperOf(input.current);
    if (wrapper === null) return;
    if (error !== undefined) {
      wrapper.style.minHeight = '';
      errorHeight.current = wrapper.getBoundingClientRect().height;
    } else if (errorHeight.current > 0 && document.activeElement === input.current) {
      wrapper.style.minHeight = `${errorHeight.current}px`;
    }
  }, [error]);

  return (
    <TextInput
      autoComplete="off"
      {...props}
      {...registration}
      ref={setRef}
      onChange={(event) => {
        typed.current = true;
        void onChange(event);
      }}
      onBlur={(event) => {
        const target = event.currentTarget;
        const wrapper = wrapperOf(target);
        if (wrapper !== null) wrapper.style.minHeight = '';
        if (decimal) {
          const next = normalizeDecimalInput(target.value);
          if (next !== target.value) {
            // The form reads a registered input's text from the element: show the new text, then tell it.
            target.value = next;
            void onChange({ target, type: 'change' });
          }
        }
        if (typed.current) void onBlur(event);
      }}
      wrapperProps={ROW_FIELD_WRAPPER}
      error={error}
    />
  );
});

const ROW_FIELD_WRAPPER = { 'data-row-field': '' };

function wrapperOf(element: HTMLElement | null): HTMLElement | null {
  return element?.closest<HTMLElement>('[data-row-field]') ?? null;
}

type RowSelectProps = Omit<NativeSelectProps, Registered | 'data'> & {
  control: CreateOrderControl;
  name: Name;
  error: string | undefined;
  options: readonly string[];
  /** Shown as the first, empty choice. */
  emptyLabel: string;
};

/** A native <select>, registered and memoised like RowTextInput (QA can `selectOption` on it by its name). */
export const RowSelect = memo(function RowSelect({ control, name, error, options, emptyLabel, ...props }: RowSelectProps) {
  const data = useMemo(() => [{ value: '', label: emptyLabel }, ...options.map((o) => ({ value: o, label: o }))], [emptyLabel, options]);
  const { onChange, onBlur, ...registration } = control.register(name);
  // As RowTextInput: leaving the select tells the form only after the person chose something in it.
  const chosen = useRef(false);
  return (
    <NativeSelect
      autoComplete="off"
      {...props}
      {...registration}
      onChange={(event) => {
        chosen.current = true;
        void onChange(event);
      }}
      onBlur={(event) => {
        if (chosen.current) void onBlur(event);
      }}
      data={data}
      error={error}
    />
  );
});

/**
 * The error messages of one row's fields, by field. The row re-renders when one of them changes, so
 * its inner part is memoised on these messages. A changed message is shown after the frame of the
 * keystroke that changed it (useShownAfterPaint): the typed character first.
 *
 * Every row listens through one subscription per form (subscribeRowErrors), not a useFormState of
 * its own: react-hook-form hands each of its subscribers every announcement, keystrokes included,
 * and 250 rows would compare 250 names per keystroke. The one subscription hears only what carries
 * errors (a keystroke that validates nothing does not) and asks only the rows the change concerns.
 */
export function useRowErrors<F extends string>(form: FormValuesSource, path: `items.${number}` | `transaction_history.${number}`, fields: readonly F[]): Record<F, string | undefined> {
  const { subscribe, getFieldState } = form;
  const read = () => fields.map((field) => messageOf(getFieldState(`${path}.${field}` as Name).error) ?? NO_MESSAGE).join(SEPARATOR);
  const key = useSyncExternalStore(
    useCallback((listener: () => void) => subscribeRowErrors(subscribe, path, listener), [subscribe, path]),
    read,
    read,
  );
  const messages = useMemo(() => {
    const texts = key.split(SEPARATOR);
    const out = {} as Record<F, string | undefined>;
    fields.forEach((field, index) => {
      const text = texts[index];
      out[field] = text === undefined || text === NO_MESSAGE ? undefined : text;
    });
    return out;
  }, [key, fields]);
  return useShownAfterPaint(messages, sameMessages);
}

// A snapshot is the row's messages as one string (useSyncExternalStore compares snapshots with
// Object.is), joined by a character no message holds; a field without a message is NO_MESSAGE.
const SEPARATOR = '\u0001';
const NO_MESSAGE = '\u0000';

function messageOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

interface RowErrorsHub {
  readonly rows: Set<{ path: string; listener: () => void }>;
  readonly stop: () => void;
}

type Subscribe = FormValuesSource['subscribe'];

/** One hub per form, found by its subscribe (the same function for the form's whole life). */
const hubs = new WeakMap<Subscribe, RowErrorsHub>();

/**
 * Calls `listener` when the form announces errors (a validation, a submit, setError, a reset, rows
 * moved) that concern the row at `path`. One subscription to the form's errors serves every row of
 * the form; it goes when the last row does.
 */
function subscribeRowErrors(subscribe: Subscribe, path: string, listener: () => void): () => void {
  let hub = hubs.get(subscribe);
  if (hub === undefined) {
    const rows: RowErrorsHub['rows'] = new Set();
    const stop = subscribe({
      formState: { errors: true },
      callback: (change) => {
        for (const row of rows) if (concernsName(row.path, change.name)) row.listener();
      },
    });
    hub = { rows, stop };
    hubs.set(subscribe, hub);
  }
  const current = hub;
  const row = { path, listener };
  current.rows.add(row);
  return () => {
    current.rows.delete(row);
    if (current.rows.size === 0) {
      current.stop();
      if (hubs.get(subscribe) === current) hubs.delete(subscribe);
    }
  };
}

function sameMessages(a: Record<string, string | undefined>, b: Record<string, string | undefined>): boolean {
  const fields = Object.keys(a);
  return fields.length === Object.keys(b).length && fields.every((field) => a[field] === b[field]);
}

/** Props of a row's memoised body: equal when everything but the messages object is identical and every message is the same. */
export function sameRowProps<P extends { errors: Record<string, string | undefined> }>(a: P, b: P): boolean {
  for (const key of Object.keys(a) as (keyof P)[]) {
    if (key === 'errors') continue;
    if (!Object.is(a[key], b[key])) return false;
  }
  return sameMessages(a.errors, b.errors);
}

interface RowActionsProps {
  /** "item" or "transaction", for the buttons' accessible names. */
  what: string;
  index: number;
  onRemove: (index: number) => void;
  onDuplicate: (index: number) => void;
}

/** Duplicate and Remove for one row; memoised, so a row re-rendered for a message keeps them. */
export const RowActions = memo(function RowActions({ what, index, onRemove, onDuplicate }: RowActionsProps) {
  const number = index + 1;
  return (
    <Group gap="xs">
      <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} />} onClick={() => onDuplicate(index)} aria-label={`Duplicate ${what} ${number}`}>
        Duplicate
      </Button>
      <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => onRemove(index)} aria-label={`Remove ${what} ${number}`}>
        Remove
      </Button>
    </Group>
  );
});

/**
 * A section's rows in a box of their own: a change below them (the totals, the warning) lays out the
 * section's three children, not every row. Nothing when empty.
 */
export function RowList({ children }: { children: ReactNode }) {
  return Children.count(children) === 0 ? null : <Stack gap="md">{children}</Stack>;
}
