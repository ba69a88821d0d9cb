import { NativeSelect } from '@mantine/core';
import type { NativeSelectProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { memo, useMemo, useRef } from 'react';

// TTransformed: forms whose resolver turns values into another shape (a request body) pass that shape.
type Props<T extends FieldValues, TTransformed = T> = Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'data'> & {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  options: readonly string[];
  /** Shown as the first, empty choice when the field is optional. */
  emptyLabel?: string;
};

// Memoised for the same reason as TextField: field-array changes re-render every useController.
const MemoNativeSelect = memo(NativeSelect);

/**
 * A native <select>: keyboard and screen-reader friendly, and QA can `selectOption` on it by its
 * `name` (the JSON path, D10).
 */
export function SelectField<T extends FieldValues, TTransformed = T>({ control, name, options, emptyLabel, ...props }: Props<T, TTransformed>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  // The choice the person last made here: leaving the select tells the form only after one (as TextField).
  const chosen = useRef<string | null>(null);
  const data = useMemo(
    () => [...(emptyLabel !== undefined ? [{ value: '', label: emptyLabel }] : []), ...options.map((o) => ({ value: o, label: o }))],
    [emptyLabel, options],
  );
  return (
    <MemoNativeSelect
      {...props}
      ref={ref}
      name={name}
      data={data}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => {
        chosen.current = event.currentTarget.value;
        onChange(event.currentTarget.value);
      }}
      onBlur={(event) => {
        if (chosen.current !== null && chosen.current === event.currentTarget.value) onBlur();
      }}
      error={fieldState.error?.message}
    />
  );
}
