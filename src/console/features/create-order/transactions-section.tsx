import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { CreateOrderControl } from './form-values.ts';
import { emptyTransaction } from './form-values.ts';
import { TransactionRow } from './transaction-row.tsx';
import { RowList } from './row-fields.tsx';
import type { FormValuesSource } from './use-watch-after-paint.ts';

interface Props {
  control: CreateOrderControl;
  /** The form's changes and values, for the rows' messages and figures (one object for the form's life, so the memoised rows keep it). */
  values: FormValuesSource;
}

export const TransactionsSection = memo(function TransactionsSection({ control, values }: Props) {
  const { getValues } = values;
  const { fields, append, remove, insert } = useFieldArray({ control, name: 'transaction_history' });
  const onRemove = useCallback((index: number) => remove(index), [remove]);
  const onDuplicate = useCallback(
    (index: number) => insert(index + 1, structuredClone(getValues(`transaction_history.${index}`))),
    [insert, getValues],
  );

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="transactions-section-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={4} id="transactions-section-title">
              Transaction history
            </Title>
            <Text c="dimmed" size="sm">
              Earlier transactions of this customer, optional. Leave empty to send no{' '}
              <Text span inherit ff="monospace">
                transaction_history
              </Text>
              .
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            {fields.length} {fields.length === 1 ? 'row' : 'rows'}
          </Text>
        </Group>
        <RowList>
          {fields.map((field, index) => (
            <TransactionRow key={field.id} control={control} index={index} values={values} onRemove={onRemove} onDuplicate={onDuplicate} />
          ))}
        </RowList>
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => append(emptyTransaction())}>
            Add transaction
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
});
