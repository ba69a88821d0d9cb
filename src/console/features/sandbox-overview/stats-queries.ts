import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { sandboxPaths } from '../../../contract/paths.ts';
import type { SandboxStats } from '../../../contract/stats.ts';
import { sandboxStatsSchema } from '../../../contract/stats.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { Environment } from '../../lib/environments.ts';
import { orderQueries } from '../orders/api/order-queries.ts';

/** `GET /sandbox/stats`, parsed with the contract's schema. */
export async function getSandboxStats(environment: Environment, signal?: AbortSignal): Promise<SandboxStats> {
  const response = await apiRequest(environment, { method: 'GET', path: sandboxPaths.stats(), ...(signal ? { signal } : {}) });
  const parsed = sandboxStatsSchema.safeParse(response.data);
  if (!parsed.success) throw new Error(`The answer does not match the sandbox's stats (GET ${sandboxPaths.stats()}):\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const statsQueries = {
  // Under the environment's orders: whatever clears its orders clears these figures.
  overview: (environment: Environment) =>
    queryOptions({
      queryKey: [...orderQueries.all(environment), 'stats'] as const,
      queryFn: ({ signal }) => getSandboxStats(environment, signal),
    }),
};
