import { useQuery } from '@tanstack/react-query';
import type { OrderLookup } from '../../../bulk/checks.ts';
import { isUuid } from '../../../contract/uuid.ts';
import type { Environment } from '../../lib/environments.ts';
import { lookupOrder } from './bulk-transport.ts';

/** Orders read at once: quick for a person waiting, gentle on the service. */
const PARALLEL_READS = 4;

async function readAll(environment: Environment, ids: readonly string[], signal: AbortSignal): Promise<Map<string, OrderLookup>> {
  const found = new Map<string, OrderLookup>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next];
      next += 1;
      if (id !== undefined) found.set(id, await lookupOrder(environment, id, signal));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, ids.length) }, worker));
  return found;
}

/**
 * Every order of the file as the service has it now. Read once per file (and again on "Check
 * again"), never in the background: a thousand reads on every focus of the window would be a flood.
 */
export function useOrderChecks(environment: Environment, orderIds: readonly string[]) {
  const ids = [...new Set(orderIds.filter(isUuid))].sort();
  return useQuery({
    queryKey: ['bulk-refunds', environment.id, 'orders', ids] as const,
    queryFn: ({ signal }) => readAll(environment, ids, signal),
    enabled: ids.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
