import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFirstContentShown } from '../../app/first-content.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { usePermission } from '../../lib/use-team.ts';
import { orderIndexQueries } from '../orders/api/search-order-index.ts';
import { NoMatches, NoOrdersYet } from './empty-state.tsx';
import type { OrderFilters } from './order-filters.ts';
import { hasFilters, indexQuery } from './order-filters.ts';
import { TeamIndexTable } from './team-index-table.tsx';

// The lookup box searches the team order index, every order the console server
// has seen. Each row says where the record came from and how fresh it is: the index holds what the
// server last saw, not the service's present state (the order's page reads it anew).

interface Props {
  environment: Environment;
  filters: OrderFilters;
  onClearFilters: () => void;
}

export function TeamIndexOrders(props: Props) {
  const customers = usePermission(props.environment.id, 'read:customer');
  // Said above every state, empty ones too: a viewer's search for an e-mail finds nothing, and why.
  return (
    <Stack gap="sm">
      {!customers.allowed && (
        <Text size="sm" c="dimmed">
          {customers.reason} Words match external ids only.
        </Text>
      )}
      <IndexResults {...props} customers={customers.allowed} />
    </Stack>
  );
}

function IndexResults({ environment, filters, onClearFilters, customers }: Props & { customers: boolean }) {
  const q = indexQuery(filters);
  const query = useInfiniteQuery({ ...orderIndexQueries.search(environment, q), placeholderData: keepPreviousData });
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const orders = useMemo(() => data?.pages.flatMap((page) => page.results) ?? [], [data]);
  useFirstContentShown(!query.isPending);
  // Ages are counted to when the answer came, so a render does not move them (and they stay pure).
  const now = query.dataUpdatedAt;

  if (error !== null) {
    const message = error instanceof ApiError && error.detail !== undefined ? error.detail : error.message;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The search could not run">
        <Text size="sm">{message}</Text>
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py={48}>
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            Searching the team's orders…
          </Text>
        </Group>
      </Center>
    );
  }
  if (orders.length === 0) {
    return hasFilters(filters) ? <NoMatches onClear={onClearFilters} /> : <NoOrdersYet hint="Orders appear here once anyone on the team creates, opens or refunds one through Order Console." />;
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every order the team has worked on through Order Console, as last seen. Search with words (anywhere in {customers ? 'an e-mail, name, phone or external id' : 'an external id'}), or {customers ? 'email:, ' : ''}ext:, status:, amount:&gt;100 (the initial amount), current:, refunded:&gt;0, created:2026-11-20..2026-11-25.
      </Text>
      <TeamIndexTable orders={orders} now={now} />
      {hasNextPage && (
        <Button variant="light" size="xs" onClick={() => void fetchNextPage()} loading={isFetchingNextPage} style={{ alignSelf: 'center' }}>
          More
        </Button>
      )}
    </Stack>
  );
}
