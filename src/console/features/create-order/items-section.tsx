import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { CreateOrderControl } from './form-values.ts';
import { emptyItem } from './form-values.ts';
import { ItemRow } from './item-row.tsx';
import { RowList } from './row-fields.tsx';
import type { FormValuesSource } from './use-watch-after-paint.ts';
import { ItemsSummary } from './items-summary.tsx';

interface Props {
  control: CreateOrderControl;
  /** The form's changes and values, for the rows' messages and figures (one object for the form's life, so the memoised rows keep it). */
  values: FormValuesSource;
}

export const ItemsSection = memo(function ItemsSection({ control, values }: Props) {
  const { getValues } = values;
  const { fields, append, remove, insert } = useFieldArray({ control, name: 'items' });
  // remove/insert from useFieldArray are stable, so these keep the rows' memo intact.
  const onRemove = useCallback((index: number) => remove(index), [remove]);
  const onDuplicate = useCallback((index: number) => insert(index + 1, structuredClone(getValues(`items.${index}`))), [insert, getValues]);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="items-section-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={4} id="items-section-title">
              Items
            </Title>
            <Text c="dimmed" size="sm">
              What the customer buys. Leave the list empty to send no <Text span inherit ff="monospace">items</Text>.
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            {fields.length} {fields.length === 1 ? 'row' : 'rows'}
          </Text>
        </Group>
        <RowList>
          {fields.map((field, index) => (
            <ItemRow key={field.id} control={control} index={index} values={values} onRemove={onRemove} onDuplicate={onDuplicate} />
          ))}
        </RowList>
        <Group justify="space-between" align="flex-start">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => append(emptyItem())}>
            Add item
          </Button>
          <ItemsSummary values={values} />
        </Group>
      </Stack>
    </Paper>
  );
});
