import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Environment } from '../../../lib/environments.ts';
import { getOrder } from './get-order.ts';
import { listSandboxOrders } from './list-sandbox-orders.ts';
import type { SandboxListFilters } from './sandbox-list-request.ts';
import { sandboxListKey } from './sandbox-list-request.ts';

// Keys go from broad to narrow, and carry the environment so two environments never share a cache.
export const orderQueries = {
  all: (environment: Environment) => ['orders', environment.id] as const,
  lists: (environment: Environment) => ['orders', environment.id, 'list'] as const,
  detail: (environment: Environment, orderId: string) =>
    queryOptions({
      queryKey: ['orders', environment.id, 'detail', orderId] as const,
      queryFn: ({ signal }) => getOrder(environment, orderId, signal),
    }),
  sandboxList: (environment: Environment, filters: SandboxListFilters) =>
    infiniteQueryOptions({
      queryKey: sandboxListKey(environment, filters),
      queryFn: ({ pageParam, signal }) => listSandboxOrders(environment, filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
};
