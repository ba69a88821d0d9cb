import type { QueryClient } from '@tanstack/react-query';
import type { TeamPageSeed } from '../../contract/team-page.ts';
import { orderSearchPageSchema } from '../../contract/order-index.ts';
import type { Environment } from '../lib/environments.ts';
import { orderQueries } from '../features/orders/api/order-queries.ts';
import { orderIndexQueries } from '../features/orders/api/search-order-index.ts';
import { receiveOrder } from '../features/orders/order-record.ts';

// The answers a team page was rendered with, put into the query cache under the keys the
// page's own queries use, with the time the server got them: the server's render and the browser's
// hydration run this same code on the same data, so they render the same, and the page finds its
// data fresh (nothing fetched twice). A seed for an environment this person does not have is ignored.

export function seedTeamPage(client: QueryClient, environments: readonly Environment[], seeds: readonly TeamPageSeed[]): void {
  for (const seed of seeds) {
    const environment = environments.find((e) => e.id === seed.environment);
    if (environment === undefined) continue;
    if (seed.kind === 'index') {
      const page = orderSearchPageSchema.safeParse(seed.body);
      if (!page.success) continue;
      client.setQueryData(orderIndexQueries.search(environment, seed.q).queryKey, { pages: [page.data], pageParams: [null] }, { updatedAt: seed.receivedAt });
    } else {
      const received = receiveOrder(seed.body, new Date(seed.receivedAt).toISOString());
      client.setQueryData(orderQueries.detail(environment, seed.orderId).queryKey, received, { updatedAt: seed.receivedAt });
    }
  }
}
