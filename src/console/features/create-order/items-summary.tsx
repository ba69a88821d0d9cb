import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { FIGURE_STYLE } from './field-props.ts';
import type { CreateOrderControl } from './form-values.ts';
import { summariseItems } from './item-totals.ts';

const TOTAL_STYLE = { ...FIGURE_STYLE, textAlign: 'right' } as const;

/**
 * The items' sum against order_data.amount. `compute` keeps the re-render to the moments the
 * summary changes, not every keystroke in every row.
 */
export function ItemsSummary({ control }: { control: CreateOrderControl }) {
  const summary = useWatch({
    control,
    name: ['items', 'order_data.amount'],
    compute: ([items, amount]) => summariseItems(items, amount),
  });
  if (summary.rows === 0) return null;
  return (
    <Stack gap="xs" align="flex-end" style={{ flex: 1 }}>
      <Text size="sm" data-testid="items-total">
        Items total:{' '}
        <Text span inherit ff="monospace" fw={700} style={TOTAL_STYLE}>
          {summary.total}
        </Text>
        {summary.uncounted > 0 && (
          <Text span inherit c="dimmed">
            {' '}
            ({summary.uncounted} {summary.uncounted === 1 ? 'line' : 'lines'} not counted yet)
          </Text>
        )}
      </Text>
      {summary.mismatchWith !== null && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Items do not add up to the order amount" maw={520}>
          The items total {summary.total}, the order amount is {summary.mismatchWith}. The service may accept it; check that this is what you
          mean to send.
        </Alert>
      )}
    </Stack>
  );
}
