import { Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useIsTeamMode, usePermission } from '../../lib/use-team.ts';
import { LookupBar } from './lookup-bar.tsx';
import { OrdersLayout, OrdersPanel } from './orders-layout.tsx';
import { hasFilters } from './order-filters.ts';
import { SandboxOrders } from './sandbox-orders.tsx';
import { SourceTabs } from './source-tabs.tsx';
import { loadable } from '../../app/loadable.tsx';
import { OrdersLoading } from './orders-route.tsx';
import { useLinkEnvironment } from './use-link-environment.ts';
import { useListParams } from './use-list-params.ts';
import { useOrderLookup } from './use-order-lookup.ts';

export const SEARCH_DEBOUNCE_MS = 250;

// The team index and the orders opened in this browser check what they hold against the
// contract (zod): each loads when shown, so the sandbox list's first screen runs no zod.
const TeamIndexOrders = loadable(async () => (await import('./team-index-orders.tsx')).TeamIndexOrders, OrdersLoading);
const LocalOrders = loadable(async () => (await import('./local-orders.tsx')).LocalOrders, OrdersLoading);
/** Team mode's /orders, before the server renders it and before the browser hydrates it. */
export const loadTeamIndexOrders = TeamIndexOrders.preload;

/** The whole page, as tests render it; the router shows the frame first and this body lazily (orders-route.tsx). */
export function OrdersPage() {
  return (
    <OrdersLayout>
      <OrdersPageBody />
    </OrdersLayout>
  );
}

/** The lookup box and the list, below the page's frame. */
export function OrdersPageBody() {
  const team = useIsTeamMode();
  const environment = useLinkEnvironment(team);
  const { source, filters, setSource, setStatus, setQuery, clearFilters } = useListParams(environment.sandbox, team ? environment.id : null);
  const [searchText, setSearchText] = useState(filters.q);
  const commitSearch = useDebouncedCallback(setQuery, SEARCH_DEBOUNCE_MS);
  const lookup = useOrderLookup(environment, source, filters, team);
  const customerSearch = usePermission(environment.id, 'read:customer').allowed;

  const onSearchTextChange = (text: string) => {
    setSearchText(text);
    commitSearch(text);
    lookup.clearNotice();
  };
  const onOpen = () => {
    // The list follows at once (no debounce): what Enter looked in is what the page shows.
    commitSearch.flush();
    void lookup.open(searchText);
  };
  const onClearFilters = () => {
    commitSearch.cancel();
    setSearchText('');
    clearFilters();
    lookup.clearNotice();
  };
  const lookupBar = (
    <LookupBar
      status={filters.status}
      searchText={searchText}
      notice={lookup.notice}
      onStatusChange={setStatus}
      onSearchTextChange={onSearchTextChange}
      onOpen={onOpen}
      onClear={onClearFilters}
      canClear={hasFilters(filters) || searchText !== ''}
      teamIndex={team}
      customerSearch={customerSearch}
    />
  );

  return (
    <OrdersPanel>
      {lookupBar}
      {team ? (
        // In team mode the box searches the team order index (the filter stays in ?q=).
        <TeamIndexOrders environment={environment} filters={filters} onClearFilters={onClearFilters} />
      ) : environment.sandbox ? (
        <SourceTabs
          value={source}
          onChange={setSource}
          sandbox={<SandboxOrders environment={environment} filters={filters} onClearFilters={onClearFilters} />}
          local={<LocalOrders environment={environment} filters={filters} onClearFilters={onClearFilters} onShowSandbox={() => setSource('sandbox')} />}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Opened in this browser: the orders you created or opened here. This service has no list of all orders; an order id opens any order.
          </Text>
          <LocalOrders environment={environment} filters={filters} onClearFilters={onClearFilters} />
        </Stack>
      )}
    </OrdersPanel>
  );
}
