import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import type { ReceivedOrder } from '../order-record.ts';
import { receiveOrder } from '../order-record.ts';
import type { SandboxListFilters } from './sandbox-list-request.ts';
import { sandboxListAvailable, sandboxListRequest } from './sandbox-list-request.ts';

export interface SandboxOrderPage {
  orders: ReceivedOrder[];
  nextCursor: string | null;
}

const pageSchema = z.object({ results: z.array(z.unknown()), next_cursor: z.string().nullable() });

/** One page of `GET /sandbox/orders` as received: each order checked against the contract (D9). */
export function parseSandboxOrderPage(data: unknown): SandboxOrderPage {
  const page = pageSchema.parse(data);
  return { orders: page.results.map((o) => receiveOrder(o)), nextCursor: page.next_cursor };
}

/** `GET /sandbox/orders` (D7): the sandbox's own list, newest first. */
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
