import { queryOptions } from '@tanstack/react-query';
import { sandboxPaths } from '../../../../contract/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { orderQueries } from '../../orders/api/order-queries.ts';
import { eventsPageQuery, orderEventsPageSchema, readAllEventPages } from '../../../../contract/history.ts';
import { historyFromEvents, HistoryShapeError } from './from-events.ts';
import type { OrderHistory } from './history-model.ts';
import type { SentRequest } from './sent-request.ts';
import { readSentRequest } from './sent-request.ts';

// D12: the sandbox's record of an order. Keys sit under the order's detail key, so anything that
// clears an order's queries clears its history too.

/**
 * Every event of the order, page after page, unparsed: an event this console does not
 * know is shown raw. A page that is not `{"results": [...]}` fails the whole read, as one answer did.
 */
export async function getOrderEventsRaw(environment: Environment, orderId: string, signal?: AbortSignal): Promise<unknown[]> {
  return readAllEventPages(async (cursor) => {
    const response = await apiRequest(environment, { method: 'GET', path: `${sandboxPaths.orderEvents(orderId)}${eventsPageQuery(cursor)}`, ...(signal ? { signal } : {}) });
    const page = orderEventsPageSchema.safeParse(response.data);
    if (!page.success) throw new HistoryShapeError('The sandbox answered something that is not a history ({"results": [...]})');
    return page.data;
  });
}

/** The history panel's reading of the events: each event parsed on its own (from-events.ts). */
export function historyOfEvents(events: unknown[]): OrderHistory {
  return historyFromEvents({ results: events });
}

export interface SentRequestAnswer {
  /** null when the body was no JSON object. */
  request: SentRequest | null;
  raw: unknown;
}

export async function getOrderRequest(environment: Environment, orderId: string, signal?: AbortSignal): Promise<SentRequestAnswer> {
  const response = await apiRequest(environment, { method: 'GET', path: sandboxPaths.orderRequest(orderId), ...(signal ? { signal } : {}) });
  return { request: readSentRequest(response.data), raw: response.data };
}

export const historyQueries = {
  /**
   * The order's events as the sandbox answered them. The history panel and the lifecycle diagram
   * both read them, each through its own `select`: one request for both.
   */
  events: (environment: Environment, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.detail(environment, orderId).queryKey, 'events'] as const,
      queryFn: ({ signal }) => getOrderEventsRaw(environment, orderId, signal),
    }),
  /** What was sent never changes: asked once per page. */
  request: (environment: Environment, orderId: string) =>
    queryOptions({
      queryKey: [...orderQueries.detail(environment, orderId).queryKey, 'request'] as const,
      queryFn: ({ signal }) => getOrderRequest(environment, orderId, signal),
      staleTime: Infinity,
    }),
};
