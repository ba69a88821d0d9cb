import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OrderSearchPage } from '../../../../contract/order-index.ts';
import { orderSearchPageSchema } from '../../../../contract/order-index.ts';
import { consoleApiPaths } from '../../../../contract/console-api.ts';
import { consoleRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';

// GET /api/orders/search on the console's own server, the team order index.
// The path is this origin's, not the environment's (/env/{id}/): the index is the console server's,
// so it goes to the console's own server, and the environment rides in env=. In the journal with the
// environment's calls: the search the person made.

export async function searchOrderIndex(environment: Environment, q: string, cursor: string | null, signal?: AbortSignal): Promise<OrderSearchPage> {
  const query = { q, env: environment.id, cursor: cursor ?? undefined };
  const response = await consoleRequest(orderSearchPageSchema, { method: 'GET', path: consoleApiPaths.orderSearch(), query, journalAs: environment, ...(signal ? { signal } : {}) });
  return response.data;
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
