import { Checkbox } from '@mantine/core';
import type { CheckboxProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';

// TTransformed: forms whose resolver turns values into another shape (a request body) pass that shape.
type Props<T extends FieldValues, TTransformed = T> = Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
};

export function CheckboxField<T extends FieldValues, TTransformed = T>({ control, name, ...props }: Props<T, TTransformed>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <Checkbox
      {...props}
      ref={ref}
      name={name}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
