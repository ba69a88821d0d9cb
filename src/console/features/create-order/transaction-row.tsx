import { Fieldset, Group, SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import { PAYMENT_TYPES } from '../../../contract/schemas.ts';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { AMOUNT_INPUT_STYLES, CODE_INPUT, JSON_PATH_DESCRIPTION, ROW_STYLES, TEXT_INPUT_STYLES } from './field-props.ts';
import type { CreateOrderControl } from './form-values.ts';
import { TRANSACTION_FIELDS } from './form-values.ts';
import { RowActions, RowSelect, RowTextInput, sameRowProps, useRowErrors } from './row-fields.tsx';
import type { FormValuesSource } from './use-watch-after-paint.ts';

const CHECKBOX_STYLES = { description: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface Props {
  control: CreateOrderControl;
  index: number;
  /** For the row's messages. */
  values: FormValuesSource;
  onRemove: (index: number) => void;
  onDuplicate: (index: number) => void;
}

/** One element of `transaction_history`: an earlier transaction of the customer. Inputs registered as in ItemRow. */
export const TransactionRow = memo(function TransactionRow(props: Props) {
  const errors = useRowErrors(props.values, `transaction_history.${props.index}`, TRANSACTION_FIELDS);
  return <TransactionRowBody {...props} errors={errors} />;
});

const TransactionRowBody = memo(function TransactionRowBody({
  control,
  index,
  onRemove,
  onDuplicate,
  errors,
}: Props & { errors: Record<(typeof TRANSACTION_FIELDS)[number], string | undefined> }) {
  const path = `transaction_history.${index}` as const;
  return (
    <Fieldset legend={`Transaction ${index + 1}`} radius="md" p="md" styles={ROW_STYLES}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        {/* A native date input: its value is always YYYY-MM-DD or empty, and it keeps name = JSON path. */}
        <RowTextInput
          control={control}
          name={`${path}.date`}
          error={errors.date}
          styles={TEXT_INPUT_STYLES}
          type="date"
          label="Date"
          description={`${path}.date`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          withAsterisk
        />
        <RowTextInput
          control={control}
          name={`${path}.transaction_id`}
          error={errors.transaction_id}
          styles={TEXT_INPUT_STYLES}
          label="Transaction ID"
          description={`${path}.transaction_id`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          withAsterisk
          {...CODE_INPUT}
        />
        <RowTextInput
          control={control}
          name={`${path}.eshop_external_id`}
          error={errors.eshop_external_id}
          styles={TEXT_INPUT_STYLES}
          label="E-shop ID"
          description={`${path}.eshop_external_id`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          withAsterisk
          {...CODE_INPUT}
        />
        <RowTextInput
          control={control}
          name={`${path}.amount`}
          error={errors.amount}
          decimal
          styles={AMOUNT_INPUT_STYLES}
          label="Amount"
          description={`${path}.amount`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="decimal"
          placeholder="0.00"
          withAsterisk
          {...CODE_INPUT}
        />
        <RowTextInput
          control={control}
          name={`${path}.mcc`}
          error={errors.mcc}
          styles={TEXT_INPUT_STYLES}
          label="Merchant category code (MCC)"
          description={`${path}.mcc`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="numeric"
          placeholder="5411"
          {...CODE_INPUT}
        />
        <RowSelect
          control={control}
          name={`${path}.payment_type`}
          error={errors.payment_type}
          label="Payment type"
          description={`${path}.payment_type`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          options={PAYMENT_TYPES}
          emptyLabel="Choose a payment type"
          withAsterisk
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        <CheckboxField control={control} name={`${path}.is_canceled`} label="Cancelled by the customer" description={`${path}.is_canceled`} styles={CHECKBOX_STYLES} autoComplete="off" />
        <RowActions what="transaction" index={index} onRemove={onRemove} onDuplicate={onDuplicate} />
      </Group>
    </Fieldset>
  );
}, sameRowProps);
