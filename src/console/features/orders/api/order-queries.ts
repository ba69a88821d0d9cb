import { queryOptions } from '@tanstack/react-query';
import type { Environment } from '../../../lib/environments.ts';
import { isRefetch } from '../../../lib/session-activity.ts';
import { getOrder } from './get-order.ts';

// Keys go from broad to narrow, and carry the environment so two environments never share a cache.
// The sandbox list's query is list-sandbox-orders.ts's sandboxListQuery (no zod: the list's first screen).
export const orderQueries = {
  all: (environment: Environment) => ['orders', environment.id] as const,
  lists: (environment: Environment) => ['orders', environment.id, 'list'] as const,
  detail: (environment: Environment, orderId: string) =>
    queryOptions({
      queryKey: ['orders', environment.id, 'detail', orderId] as const,
      // The order page reads it again by itself while it moves: in team mode those are background reads.
      queryFn: (context) => getOrder(environment, orderId, context.signal, isRefetch(context)),
    }),
};
