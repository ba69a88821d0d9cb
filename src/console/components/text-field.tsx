import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { memo } from 'react';

// TTransformed: forms whose resolver turns values into another shape (a request body) pass that shape.
type Props<T extends FieldValues, TTransformed = T> = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'defaultValue'> & {
  control: Control<T, unknown, TTransformed>;
  /** The JSON path of the field in the request body: it becomes the input's `name` (D10). */
  name: FieldPath<T>;
};

// react-hook-form re-renders every useController when a field array changes (add, remove a row);
// memo keeps that to this thin hook layer: Mantine's input re-renders only when its props change.
const MemoTextInput = memo(TextInput);

/** A Mantine TextInput wired to react-hook-form; re-renders only when its own field changes. */
export function TextField<T extends FieldValues, TTransformed = T>({ control, name, ...props }: Props<T, TTransformed>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <MemoTextInput
      {...props}
      ref={ref}
      name={name}
      value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
