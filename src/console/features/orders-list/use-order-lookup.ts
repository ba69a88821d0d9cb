import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Environment } from '../../lib/environments.ts';
import { sandboxListQuery } from '../orders/api/list-sandbox-orders.ts';
import { isUuid } from '../../../contract/uuid.ts';
import type { OrderRecord } from '../orders/order-record-text.ts';
import type { OrderFilters } from './order-filters.ts';
import { indexQuery, matchesFilters } from './order-filters.ts';
import { orderHref } from './order-row.tsx';
import type { ListSource } from './use-list-params.ts';

type Found = Pick<OrderRecord, 'id' | 'external_id'>;

/**
 * The one order Enter should open among `matches`, or null. An order whose external id is exactly
 * the text comes first (an external id is unique per token, D6: "ORD-1" opens ORD-1, not ORD-10);
 * else the only match, when `matches` is all of them.
 */
export function singleMatch(matches: readonly Found[], text: string, complete: boolean): Found | null {
  const exact = matches.filter((order) => order.external_id === text);
  if (exact.length === 1) return exact[0] ?? null;
  return complete && matches.length === 1 ? (matches[0] ?? null) : null;
}

/**
 * Enter in the lookup box. A UUID opens that order straight away (it needs no list: a ticket's order
 * id may be one no list here holds). Anything else is looked up in the list on screen, with its
 * status filter: the same query as the list (one request, shared): the team order index in team mode
 * (an e-mail, a name or a phone finds the order there), else the sandbox list or the local
 * index.
 */
export function useOrderLookup(environment: Environment, source: ListSource, filters: OrderFilters, team = false) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);

  const open = useCallback(
    async (typed: string) => {
      const text = typed.trim();
      if (text === '') {
        setNotice('Type or paste an order id or an external id first.');
        return;
      }
      if (isUuid(text)) {
        setNotice(null);
        await navigate(orderHref(text.toLowerCase()));
        return;
      }
      setNotice('Looking…');
      let matches: Found[];
      let more = false;
      try {
        // The team index and this browser's own index check what they hold against the contract
        // (zod): loaded when asked, not with the list's first screen.
        if (team) {
          const { orderIndexQueries } = await import('../orders/api/search-order-index.ts');
          const data = await queryClient.fetchInfiniteQuery(orderIndexQueries.search(environment, indexQuery({ status: filters.status, q: text })));
          const first = data.pages[0];
          matches = first?.results.map((order) => ({ id: order.order_id, external_id: order.external_id })) ?? [];
          more = first?.next_cursor !== null && first?.next_cursor !== undefined;
        } else if (source === 'sandbox') {
          const data = await queryClient.fetchInfiniteQuery(sandboxListQuery(environment, { status: filters.status ?? undefined, q: text }));
          const first = data.pages[0];
          matches = first?.orders.map((order) => order.record) ?? [];
          more = first?.nextCursor !== null && first?.nextCursor !== undefined;
        } else {
          const { orderIndex } = await import('../orders/order-index.ts');
          matches = orderIndex
            .list(environment.id)
            .map((order) => order.record)
            .filter((record) => matchesFilters(record, { status: filters.status, q: text }));
        }
      } catch (error) {
        // The list below (the sandbox's, or the team index's) ran the same request (one query, shared)
        // and shows its answer: said once, there, not again on the box.
        setNotice(team || source === 'sandbox' ? null : `Could not look the order up: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      const one = singleMatch(matches, text, !more);
      if (one !== null && one.id !== '') {
        setNotice(null);
        await navigate(orderHref(one.id));
        return;
      }
      const where = filters.status === null ? '' : ` with status ${filters.status}`;
      setNotice(
        matches.length === 0
          ? `No order${where} matches “${text}”.`
          : `${more ? `More than ${matches.length}` : matches.length} orders${where} match “${text}”: choose one below.`,
      );
    },
    [navigate, queryClient, environment, source, filters.status, team],
  );

  return { open, notice, clearNotice: useCallback(() => setNotice(null), []) };
}
