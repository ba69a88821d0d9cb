import { sandboxPaths } from '../../../../contract/paths.ts';
import type { OrderStatus } from '../../../../contract/schemas.ts';
import type { ApiRequest } from '../../../lib/api-client.ts';
import type { Environment } from '../../../lib/environments.ts';
import { isProxyMode, isTeamMode, serverConfigSettled } from '../../../lib/server-config.ts';

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
 * said what it is (server-config.ts): behind a proxy there is no list to ask for (the page is about
 * to show the orders seen in this browser instead), and in team mode this server's own sandbox list
 * does not exist (the embedded sandbox answers only under /env/{id}/, and the page lists the team's
 * order index), so this throws NotASandboxError instead of asking a route that is not there.
 */
export async function sandboxListAvailable(environment: Environment): Promise<void> {
  await serverConfigSettled();
  if (environment.baseUrl === '' && (isProxyMode() || isTeamMode())) throw new NotASandboxError();
}
