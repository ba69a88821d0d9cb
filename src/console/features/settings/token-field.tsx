import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'visible' | 'onVisibilityChange'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A masked secret with a show/hide button that keyboard users can reach too. */
export function TokenField<T extends FieldValues>({ control, name, ...props }: Props<T>) {
  const [visible, setVisible] = useState(false);
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <PasswordInput
      {...props}
      ref={ref}
      name={name}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide token' : 'Show token' }}
      autoComplete="off"
      spellCheck={false}
      styles={{ innerInput: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}
