import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isOrderStatus } from '../../../contract/order-shape.ts';
import type { OrderFilters } from './order-filters.ts';

export type ListSource = 'local' | 'sandbox';

/** The list's params with env= naming `environmentId` when they hold a filter, and without it when not. */
export function withLinkEnvironment(params: URLSearchParams, environmentId: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const filtered = (next.get('q') ?? '').trim() !== '' || next.get('status') !== null;
  if (filtered) next.set('env', environmentId);
  else next.delete('env');
  return next;
}

/**
 * Tab and filters live in the URL, so "back" from an order returns to the same view and a
 * filtered list can be shared as a link. `linkEnvironment` (team mode): the environment a
 * filtered link names (env=), written in the same navigation as the filter (use-link-environment.ts).
 */
export function useListParams(sandboxAvailable: boolean, linkEnvironment: string | null = null) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('source');
  const source: ListSource = !sandboxAvailable ? 'local' : requested === 'local' ? 'local' : 'sandbox';
  const statusParam = params.get('status') ?? '';
  const status = isOrderStatus(statusParam) ? statusParam : null;
  const q = params.get('q') ?? '';
  const filters = useMemo<OrderFilters>(() => ({ status, q }), [status, q]);

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return linkEnvironment === null ? next : withLinkEnvironment(next, linkEnvironment);
        },
        { replace: true },
      );
    },
    [setParams, linkEnvironment],
  );

  return {
    source,
    filters,
    setSource: useCallback((value: ListSource) => update({ source: value }), [update]),
    setStatus: useCallback((value: OrderFilters['status']) => update({ status: value }), [update]),
    setQuery: useCallback((value: string) => update({ q: value }), [update]),
    clearFilters: useCallback(() => update({ status: null, q: null }), [update]),
  };
}
