import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import { useFieldArray } from 'react-hook-form';
import type { CreateOrderControl, CreateOrderFormValues } from './form-values.ts';
import { emptyTransaction } from './form-values.ts';
import { TransactionRow } from './transaction-row.tsx';
import { RowList } from './row-fields.tsx';

interface Props {
  control: CreateOrderControl;
  getValues: UseFormGetValues<CreateOrderFormValues>;
}

export const TransactionsSection = memo(function TransactionsSection({ control, getValues }: Props) {
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
            <TransactionRow key={field.id} control={control} index={index} onRemove={onRemove} onDuplicate={onDuplicate} />
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
