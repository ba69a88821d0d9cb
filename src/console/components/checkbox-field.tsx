import { Checkbox } from '@mantine/core';
import type { CheckboxProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { memo, useCallback } from 'react';
import type { ChangeEvent } from 'react';

// TTransformed: forms whose resolver turns values into another shape (a request body) pass that shape.
type Props<T extends FieldValues, TTransformed = T> = Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
};

// Memoised for the same reason as TextField: field-array changes re-render every useController.
const MemoCheckbox = memo(Checkbox);

export function CheckboxField<T extends FieldValues, TTransformed = T>({ control, name, ...props }: Props<T, TTransformed>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const handleChange = useCallback((event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.checked), [onChange]);
  return (
    <MemoCheckbox
      {...props}
      ref={ref}
      name={name}
      checked={value === true}
      onChange={handleChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
