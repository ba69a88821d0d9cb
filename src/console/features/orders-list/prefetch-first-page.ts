import type { QueryClient } from '@tanstack/react-query';
import { getActiveEnvironment } from '../../lib/environments.ts';
import type { SandboxOrderPage } from '../orders/api/list-sandbox-orders.ts';
import { sandboxListAvailable, sandboxListKey, sandboxListRequest } from '../orders/api/sandbox-list-request.ts';
import { takeBootListRequest } from '../../lib/boot-requests.ts';

// /orders is where every session starts, and its list waited for the
// app to hydrate, then for the page's lazy code, then for its own request. main.tsx calls this
// before hydrating: the first page's request goes out at once, its answer is parsed when the
// contract's code (zod) has loaded, and the list (sandbox-orders.tsx) finds it in the cache under
// the same key, so nothing is sent twice. The same request as the page's (one journal entry, the
// same errors and retries through the same QueryClient), after the same wait for the server's
// config (behind a proxy there is no sandbox list: nothing is sent).
// public/boot.js sends that request earlier still, while the code downloads; its answer is
// taken here when it is the same request (lib/boot-requests.ts).

/** Which list the page at `location` will ask for first, when it is the sandbox list this can send without zod; else null. */
export function firstPageFilters(location: Pick<Location, 'pathname' | 'search'>): { q?: string } | null {
  if (location.pathname !== '/orders') return null;
  const params = new URLSearchParams(location.search);
  // The local tab needs no request; a status is checked against the contract (zod): both left to the page.
  if (params.get('source') === 'local' || params.has('status')) return null;
  const q = (params.get('q') ?? '').trim();
  return q === '' ? {} : { q };
}

/** Resolves when the first page's answer is in the cache, or its request failed (at once when none is sent); never rejects. */
export function prefetchOrdersFirstPage(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  let early = takeBootListRequest();
  const filters = firstPageFilters(location);
  const environment = getActiveEnvironment();
  if (filters === null || !environment.sandbox) {
    void early?.then((request) => request?.abort());
    return Promise.resolve();
  }
  return queryClient.prefetchInfiniteQuery({
    queryKey: sandboxListKey(environment, filters),
    queryFn: async ({ signal }): Promise<SandboxOrderPage> => {
      // The api client comes while the server's config does (one round trip for both), keeping it
      // off the first bundle (its size budget); the parser (zod) comes while the request is out.
      const parser = import('../orders/api/list-sandbox-orders.ts');
      const [{ apiRequest }, , boot] = await Promise.all([import('../../lib/api-client.ts'), sandboxListAvailable(environment), early]);
      // Only the first attempt: a retry asks again.
      const sent = boot ?? undefined;
      early = null;
      const [response, { parseSandboxOrderPage }] = await Promise.all([apiRequest(environment, { ...sandboxListRequest(filters, null, signal), sent }), parser]);
      return parseSandboxOrderPage(response.data);
    },
    initialPageParam: null as string | null,
  });
}
