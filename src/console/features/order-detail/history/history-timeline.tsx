import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderHistory, SortOrder } from './history-model.ts';
import { sortItems } from './history-model.ts';
import classes from './history.module.css';
import { TimelineItem } from './timeline-item.tsx';
import { useSortOrder } from './sort-order.ts';

interface Props {
  history: OrderHistory;
  /** What to say when there is nothing to list. */
  empty: ReactNode;
  /** Said above the list (e.g. that the start of the order's life is not in it). */
  note?: ReactNode;
}

export function HistoryTimeline({ history, empty, note }: Props) {
  const [order, setOrder] = useSortOrder();
  const items = sortItems(history.items, order);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {history.items.length === 1 ? '1 step' : `${history.items.length} steps`}, times in your time zone (UTC under each)
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Order of the timeline"
          value={order}
          onChange={(value) => setOrder(value === 'oldest' ? 'oldest' : 'newest')}
          data={[
            { value: 'newest' satisfies SortOrder, label: 'Newest first' },
            { value: 'oldest' satisfies SortOrder, label: 'Oldest first' },
          ]}
        />
      </Group>
      {note}
      {items.length === 0 ? (
        empty
      ) : (
        <ol className={classes.timeline} aria-label={`Timeline, ${order === 'newest' ? 'newest' : 'oldest'} first`}>
          {items.map((item) => (
            <li key={item.key} className={classes.item} data-kind={item.kind}>
              <TimelineItem item={item} />
            </li>
          ))}
        </ol>
      )}
    </Stack>
  );
}
