import { NativeSelect } from '@mantine/core';
import type { NativeSelectProps } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'data'> & {
  control: Control<T>;
  name: FieldPath<T>;
  options: readonly string[];
  /** Shown as the first, empty choice when the field is optional. */
  emptyLabel?: string;
};

/**
 * A native <select>: keyboard and screen-reader friendly, and QA can `selectOption` on it by its
 * `name` (the JSON path, D10).
 */
export function SelectField<T extends FieldValues>({ control, name, options, emptyLabel, ...props }: Props<T>) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const data = [...(emptyLabel !== undefined ? [{ value: '', label: emptyLabel }] : []), ...options.map((o) => ({ value: o, label: o }))];
  return (
    <NativeSelect
      {...props}
      ref={ref}
      name={name}
      data={data}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
