import { Button, Fieldset, Group, SimpleGrid } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { PAYMENT_TYPES } from '../../../contract/schemas.ts';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { AMOUNT_INPUT_STYLES, CODE_INPUT, JSON_PATH_DESCRIPTION, ROW_STYLES, TEXT_INPUT_STYLES } from './field-props.ts';
import type { CreateOrderControl } from './form-values.ts';

const CHECKBOX_STYLES = { description: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface Props {
  control: CreateOrderControl;
  index: number;
  onRemove: (index: number) => void;
  onDuplicate: (index: number) => void;
}

/** One element of `transaction_history`: an earlier transaction of the customer. */
export const TransactionRow = memo(function TransactionRow({ control, index, onRemove, onDuplicate }: Props) {
  const path = `transaction_history.${index}` as const;
  const number = index + 1;
  return (
    <Fieldset legend={`Transaction ${number}`} radius="md" p="md" styles={ROW_STYLES}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        {/* A native date input: its value is always YYYY-MM-DD or empty, and it keeps name = JSON path. */}
        <TextField control={control} styles={TEXT_INPUT_STYLES} name={`${path}.date`} type="date" label="Date" description={`${path}.date`} descriptionProps={JSON_PATH_DESCRIPTION} withAsterisk />
        <TextField
          control={control}
          styles={TEXT_INPUT_STYLES}
          name={`${path}.transaction_id`}
          label="Transaction ID"
          description={`${path}.transaction_id`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          withAsterisk
          {...CODE_INPUT}
        />
        <TextField
          control={control}
          styles={TEXT_INPUT_STYLES}
          name={`${path}.eshop_external_id`}
          label="E-shop ID"
          description={`${path}.eshop_external_id`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          withAsterisk
          {...CODE_INPUT}
        />
        <TextField
          control={control}
          name={`${path}.amount`}
          label="Amount"
          description={`${path}.amount`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="decimal"
          styles={AMOUNT_INPUT_STYLES}
          placeholder="0.00"
          withAsterisk
          {...CODE_INPUT}
        />
        <TextField
          control={control}
          styles={TEXT_INPUT_STYLES}
          name={`${path}.mcc`}
          label="Merchant category code (MCC)"
          description={`${path}.mcc`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="numeric"
          placeholder="5411"
          {...CODE_INPUT}
        />
        <SelectField
          control={control}
          name={`${path}.payment_type`}
          label="Payment type"
          description={`${path}.payment_type`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          options={PAYMENT_TYPES}
          emptyLabel="Choose a payment type"
          withAsterisk
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        <CheckboxField control={control} name={`${path}.is_canceled`} label="Cancelled by the customer" description={`${path}.is_canceled`} styles={CHECKBOX_STYLES} />
        <Group gap="xs">
          <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} />} onClick={() => onDuplicate(index)} aria-label={`Duplicate transaction ${number}`}>
            Duplicate
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => onRemove(index)}
            aria-label={`Remove transaction ${number}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Fieldset>
  );
});
