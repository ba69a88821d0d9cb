import { Fieldset, Group, SimpleGrid, Text } from '@mantine/core';
import { memo } from 'react';
import { formatMoney } from '../../../contract/money.ts';
import { ITEM_TYPES } from '../../../contract/schemas.ts';
import { AMOUNT_INPUT_STYLES, CODE_INPUT, FIGURE_STYLE, JSON_PATH_DESCRIPTION, ROW_STYLES, TEXT_INPUT_STYLES } from './field-props.ts';
import type { CreateOrderControl, ItemValues } from './form-values.ts';
import { ITEM_FIELDS } from './form-values.ts';
import { lineTotal } from './item-totals.ts';
import { RowActions, RowSelect, RowTextInput, sameRowProps, useRowErrors } from './row-fields.tsx';
import type { FormValuesSource } from './use-watch-after-paint.ts';
import { useWatchAfterPaint } from './use-watch-after-paint.ts';

interface Props {
  control: CreateOrderControl;
  index: number;
  /** For the row's messages and its line total. */
  values: FormValuesSource;
  onRemove: (index: number) => void;
  onDuplicate: (index: number) => void;
}

/** One element of `items`. Memoised; its inputs are registered (see row-fields.tsx), so typing re-renders none of them. */
export const ItemRow = memo(function ItemRow(props: Props) {
  const errors = useRowErrors(props.values, `items.${props.index}`, ITEM_FIELDS);
  return <ItemRowBody {...props} errors={errors} />;
});

const ItemRowBody = memo(function ItemRowBody({ control, index, values, onRemove, onDuplicate, errors }: Props & { errors: Record<(typeof ITEM_FIELDS)[number], string | undefined> }) {
  const path = `items.${index}` as const;
  return (
    <Fieldset legend={`Item ${index + 1}`} radius="md" p="md" styles={ROW_STYLES}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        <RowTextInput
          control={control}
          name={`${path}.name`}
          error={errors.name}
          styles={TEXT_INPUT_STYLES}
          label="Name"
          description={`${path}.name`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          withAsterisk
        />
        <RowTextInput
          control={control}
          name={`${path}.product_id`}
          error={errors.product_id}
          styles={TEXT_INPUT_STYLES}
          label="Product ID"
          description={`${path}.product_id`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          {...CODE_INPUT}
        />
        <RowSelect
          control={control}
          name={`${path}.type`}
          error={errors.type}
          label="Type"
          description={`${path}.type`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          options={ITEM_TYPES}
          emptyLabel="Choose a type"
          withAsterisk
        />
        <RowTextInput
          control={control}
          name={`${path}.quantity`}
          error={errors.quantity}
          styles={TEXT_INPUT_STYLES}
          label="Quantity"
          description={`${path}.quantity`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="numeric"
          withAsterisk
          {...CODE_INPUT}
        />
        <RowTextInput
          control={control}
          name={`${path}.amount`}
          error={errors.amount}
          decimal
          styles={AMOUNT_INPUT_STYLES}
          label="Price per item"
          description={`${path}.amount`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="decimal"
          placeholder="0.00"
          withAsterisk
          {...CODE_INPUT}
        />
        <RowTextInput
          control={control}
          name={`${path}.vat`}
          error={errors.vat}
          decimal
          styles={TEXT_INPUT_STYLES}
          label="VAT %"
          description={`${path}.vat`}
          descriptionProps={JSON_PATH_DESCRIPTION}
          inputMode="decimal"
          placeholder="21"
          {...CODE_INPUT}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="sm">
        <LineTotal values={values} index={index} />
        <RowActions what="item" index={index} onRemove={onRemove} onDuplicate={onDuplicate} />
      </Group>
    </Fieldset>
  );
}, sameRowProps);

/**
 * quantity x price. The Mantine texts around the figure are part of the memoised row; only
 * LineTotalValue, a text node, follows the typing (re-rendering the two Texts per keystroke cost
 * more than the rest of a keystroke's script).
 */
function LineTotal({ values, index }: { values: FormValuesSource; index: number }) {
  return (
    <Text size="sm" c="dimmed" data-testid={`item-${index}-total`}>
      Line total:{' '}
      <Text span inherit c="var(--mantine-color-text)" ff="monospace" fw={600} style={FIGURE_STYLE}>
        {/* Keyed by the index: a row that moves shows its new line's total from its first render. */}
        <LineTotalValue key={index} values={values} index={index} />
      </Text>
    </Text>
  );
}

/** Follows its own row (by path: one name to compare per form event), after the keystroke's frame (useWatchAfterPaint). */
const LineTotalValue = memo(function LineTotalValue({ values, index }: { values: FormValuesSource; index: number }) {
  const total = useWatchAfterPaint(values, `items.${index}`, (form) => rowTotal(form.items[index]));
  return total ?? '—';
});

function rowTotal(row: ItemValues | undefined): string | null {
  const value = lineTotal(row?.quantity, row?.amount);
  return value === null ? null : formatMoney(value);
}
