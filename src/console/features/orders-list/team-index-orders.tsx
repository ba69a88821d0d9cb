import { Alert, Anchor, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { compareMoney } from '../../../contract/money.ts';
import type { IndexedOrder, IndexSource } from '../../../contract/order-index.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { useFirstContentShown } from '../../app/first-content.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { usePermission } from '../../lib/use-team.ts';
import { formatAge } from '../order-detail/order-format.ts';
import { orderIndexQueries } from '../orders/api/search-order-index.ts';
import { NoMatches, NoOrdersYet } from './empty-state.tsx';
import type { OrderFilters } from './order-filters.ts';
import { hasFilters, indexQuery } from './order-filters.ts';
import { displayAmount, displayDateTime } from './order-format.ts';
import { orderHref } from './order-row.tsx';

// Issue 28 (team mode): the lookup box searches the team order index, every order the console server
// has seen. Each row says where the record came from and how fresh it is: the index holds what the
// server last saw, not the service's present state (the order's page reads it anew).

interface Props {
  environment: Environment;
  filters: OrderFilters;
  onClearFilters: () => void;
}

const SOURCE_WORDS: Record<IndexSource, string> = {
  create: 'created here',
  read: 'opened',
  refund: 'refunded here',
  list: 'in a sandbox list',
};

function Customer({ order }: { order: IndexedOrder }) {
  if (!order.customer_visible) return <Text size="sm" c="dimmed">Hidden for your role</Text>;
  if (order.customer === null) return <Text size="sm" c="dimmed">Not seen</Text>;
  const name = [order.customer.first_name, order.customer.last_name].filter((part) => part !== null).join(' ');
  return (
    <Stack gap={0}>
      {name !== '' && <Text size="sm">{name}</Text>}
      {order.customer.email !== null && <Text size="sm" c="dimmed">{order.customer.email}</Text>}
      {order.customer.phone_number !== null && <Text size="xs" c="dimmed">{order.customer.phone_number}</Text>}
    </Stack>
  );
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
      <Table aria-label="Team order index" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>External ID</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Initial amount</Table.Th>
            <Table.Th>Current amount</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={`${order.environment} ${order.order_id}`}>
              <Table.Td>
                <Anchor component={Link} to={orderHref(order.order_id)}>
                  {order.external_id}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={order.status} testId="order-row-status" />
              </Table.Td>
              {/* Both amounts, always: amount: filters on the initial one (what the customer paid), and a
                  refunded order's list must not read as if it had been paid less. */}
              <Table.Td>{displayAmount(order.initial_amount)}</Table.Td>
              <Table.Td>
                {displayAmount(order.current_amount)}
                {compareMoney(order.refund_amount, '0') > 0 && (
                  <Text size="xs" c="dimmed">
                    {displayAmount(order.refund_amount)} refunded
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Customer order={order} />
              </Table.Td>
              <Table.Td>{displayDateTime(order.created_at)}</Table.Td>
              <Table.Td title={displayDateTime(order.last_seen_at)}>
                {formatAge(now - new Date(order.last_seen_at).getTime())}, {SOURCE_WORDS[order.source]}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {hasNextPage && (
        <Button variant="light" size="xs" onClick={() => void fetchNextPage()} loading={isFetchingNextPage} style={{ alignSelf: 'center' }}>
          More
        </Button>
      )}
    </Stack>
  );
}
