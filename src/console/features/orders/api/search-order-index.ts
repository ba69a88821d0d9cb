import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OrderSearchPage } from '../../../../contract/order-index.ts';
import { orderSearchPageSchema } from '../../../../contract/order-index.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';

// Issue 28 (team mode): GET /api/orders/search on the console's own server, the team order index.
// The path is this origin's, not the environment's (/env/{id}/): the index is the console server's,
// so the call goes to baseUrl '' with the session cookie, and the environment rides in env=.

export const ORDER_SEARCH_PATH = '/api/orders/search';

export async function searchOrderIndex(environment: Environment, q: string, cursor: string | null, signal?: AbortSignal): Promise<OrderSearchPage> {
  const response = await apiRequest(
    { ...environment, baseUrl: '' },
    { method: 'GET', path: ORDER_SEARCH_PATH, query: { q, env: environment.id, cursor: cursor ?? undefined }, ...(signal ? { signal } : {}) },
  );
  return orderSearchPageSchema.parse(response.data);
}

export const orderIndexQueries = {
  search: (environment: Environment, q: string) =>
    infiniteQueryOptions({
      queryKey: ['orders', environment.id, 'list', 'index', q] as const,
      queryFn: ({ pageParam, signal }) => searchOrderIndex(environment, q, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next_cursor,
    }),
};
