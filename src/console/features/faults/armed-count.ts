import { queryOptions } from '@tanstack/react-query';
import { sandboxPaths } from '../../../contract/paths.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { Environment } from '../../lib/environments.ts';
import { isProxyMode, serverConfigSettled } from '../../lib/server-config.ts';
import { NotASandboxError } from '../orders/api/sandbox-list-request.ts';

// The header's count of armed fault rules, read without zod: the indicator is on every
// page from the start, and the contract's schemas (contract/faults.ts, with every schema of the
// contract they build on) would load with it on /orders, where nothing else needs them, and take a
// large part of the page's JS heap (docs/performance.md). The rules themselves are checked against the contract where they are
// shown, on the Faults page (fault-api.ts).

/** Every query of the token's fault rules: the Faults page's list and the header's count. */
export const faultsKey = (environment: Environment) => ['faults', environment.id] as const;

/** An answer that is no list of rules at all ({"results": [...]}). */
export class FaultListShapeError extends Error {
  override name = 'FaultListShapeError';
}

/** How many rules `GET /sandbox/faults` says are armed. */
export function armedCountOf(data: unknown): number {
  const results: unknown = typeof data === 'object' && data !== null && !Array.isArray(data) ? Reflect.get(data, 'results') : undefined;
  if (!Array.isArray(results)) throw new FaultListShapeError('The sandbox answered the fault list with something that is not a list of rules');
  return results.length;
}

/** `GET /sandbox/faults` as received: the Faults page checks it against the contract (fault-api.ts), the header counts it. */
export async function readFaultList(environment: Environment, signal?: AbortSignal): Promise<unknown> {
  // Asked on every page, from the start: behind a proxy there is no sandbox to ask.
  await serverConfigSettled();
  if (environment.baseUrl === '' && isProxyMode()) throw new NotASandboxError();
  // Asked by the header on every page and after every /psp/ call while a rule is armed
  // (use-faults-watch.ts): not the person's call, so not in the journal (arming and disarming are).
  // (and, in team mode, a background read: it keeps no session alive).
  const response = await apiRequest(environment, { method: 'GET', path: sandboxPaths.faults(), unjournaled: true, background: true, ...(signal ? { signal } : {}) });
  return response.data;
}

export const armedCountQuery = (environment: Environment) =>
  queryOptions({
    queryKey: [...faultsKey(environment), 'armed'] as const,
    queryFn: async ({ signal }) => armedCountOf(await readFaultList(environment, signal)),
  });
