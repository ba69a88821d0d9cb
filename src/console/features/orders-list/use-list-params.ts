import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { orderStatusSchema } from '../../../contract/schemas.ts';
import type { OrderFilters } from './order-filters.ts';

export type ListSource = 'local' | 'sandbox';

/**
 * Tab and filters live in the URL, so "back" from an order returns to the same view and a
 * filtered list can be shared as a link.
 */
export function useListParams(sandboxAvailable: boolean) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('source');
  const source: ListSource = !sandboxAvailable ? 'local' : requested === 'local' ? 'local' : 'sandbox';
  const statusParam = orderStatusSchema.safeParse(params.get('status'));
  const status = statusParam.success ? statusParam.data : null;
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
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
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
