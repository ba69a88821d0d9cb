import { Button, Stack, Text } from '@mantine/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useFirstContentShown } from '../../app/first-content.ts';
import type { Environment } from '../../lib/environments.ts';
import { orderIndex } from '../orders/order-index.ts';
import { NoMatches, NoOrdersYet } from './empty-state.tsx';
import type { OrderFilters } from './order-filters.ts';
import { hasFilters, matchesFilters } from './order-filters.ts';
import { OrdersTable } from './orders-table.tsx';

interface Props {
  environment: Environment;
  filters: OrderFilters;
  onClearFilters: () => void;
  onShowSandbox?: (() => void) | undefined;
}

/** Orders this browser created or opened in this environment, most recently seen first. */
export function LocalOrders({ environment, filters, onClearFilters, onShowSandbox }: Props) {
  const indexed = useSyncExternalStore(orderIndex.subscribe, () => orderIndex.list(environment.id));
  const records = useMemo(() => indexed.map((o) => o.record).filter((r) => matchesFilters(r, filters)), [indexed, filters]);
  useFirstContentShown(true);

  if (indexed.length === 0) {
    return (
      <NoOrdersYet
        hint="Orders you open or create in this browser appear here, newest first. They are remembered on this device only."
        secondaryAction={
          onShowSandbox && (
            <Button variant="default" onClick={onShowSandbox}>
              Browse all sandbox orders
            </Button>
          )
        }
      />
    );
  }
  if (records.length === 0) return <NoMatches onClear={onClearFilters} />;

  return (
    <Stack gap="xs">
      <OrdersTable label="Orders opened in this browser" records={records} />
      <Text size="xs" c="dimmed" aria-live="polite">
        {hasFilters(filters) ? `${records.length} of ${indexed.length} orders match` : `${indexed.length} orders`}
      </Text>
    </Stack>
  );
}
