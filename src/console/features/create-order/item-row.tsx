import { Button, Fieldset, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { formatMoney } from '../../../contract/money.ts';
import { ITEM_TYPES } from '../../../contract/schemas.ts';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { AMOUNT_INPUT_STYLES, CODE_INPUT, FIGURE_STYLE, JSON_PATH_DESCRIPTION, ROW_STYLES, TEXT_INPUT_STYLES } from './field-props.ts';
import type { CreateOrderControl } from './form-values.ts';
import { lineTotal } from './item-totals.ts';

interface Props {
  control: CreateOrderControl;
  index: number;
  onRemove: (index: number) => void;
  onDuplicate: (index: number) => void;
}

/** One element of `items`. Memoised: typing in one row re-renders only that row's own inputs. */
export const ItemRow = memo(function ItemRow({ control, index, onRemove, onDuplicate }: Props) {
  const path = `items.${index}` as const;
  const number = index + 1;
  return (
    <Fieldset
      legend={`Item ${number}`}
      radius="md"
      p="md"
      styles={ROW_STYLES}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <TextField control={control} styles={TEXT_INPUT_STYLES} name={`${path}.name`} label="Name" description={`${path}.name`} descriptionProps={JSON_PATH_DESCRIPTION} withAsterisk />
        <TextField
          control={control}
          styles={TEXT_INPUT_STYLES}
          name={`${path}.product_id`}
          label="Product ID"
          description={`${path}.product_id`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          {...CODE_INPUT}
        />
        <SelectField control={control} name={`${path}.type`} label="Type" description={`${path}.type`} descriptionProps={JSON_PATH_DESCRIPTION} options={ITEM_TYPES} emptyLabel="Choose a type" withAsterisk />
        <TextField
          control={control}
          styles={TEXT_INPUT_STYLES}
          name={`${path}.quantity`}
          label="Quantity"
          description={`${path}.quantity`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="numeric"
          withAsterisk
          {...CODE_INPUT}
        />
        <TextField
          control={control}
          name={`${path}.amount`}
          label="Price per item"
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
          name={`${path}.vat`}
          label="VAT %"
          description={`${path}.vat`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="decimal"
          placeholder="21"
          {...CODE_INPUT}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        <LineTotal control={control} index={index} />
        <Group gap="xs">
          <Button variant="subtle" size="xs" leftSection={<IconCopy size={14} />} onClick={() => onDuplicate(index)} aria-label={`Duplicate item ${number}`}>
            Duplicate
          </Button>
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => onRemove(index)} aria-label={`Remove item ${number}`}>
            Remove
          </Button>
        </Group>
      </Group>
    </Fieldset>
  );
});

/** quantity x price; watches only its own row's two fields. */
function LineTotal({ control, index }: { control: CreateOrderControl; index: number }) {
  const total = useWatch({
    control,
    name: [`items.${index}.quantity`, `items.${index}.amount`],
    compute: ([quantity, amount]) => {
      const value = lineTotal(quantity, amount);
      return value === null ? null : formatMoney(value);
    },
  });
  return (
    <Text size="sm" c="dimmed" data-testid={`item-${index}-total`}>
      Line total:{' '}
      <Text span inherit c="var(--mantine-color-text)" ff="monospace" fw={600} style={FIGURE_STYLE}>
        {total ?? '—'}
      </Text>
    </Text>
  );
}
