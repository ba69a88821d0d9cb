import { keepPreviousData, queryOptions, useQueries } from '@tanstack/react-query';
import type { IndexedOrder } from '../../../contract/order-index.ts';
import { indexedOrderListSchema } from '../../../contract/order-index.ts';
import { consoleApiPaths } from '../../../contract/console-api.ts';
import { consoleRequest } from '../../lib/api-client.ts';

// Team mode: the index's records of given orders (GET /api/env/{env}/order-index?ids=…), for the order
// page's customer and the approval cards' and bulk rows' facts. Asked 100 at a time; each order's
// record is what the index holds, with the customer only for a role that may see it.

const CHUNK = 100;

export const indexedOrderQueries = {
  records: (environmentId: string, ids: readonly string[], version = '') =>
    queryOptions({
      queryKey: ['order-index', environmentId, 'records', ids.join(','), version] as const,
      queryFn: async ({ signal }) => (await consoleRequest(indexedOrderListSchema, { method: 'GET', path: consoleApiPaths.orderRecords(environmentId), query: { ids: ids.join(',') }, signal })).data.results,
      staleTime: 30_000,
    }),
};

/**
 * The records the index has of these orders, by order id (lower case); empty while they first load.
 * A new `version` (a bulk run's rows settling) asks again, showing the last answer meanwhile.
 */
export function useIndexedOrders(environmentId: string, orderIds: readonly string[], enabled = true, version = ''): ReadonlyMap<string, IndexedOrder> {
  const ids = [...new Set(orderIds.map((id) => id.toLowerCase()))].sort();
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  const answers = useQueries({ queries: chunks.map((chunk) => ({ ...indexedOrderQueries.records(environmentId, chunk, version), enabled, placeholderData: keepPreviousData })) });
  const byId = new Map<string, IndexedOrder>();
  for (const answer of answers) for (const record of answer.data ?? []) byId.set(record.order_id.toLowerCase(), record);
  return byId;
}
