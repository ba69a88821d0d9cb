import type { QueryClient, QueryKey } from '@tanstack/react-query';

// Team mode's idle clock as this browser sees it (docs/decisions.md D16, tightened; PCI DSS v4.0 8.2.8).
// The console's server extends a session only on a request a person caused; what the page asks by
// itself (a poll, a refetch) carries the background header and is not counted. This module is the
// page's half: it marks those reads, and keeps when this browser last sent a counted request, so the
// session clock (features/team-session/session-clock.tsx) knows the idle end as the server does.
// Small and without zod: the API client, on the first screen's path, imports it.

let lastActivity = Date.now();
const listeners = new Set<() => void>();

export const sessionActivity = {
  /** When this browser last sent a request the server counts as the person's (ms since the epoch). */
  last: (): number => lastActivity,
  /** A counted request leaves now (or left at `at`, told by another tab). */
  note: (at: number = Date.now()): void => {
    if (at <= lastActivity) return;
    lastActivity = at;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * True for a poll or refetch of a query already asked once: the page asking by itself, so the read
 * goes out as a background one. The first read of a page is the person's (they opened it).
 */
export function isRefetch({ client, queryKey }: { client: QueryClient; queryKey: QueryKey }): boolean {
  const state = client.getQueryState(queryKey);
  return state !== undefined && (state.dataUpdatedAt > 0 || state.errorUpdatedAt > 0);
}
