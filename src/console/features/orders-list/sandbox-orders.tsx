import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useFirstContentShown } from '../../app/first-content.ts';
import { AuthProblemAlert } from '../../components/auth-problem-alert.tsx';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { QUERY_STALE_MS } from '../../lib/query-client.ts';
import { retryCanHelp } from '../../lib/retry-can-help.ts';
import { sandboxListQuery } from '../orders/api/list-sandbox-orders.ts';
import { NoMatches, NoOrdersYet } from './empty-state.tsx';
import type { OrderFilters } from './order-filters.ts';
import { hasFilters } from './order-filters.ts';
import { OrdersTable } from './orders-table.tsx';

interface Props {
  environment: Environment;
  filters: OrderFilters;
  onClearFilters: () => void;
}

/** Every order of this token in the sandbox (GET /sandbox/orders, D7), filtered by the server. */
export function SandboxOrders({ environment, filters, onClearFilters }: Props) {
  const queryClient = useQueryClient();
  const options = sandboxListQuery(environment, { status: filters.status ?? undefined, q: filters.q.trim() || undefined });
  // An error moments old is shown, not asked again as the list mounts, as an answer that fresh would
  // not be: on a cold /orders the first page's request (prefetch-first-page.ts) is usually answered
  // before the list is on screen, and a rejected token is rejected again.
  // Decided as the list mounts, which is when retryOnMount is read.
  const [freshError] = useState(() => {
    const state = queryClient.getQueryState(options.queryKey);
    return state?.status === 'error' && Date.now() - state.errorUpdatedAt < QUERY_STALE_MS;
  });
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData, retryOnMount: !freshError });
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const records = useMemo(() => data?.pages.flatMap((page) => page.orders.map((o) => o.record)) ?? [], [data]);
  useFirstContentShown(!query.isPending);

  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && error === null) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, error, fetchNextPage]);

  if (error instanceof ApiError && error.isAuth) return <AuthProblemAlert error={error} what="Listing the sandbox orders failed with" />;
  if (error !== null && records.length === 0) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Could not load the sandbox orders">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          {retryCanHelp(error) && (
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()} loading={query.isFetching}>
              Retry
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py={48}>
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            Loading sandbox orders…
          </Text>
        </Group>
      </Center>
    );
  }
  if (records.length === 0) {
    return hasFilters(filters) ? (
      <NoMatches onClear={onClearFilters} />
    ) : (
      <NoOrdersYet hint="This sandbox has no orders for your token yet. Create one, then play the customer on its checkout page." />
    );
  }

  return (
    <Stack gap="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <OrdersTable label="All sandbox orders" records={records} onNearEnd={onNearEnd} />
      <Group gap="xs" justify="space-between" aria-live="polite">
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Loaded {records.length} {records.length === 1 ? 'order' : 'orders'}{hasNextPage ? '' : ' (all)'}
          </Text>
          {(isFetchingNextPage || query.isPlaceholderData) && <Loader size={14} role="status" aria-label="Loading more orders" />}
        </Group>
        {error !== null && (
          <Group gap="xs">
            <Text size="xs" c="red">
              {error.message}
            </Text>
            {retryCanHelp(error) && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void fetchNextPage()}>
                Retry
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
