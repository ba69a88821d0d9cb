import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import type { OrderRecord } from '../order-record-text.ts';
import { orderRecordOf } from '../order-record-text.ts';
import type { SandboxListFilters } from './sandbox-list-request.ts';
import { sandboxListAvailable, sandboxListKey, sandboxListRequest } from './sandbox-list-request.ts';

// GET /sandbox/orders (D7), the sandbox's own list: its answer read without zod, because it is the
// orders page's first screen (building the contract's schemas and checking with them held the first
// row back: docs/performance.md). The list shows each order's fields as text; the check against
// the contract (D9: what did not match, named) comes with the order itself, on its page.

export interface ListedOrder {
  record: OrderRecord;
  /** The order as the service sent it (receiveOrder checks it when the console takes it further). */
  data: unknown;
}

export interface SandboxOrderPage {
  orders: ListedOrder[];
  nextCursor: string | null;
}

/** An answer that is no page of orders at all ({"results": [...], "next_cursor": ...}). */
export class ListShapeError extends Error {
  override name = 'ListShapeError';
}

/** One page of `GET /sandbox/orders` as received. */
export function parseSandboxOrderPage(data: unknown): SandboxOrderPage {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ListShapeError('The sandbox answered the order list with something that is not a page of orders');
  const results: unknown = Reflect.get(data, 'results');
  const cursor: unknown = Reflect.get(data, 'next_cursor');
  if (!Array.isArray(results)) throw new ListShapeError('The sandbox’s order list has no "results" list');
  if (cursor !== null && typeof cursor !== 'string') throw new ListShapeError('The sandbox’s order list has no "next_cursor" (a text, or null on the last page)');
  return { orders: results.map((order: unknown) => ({ record: orderRecordOf(order), data: order })), nextCursor: cursor };
}

export async function listSandboxOrders(
  environment: Environment,
  filters: SandboxListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SandboxOrderPage> {
  await sandboxListAvailable(environment);
  const response = await apiRequest(environment, sandboxListRequest(filters, cursor, signal));
  return parseSandboxOrderPage(response.data);
}

/** The list's query, page by page (its key: sandbox-list-request.ts). Apart from order-queries.ts, whose order read needs zod. */
export const sandboxListQuery = (environment: Environment, filters: SandboxListFilters) =>
  infiniteQueryOptions({
    queryKey: sandboxListKey(environment, filters),
    queryFn: ({ pageParam, signal }) => listSandboxOrders(environment, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
