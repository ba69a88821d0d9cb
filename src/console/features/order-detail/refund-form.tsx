import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import { TextField } from '../../components/text-field.tsx';
import type { RefundFormValues } from './refund-schema.ts';
import { newPaymentIdentifier } from './refund-schema.ts';

export type RefundMode = 'full' | 'partial';

// The description under each input is the field's JSON name (D10), set like code; amounts and
// identifiers are typed in monospace too.
const MONO = 'var(--mantine-font-family-monospace)';
const JSON_PATH_DESCRIPTION = { description: { fontFamily: MONO } };
const MONO_INPUT = { description: { fontFamily: MONO }, input: { fontFamily: MONO } };

interface Props {
  form: UseFormReturn<RefundFormValues>;
  currentAmount: string;
  mode: RefundMode;
  onModeChange: (mode: RefundMode) => void;
  /** The service's 409 answer (the order is no longer refundable), shown above the fields. */
  conflict: string | null;
  onReview: (values: RefundFormValues) => void;
  onCancel: () => void;
}

export function RefundForm({ form, currentAmount, mode, onModeChange, conflict, onReview, onCancel }: Props) {
  const { control, setValue, formState } = form;
  const serverError = formState.errors.root?.serverError?.message;
  const kindLabelId = useId();
  const fullAmount = isAmountString(currentAmount) ? formatMoney(currentAmount) : '';

  // A full refund follows the current amount, also when polling brings a newer one.
  useEffect(() => {
    if (mode === 'full') setValue('amount', fullAmount, { shouldValidate: formState.isSubmitted });
  }, [mode, fullAmount, setValue, formState.isSubmitted]);

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onReview)(event)}>
      <Stack gap="md">
        {conflict !== null && (
          <Alert color="red" icon={<IconBan size={18} />} title="The service refused the refund">
            {conflict}
          </Alert>
        )}
        {serverError !== undefined && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The refund was not accepted">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {serverError}
            </Text>
          </Alert>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500} id={kindLabelId}>
            What to refund
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            value={mode}
            onChange={(value) => onModeChange(value === 'partial' ? 'partial' : 'full')}
            data={[
              { value: 'full', label: `Full (${fullAmount})` },
              { value: 'partial', label: 'Partial' },
            ]}
          />
        </Stack>
        <TextField
          control={control}
          name="amount"
          label="Refund amount"
          description="amount"
          inputMode="decimal"
          autoComplete="off"
          readOnly={mode === 'full'}
          styles={MONO_INPUT}
          withAsterisk
        />
        <TextField
          control={control}
          name="destination_account_number"
          label="Destination account number"
          description="destination_account_number"
          autoComplete="off"
          styles={JSON_PATH_DESCRIPTION}
          withAsterisk
        />
        <TextField
          control={control}
          name="payment_identifier"
          label="Payment identifier"
          description="payment_identifier"
          autoComplete="off"
          styles={MONO_INPUT}
          rightSectionWidth={104}
          rightSectionPointerEvents="all"
          rightSection={
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setValue('payment_identifier', newPaymentIdentifier(), { shouldValidate: formState.isSubmitted, shouldDirty: true })}
            >
              Regenerate
            </Button>
          }
          withAsterisk
        />
        <TextField
          control={control}
          name="external_id"
          label="Refund external ID"
          description="external_id"
          autoComplete="off"
          styles={JSON_PATH_DESCRIPTION}
          withAsterisk
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Review refund</Button>
        </Group>
      </Stack>
    </form>
  );
}
