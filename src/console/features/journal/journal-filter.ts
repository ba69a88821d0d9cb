import type { JournalEntry } from '../../lib/journal.ts';

export const METHOD_FILTERS = ['all', 'GET', 'POST'] as const;
export const STATUS_FILTERS = ['all', '2xx', '4xx', '5xx', 'no answer'] as const;

export interface JournalFilter {
  /** Part of an order id: the calls about that order (its path, or an answer naming it). */
  orderId: string;
  method: (typeof METHOD_FILTERS)[number];
  status: (typeof STATUS_FILTERS)[number];
}

export const NO_JOURNAL_FILTER: JournalFilter = { orderId: '', method: 'all', status: 'all' };

export function isFiltered(filter: JournalFilter): boolean {
  return filter.orderId.trim() !== '' || filter.method !== 'all' || filter.status !== 'all';
}

function statusMatches(entry: Pick<JournalEntry, 'status' | 'error'>, wanted: JournalFilter['status']): boolean {
  switch (wanted) {
    case 'all':
      return true;
    case 'no answer':
      // A network failure, a timeout, a cancelled call, or one still waiting.
      return entry.status === null;
    default:
      return entry.status !== null && String(entry.status).startsWith(wanted.charAt(0)) && String(entry.status).length === 3;
  }
}

/**
 * Whether an entry is about an order: its URL names the order (read, refund, status change, events),
 * or its answer does (a create's answer carries the new order's id).
 */
function aboutOrder(entry: Pick<JournalEntry, 'url' | 'responseBody'>, orderId: string): boolean {
  const needle = orderId.trim().toLowerCase();
  if (needle === '') return true;
  return entry.url.toLowerCase().includes(needle) || (entry.responseBody?.toLowerCase().includes(needle) ?? false);
}

export function matchesJournalFilter(entry: JournalEntry, filter: JournalFilter): boolean {
  return (filter.method === 'all' || entry.method === filter.method) && statusMatches(entry, filter.status) && aboutOrder(entry, filter.orderId);
}
