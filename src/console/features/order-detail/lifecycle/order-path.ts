import type { OrderEvent } from '../../../../contract/history.ts';

// D12: the states an order went through, from its history: `created` puts it in its first state,
// each `status_changed` in the next. Other events (refunds, refusals, faults) move nothing.

export interface PathStep {
  state: string;
  /** When the order got there (ISO 8601). */
  at: string;
}

export function pathFromEvents(events: readonly OrderEvent[]): PathStep[] {
  return events.flatMap((event): PathStep[] => {
    if (event.type === 'created') return [{ state: event.status, at: event.at }];
    if (event.type === 'status_changed') return [{ state: event.to, at: event.at }];
    return [];
  });
}

/** The steps as consecutive pairs: the transitions the order took. */
export function takenTransitions(path: readonly PathStep[]): Set<string> {
  const taken = new Set<string>();
  for (let i = 1; i < path.length; i++) taken.add(transitionKey(path[i - 1]?.state ?? '', path[i]?.state ?? ''));
  return taken;
}

export const transitionKey = (from: string, to: string) => `${from}->${to}`;
