import type { JournalEntry } from '../../lib/journal.ts';

export interface EntryStatus {
  label: string;
  color: string;
}

export function entryStatus(entry: Pick<JournalEntry, 'status' | 'error'>): EntryStatus {
  if (entry.status !== null) {
    const color = entry.status >= 500 ? 'red' : entry.status >= 400 ? 'orange' : entry.status >= 200 && entry.status < 300 ? 'green' : 'gray';
    return { label: String(entry.status), color };
  }
  if (entry.error === null) return { label: 'pending', color: 'gray' };
  if (entry.error === 'Cancelled') return { label: 'cancelled', color: 'gray' };
  return { label: entry.error.startsWith('No answer') ? 'timeout' : 'network error', color: 'red' };
}

/** Path and query of the call, which tell entries apart better than the bare path. */
export function entryTarget(entry: Pick<JournalEntry, 'url' | 'path'>): string {
  try {
    const url = new URL(entry.url);
    return url.pathname + url.search;
  } catch {
    return entry.path;
  }
}
