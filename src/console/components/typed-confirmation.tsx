import { Alert, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

// Production asks for the amount to be typed again before money moves: the refund dialog for one
// refund, the bulk confirmation for a batch's total. One piece, so both ask the same way.

/** What was typed and whether it is the expected amount (always true where nothing must be typed). */
export function useTypedConfirmation(expected: string, required: boolean) {
  const [typed, setTyped] = useState('');
  return { typed, setTyped, confirmed: !required || typed.trim() === expected };
}

interface Props {
  expected: string;
  /** The sentence of the red notice: what real money this moves. */
  warning: string;
  typed: string;
  onTyped: (value: string) => void;
}

export function TypedConfirmation({ expected, warning, typed, onTyped }: Props) {
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
        {warning}
      </Alert>
      <TextInput
        label={`Type ${expected} to confirm`}
        value={typed}
        onChange={(event) => onTyped(event.currentTarget.value)}
        autoComplete="off"
        inputMode="decimal"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-autofocus
      />
    </Stack>
  );
}
