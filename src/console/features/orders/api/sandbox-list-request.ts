import { sandboxPaths } from '../../../../contract/paths.ts';
import type { OrderStatus } from '../../../../contract/schemas.ts';
import type { ApiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { isProxyMode, serverConfigSettled } from '../../../lib/server-config.ts';

// GET /sandbox/orders (D7) without its answer's parsing: the request and the cache key, free of
// zod, so the first screen can send it before the page's code (and zod) has loaded
// (prefetch-first-page.ts). list-sandbox-orders.ts sends the same request and parses the answer.

export interface SandboxListFilters {
  status?: OrderStatus | undefined;
  /** Part of an id or external id. */
  q?: string | undefined;
}

export const SANDBOX_PAGE_SIZE = 200;

export function sandboxListRequest(filters: SandboxListFilters, cursor: string | null, signal?: AbortSignal): ApiRequest {
  return {
    method: 'GET',
    path: sandboxPaths.orders(),
    query: { limit: String(SANDBOX_PAGE_SIZE), status: filters.status, q: filters.q?.trim(), cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  };
}

/** The sandbox list's key (list-sandbox-orders.ts): broad to narrow, with the environment, under order-queries.ts's lists. */
export const sandboxListKey = (environment: Environment, filters: SandboxListFilters) => ['orders', environment.id, 'list', 'sandbox', filters] as const;

export class NotASandboxError extends Error {
  override name = 'NotASandboxError';
  constructor() {
    super('This environment has no sandbox control API');
  }
}

/**
 * Resolves once the list may be asked for. A list is started with the page, before the server has
 * said whether it is a sandbox (server-config.ts): behind a proxy there is no list to ask for (the
 * page is about to show the orders seen in this browser instead), so this throws NotASandboxError.
 */
export async function sandboxListAvailable(environment: Environment): Promise<void> {
  await serverConfigSettled();
  if (environment.baseUrl === '' && isProxyMode()) throw new NotASandboxError();
}
