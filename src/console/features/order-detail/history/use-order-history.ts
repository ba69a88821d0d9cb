import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import type { Environment } from '../../../lib/environments.ts';
import type { JournalEntry } from '../../../lib/journal.ts';
import { journal } from '../../../lib/journal.ts';
import type { BrowserHistory } from './from-journal.ts';
import { historyFromJournal } from './from-journal.ts';
import { historyOfEvents, historyQueries } from './history-queries.ts';
import type { OrderHistory } from './history-model.ts';

export type HistoryState =
  | { source: 'sandbox'; status: 'pending' }
  | { source: 'sandbox'; status: 'error'; error: Error; retry: () => void; retrying: boolean }
  | { source: 'sandbox'; status: 'ready'; history: OrderHistory }
  /** `sandboxAnswered`: null where there is no sandbox; else the HTTP status its history route answered. */
  | { source: 'browser'; status: 'ready'; history: OrderHistory; browser: BrowserHistory; sandboxAnswered: number | null };

const NO_ENTRIES: readonly JournalEntry[] = [];
const ignoreChanges = () => () => undefined;
const noEntries = () => NO_ENTRIES;

/** A sandbox answering 404/405 for the history of an order it just served has no history routes. */
function noHistoryRoute(error: unknown): number | null {
  return error instanceof ApiError && (error.status === 404 || error.status === 405) ? error.status : null;
}

interface Options {
  environment: Environment;
  orderId: string;
  /** When the order itself was last received (its poll, Refresh, a refund's answer); 0 when it is not asked. */
  orderUpdatedAt: number;
}

/**
 * The order's history: the sandbox's record where there is one, read again each time the order is
 * (same cadence as its polling, and at once after the console's own refund or move, whose answers
 * update the order), and after any of the console's changes fails (a refused refund changes no
 * order but adds an event). Elsewhere, what this browser's journal holds about the order.
 */
export function useOrderHistory({ environment, orderId, orderUpdatedAt }: Options): HistoryState {
  const queryClient = useQueryClient();
  const sandbox = environment.sandbox;
  const query = useQuery({ ...historyQueries.events(environment, orderId), select: historyOfEvents, enabled: sandbox });
  const sandboxAnswered = sandbox ? noHistoryRoute(query.error) : null;

  // The first answer of the order comes with the page, and so does the history's own first read.
  // A sandbox without the history routes is not asked again with every poll of the order.
  const seenUpdate = useRef(orderUpdatedAt);
  const asksAgain = sandbox && sandboxAnswered === null;
  useEffect(() => {
    if (!asksAgain || orderUpdatedAt === seenUpdate.current) return;
    seenUpdate.current = orderUpdatedAt;
    void queryClient.refetchQueries({ queryKey: historyQueries.events(environment, orderId).queryKey, exact: true });
  }, [queryClient, asksAgain, orderUpdatedAt, environment, orderId]);

  useEffect(() => {
    if (!sandbox) return;
    const { queryKey } = historyQueries.events(environment, orderId);
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') void queryClient.refetchQueries({ queryKey, exact: true });
    });
  }, [queryClient, sandbox, environment, orderId]);

  const useJournal = !sandbox || sandboxAnswered !== null;
  // Only the fallback follows the journal: in a sandbox every call would re-render the panels for nothing.
  // The journal is this browser's: a page the console server rendered starts without it.
  const entries = useSyncExternalStore(useJournal ? journal.subscribe : ignoreChanges, useJournal ? journal.getSnapshot : noEntries, noEntries);
  const browser = useMemo(
    () => (useJournal ? historyFromJournal(entries, environment.name, orderId) : null),
    [useJournal, entries, environment.name, orderId],
  );

  if (browser !== null) {
    return { source: 'browser', status: 'ready', history: browser.history, browser, sandboxAnswered };
  }
  if (query.data !== undefined) return { source: 'sandbox', status: 'ready', history: query.data };
  if (query.error !== null) {
    return { source: 'sandbox', status: 'error', error: query.error, retry: () => void query.refetch(), retrying: query.isFetching };
  }
  return { source: 'sandbox', status: 'pending' };
}
