import { z } from 'zod';
import { sandboxPaths } from '../../../../contract/paths.ts';
import type { OrderStatus } from '../../../../contract/schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { isProxyMode, serverConfigSettled } from '../../../lib/server-config.ts';
import type { ReceivedOrder } from '../order-record.ts';
import { receiveOrder } from '../order-record.ts';

export interface SandboxListFilters {
  status?: OrderStatus | undefined;
  /** Part of an id or external id. */
  q?: string | undefined;
}

export interface SandboxOrderPage {
  orders: ReceivedOrder[];
  nextCursor: string | null;
}

const pageSchema = z.object({ results: z.array(z.unknown()), next_cursor: z.string().nullable() });

export const SANDBOX_PAGE_SIZE = 200;

/** `GET /sandbox/orders` (D7): the sandbox's own list, newest first. */
export async function listSandboxOrders(
  environment: Environment,
  filters: SandboxListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SandboxOrderPage> {
  // Started with the page, before the server has said whether it is a sandbox: behind a proxy there
  // is no list to ask for (the page is about to show the orders seen in this browser instead).
  await serverConfigSettled();
  if (environment.baseUrl === '' && isProxyMode()) throw new NotASandboxError();
  const response = await apiRequest(environment, {
    method: 'GET',
    path: sandboxPaths.orders(),
    query: { limit: String(SANDBOX_PAGE_SIZE), status: filters.status, q: filters.q?.trim(), cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
  const page = pageSchema.parse(response.data);
  return { orders: page.results.map((o) => receiveOrder(o)), nextCursor: page.next_cursor };
}

export class NotASandboxError extends Error {
  override name = 'NotASandboxError';
  constructor() {
    super('This environment has no sandbox control API');
  }
}
