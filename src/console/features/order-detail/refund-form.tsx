import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import { REFUND_REASONS } from '../../../contract/refund-reasons.ts';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import type { Refusal } from './refund-refusal.ts';
import { refusalEndsRefund } from './refund-refusal.ts';
import { RefundRefusalAlert } from './refund-refusal-alert.tsx';
import type { RefundFormValues } from './refund-schema.ts';
import { newPaymentIdentifier, newRefundExternalId } from './refund-schema.ts';

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
  /** The person chose Full or Partial (the dialog may also leave Full by itself, see RefundDialog). */
  onModeChange: (mode: RefundMode) => void;
  /** The service's last "no", shown above the fields. */
  refusal: Refusal | null;
  /** The last status received, when the service cannot be asked for a current one. */
  statusUnknown: string | null;
  /** The destination account of this tab's last refund, offered again. */
  lastAccount: string | null;
  /** Team mode (D17): a reason, and a note with "Other", go with every refund. */
  withReason: boolean;
  onReview: (values: RefundFormValues) => void;
  onCancel: () => void;
}

function RegenerateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="compact-xs" variant="subtle" onClick={onClick} aria-label={label}>
      Regenerate
    </Button>
  );
}

export function RefundForm({ form, currentAmount, mode, onModeChange, refusal, statusUnknown, lastAccount, withReason, onReview, onCancel }: Props) {
  const { setValue, clearErrors, setFocus } = form;
  const alertRef = useRef<HTMLDivElement>(null);
  const fullAmount = isAmountString(currentAmount) ? formatMoney(currentAmount) : '';

  // A full refund follows the current amount, also when polling brings a newer one. Not validated
  // here: the full amount is valid by definition, and validating would wipe an error the service put
  // on the field, and the refusal would go unsaid.
  useEffect(() => {
    if (mode === 'full') setValue('amount', fullAmount);
  }, [mode, fullAmount, setValue]);

  // After a refusal, the keyboard lands where the problem is: the first field named, else the alert.
  // Keyed on the fields array, which stays the same when the order read again completes the refusal.
  const refusedFields = refusal?.fields;
  useEffect(() => {
    if (refusedFields === undefined) return;
    const [first] = refusedFields;
    if (first !== undefined) setFocus(first);
    else alertRef.current?.focus();
  }, [refusedFields, setFocus]);

  // The form gives way to the alert alone once the order read again has nothing left to refund.
  const ended = refusalEndsRefund(refusal);
  useEffect(() => {
    if (ended) alertRef.current?.focus();
  }, [ended]);

  const choose = (value: string) => {
    const next: RefundMode = value === 'partial' ? 'partial' : 'full';
    onModeChange(next);
    clearErrors('amount');
    if (next === 'full') {
      setValue('amount', fullAmount);
    } else {
      // A partial amount is typed afresh, never the full amount left over by mistake.
      setValue('amount', '', { shouldDirty: true });
      // After the click has finished moving the focus to the radio it landed on.
      window.setTimeout(() => setFocus('amount'));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onReview)(event)}>
      <Stack gap="md">
        {statusUnknown !== null && refusal === null && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="The service decides whether this order can be refunded">
            This service cannot be asked for the order, so its current status is unknown here (last received: {statusUnknown}). A refund
            is sent as you confirm it: if the order cannot be refunded, the service refuses and nothing is refunded. Its answer becomes
            the order shown.
          </Alert>
        )}
        {refusal !== null && (
          <div ref={alertRef} tabIndex={-1} style={{ outline: 'none' }}>
            <RefundRefusalAlert refusal={refusal} />
          </div>
        )}
        {ended ? (
          <Group justify="flex-end">
            <Button onClick={onCancel}>Close</Button>
          </Group>
        ) : (
          <RefundFields form={form} fullAmount={fullAmount} mode={mode} onChoose={choose} lastAccount={lastAccount} withReason={withReason} onCancel={onCancel} />
        )}
      </Stack>
    </form>
  );
}

interface FieldsProps {
  form: UseFormReturn<RefundFormValues>;
  fullAmount: string;
  mode: RefundMode;
  onChoose: (value: string) => void;
  lastAccount: string | null;
  withReason: boolean;
  onCancel: () => void;
}

function RefundFields({ form, fullAmount, mode, onChoose, lastAccount, withReason, onCancel }: FieldsProps) {
  const { control, setValue, clearErrors } = form;
  const kindLabelId = useId();
  const account = useWatch({ control, name: 'destination_account_number' });
  const reason = useWatch({ control, name: 'reason' });

  const regenerate = (name: 'payment_identifier' | 'external_id', value: string) => {
    setValue(name, value, { shouldDirty: true });
    clearErrors(name);
  };

  return (
    <>
        <Stack gap={6}>
          <Text size="sm" fw={500} id={kindLabelId}>
            What to refund
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            // A stable QA hook (e2e/README.md): the radios are refund_kind=full and refund_kind=partial.
            name="refund_kind"
            value={mode}
            onChange={onChoose}
            data={[
              { value: 'full', label: `Full (${fullAmount})` },
              { value: 'partial', label: 'Partial' },
            ]}
          />
        </Stack>
        <TextField
          control={control}
          name="amount"
          decimal
          label="Refund amount"
          description="amount"
          inputMode="decimal"
          autoComplete="off"
          readOnly={mode === 'full'}
          styles={MONO_INPUT}
          withAsterisk
        />
        <Stack gap={4}>
          <TextField
            control={control}
            name="destination_account_number"
            label="Destination account number"
            description="destination_account_number"
            autoComplete="off"
            styles={JSON_PATH_DESCRIPTION}
            withAsterisk
          />
          {lastAccount !== null && lastAccount !== account && (
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => {
                  setValue('destination_account_number', lastAccount, { shouldDirty: true });
                  clearErrors('destination_account_number');
                }}
                styles={{ label: { fontFamily: MONO } }}
              >
                Use {lastAccount}
              </Button>
              <Text size="xs" c="dimmed">
                last used in this tab
              </Text>
            </Group>
          )}
        </Stack>
        {withReason ? (
          <Text size="sm" c="dimmed">
            The console server makes this refund&apos;s payment identifier and external ID when you review it.
          </Text>
        ) : (
          <>
            <TextField
              control={control}
              name="payment_identifier"
              label="Payment identifier"
              description="payment_identifier"
              autoComplete="off"
              styles={MONO_INPUT}
              rightSectionWidth={104}
              rightSectionPointerEvents="all"
              rightSection={<RegenerateButton label="Regenerate payment identifier" onClick={() => regenerate('payment_identifier', newPaymentIdentifier())} />}
              withAsterisk
            />
            <TextField
              control={control}
              name="external_id"
              label="Refund external ID"
              description="external_id"
              autoComplete="off"
              styles={MONO_INPUT}
              rightSectionWidth={104}
              rightSectionPointerEvents="all"
              rightSection={<RegenerateButton label="Regenerate external ID" onClick={() => regenerate('external_id', newRefundExternalId())} />}
              withAsterisk
            />
          </>
        )}
        {withReason && (
          <>
            <SelectField control={control} name="reason" label="Reason" description="reason" options={REFUND_REASONS} emptyLabel="Choose a reason" styles={JSON_PATH_DESCRIPTION} withAsterisk />
            <TextField
              control={control}
              name="reason_note"
              label="Note"
              description="reason_note"
              autoComplete="off"
              styles={JSON_PATH_DESCRIPTION}
              withAsterisk={reason === 'Other'}
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Review refund</Button>
        </Group>
    </>
  );
}
