import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import type { ChangeEvent, FocusEvent, KeyboardEvent } from 'react';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { normalizeDecimalInput } from '../lib/decimal-input.ts';

// TTransformed: forms whose resolver turns values into another shape (a request body) pass that shape.
type Props<T extends FieldValues, TTransformed = T> = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'> & {
  control: Control<T, unknown, TTransformed>;
  /** The JSON path of the field in the request body: it becomes the input's `name` (D10). */
  name: FieldPath<T>;
  /**
   * An amount (D11): a decimal comma becomes a dot, and outer spaces go, when the person leaves the
   * field or presses Enter in it ("1,50" -> "1.50"), so the input shows what is sent.
   */
  decimal?: boolean;
};

// react-hook-form re-renders every useController when a field array changes (add, remove a row),
// and this hook layer on every keystroke in its own field; memo keeps both to this layer: Mantine's
// input re-renders only when its own props change, which typing does not (see TextField).
const MemoTextInput = memo(TextInput);

/** The form's value as the input's text. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * A Mantine TextInput wired to react-hook-form.
 *
 * Mantine's input is uncontrolled: the element keeps the text the person types, and the form's value
 * is written into it only when the two differ, that is when the form set it (a reset, sample data,
 * an import, a decimal comma made a dot). As a controlled input (`value`), every keystroke
 * re-rendered Mantine's TextInput, InputBase, wrapper, label and description, a good part of what a
 * keystroke cost in a long form (docs/performance.md, "Typing"). The text is written before paint
 * (layout effect), so the screen never shows the old one.
 *
 * Leaving the field tells the form only when the person typed in it: a field someone
 * merely tabbed through is not "touched", so it does not turn red before they typed in it or tried
 * to submit. A value set by the form (sample data, import, clear) is not the person's typing.
 */
export function TextField<T extends FieldValues, TTransformed = T>({ control, name, decimal = false, onKeyDown, ...props }: Props<T, TTransformed>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  // The value after the person's last keystroke, paste or cut in this input.
  const typed = useRef<string | null>(null);
  const element = useRef<HTMLInputElement | null>(null);
  const text = asText(value);
  // The text the input starts with; later values reach it through the effect below.
  const [initialText] = useState(text);
  useLayoutEffect(() => {
    const input = element.current;
    if (input !== null && input.value !== text) input.value = text;
  }, [text]);
  const setRef = useCallback(
    (input: HTMLInputElement | null) => {
      element.current = input;
      ref(input);
    },
    [ref],
  );

  // The same functions from render to render (react-hook-form's onChange and onBlur are stable), so
  // the memoised input does not re-render when react-hook-form re-renders this hook for another
  // field's sake. They read the input's own text, never a value captured at render.
  const handlers = useMemo(() => {
    const normalize = (input: HTMLInputElement): string => {
      const current = input.value;
      if (!decimal) return current;
      const next = normalizeDecimalInput(current);
      if (next !== current) {
        onChange(next);
        if (typed.current !== null) typed.current = next;
      }
      return next;
    };
    return {
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        typed.current = event.currentTarget.value;
        onChange(event);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const current = normalize(event.currentTarget);
        if (typed.current !== null && typed.current === current) onBlur();
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        // Before the form's own Enter handling (submit), so what is submitted is what the field shows.
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) normalize(event.currentTarget);
        onKeyDown?.(event);
      },
    };
  }, [decimal, onChange, onBlur, onKeyDown]);

  return (
    <MemoTextInput
      {...props}
      ref={setRef}
      name={name}
      defaultValue={initialText}
      onChange={handlers.onChange}
      onBlur={handlers.onBlur}
      onKeyDown={handlers.onKeyDown}
      error={fieldState.error?.message}
    />
  );
}
