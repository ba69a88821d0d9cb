import { queryOptions } from '@tanstack/react-query';
import { eventsPageQuery, orderEventsResponseSchema, readAllEventPages } from '../../../../contract/history.ts';
import { sandboxPaths } from '../../../../contract/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderQueries } from '../../orders/api/order-queries.ts';
import type { PathStep } from './order-path.ts';
import { pathFromEvents } from './order-path.ts';

/** D12 history as the path the order took; throws when the answer is not the contract's shape. */
export async function getOrderPath(environment: Environment, orderId: string, signal?: AbortSignal): Promise<PathStep[]> {
  const events = await readAllEventPages(async (cursor) => {
    const response = await apiRequest(environment, { method: 'GET', path: `${sandboxPaths.orderEvents(orderId)}${eventsPageQuery(cursor)}`, ...(signal ? { signal } : {}) });
    return orderEventsResponseSchema.parse(response.data);
  });
  return pathFromEvents(events);
}

export const lifecycleQueries = {
  // Under the order's detail key (anything clearing the order clears this), and keyed by the status
  // the page shows, so a move (here, in the Simulate menu, at the checkout page) asks again.
  path: (environment: Environment, orderId: string, status: string) =>
    queryOptions({
      queryKey: [...orderQueries.detail(environment, orderId).queryKey, 'lifecycle-path', status] as const,
      queryFn: ({ signal }) => getOrderPath(environment, orderId, signal),
    }),
};
