import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDeviceDesktop, IconServer } from '@tabler/icons-react';
import { useState } from 'react';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { FilterBar } from './filter-bar.tsx';
import { LocalOrders } from './local-orders.tsx';
import { OpenById } from './open-by-id.tsx';
import { OrdersLayout } from './orders-layout.tsx';
import { hasFilters } from './order-filters.ts';
import { SandboxOrders } from './sandbox-orders.tsx';
import { useListParams } from './use-list-params.ts';

export const SEARCH_DEBOUNCE_MS = 250;

/** The whole page, as tests render it; the router shows the frame first and this body lazily (orders-route.tsx). */
export function OrdersPage() {
  return (
    <OrdersLayout>
      <OrdersPageBody />
    </OrdersLayout>
  );
}

/** Open by id and the list, below the page's frame. */
export function OrdersPageBody() {
  const environment = useActiveEnvironment();
  const { source, filters, setSource, setStatus, setQuery, clearFilters } = useListParams(environment.sandbox);
  const [searchText, setSearchText] = useState(filters.q);
  const commitSearch = useDebouncedCallback(setQuery, SEARCH_DEBOUNCE_MS);

  const onSearchTextChange = (text: string) => {
    setSearchText(text);
    commitSearch(text);
  };
  const onClearFilters = () => {
    commitSearch.cancel();
    setSearchText('');
    clearFilters();
  };
  const filterBar = (
    <FilterBar
      status={filters.status}
      searchText={searchText}
      onStatusChange={setStatus}
      onSearchTextChange={onSearchTextChange}
      onClear={onClearFilters}
      canClear={hasFilters(filters) || searchText !== ''}
    />
  );

  return (
    <>
      <Paper withBorder p="lg" radius="md">
        <Title order={4} mb="sm">
          Open by id
        </Title>
        <OpenById />
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={4}>Browse orders</Title>
          {environment.sandbox ? (
            <Tabs value={source} onChange={(value) => setSource(value === 'local' ? 'local' : 'sandbox')} keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="sandbox" leftSection={<IconServer size={16} />}>
                  All sandbox orders
                </Tabs.Tab>
                <Tabs.Tab value="local" leftSection={<IconDeviceDesktop size={16} />}>
                  Opened in this browser
                </Tabs.Tab>
              </Tabs.List>
              <Stack gap="md">
                {filterBar}
                <Tabs.Panel value="sandbox">
                  <SandboxOrders environment={environment} filters={filters} onClearFilters={onClearFilters} />
                </Tabs.Panel>
                <Tabs.Panel value="local">
                  <LocalOrders
                    environment={environment}
                    filters={filters}
                    onClearFilters={onClearFilters}
                    onShowSandbox={() => setSource('sandbox')}
                  />
                </Tabs.Panel>
              </Stack>
            </Tabs>
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Opened in this browser: the orders you created or opened here. This service has no list of all orders.
              </Text>
              {filterBar}
              <LocalOrders environment={environment} filters={filters} onClearFilters={onClearFilters} />
            </Stack>
          )}
        </Stack>
      </Paper>
    </>
  );
}
