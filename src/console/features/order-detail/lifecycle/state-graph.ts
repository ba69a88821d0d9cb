import { ORDER_STATUSES } from '../../../../contract/schemas.ts';
import { isFinalStatus, nextStatuses } from '../../../../contract/states.ts';

// The diagram is drawn from a state graph, never from a copy of it. The order page gives
// it the contract's (docs/decisions.md D7); tests give it others, to show a new state needs no drawing.

export interface StateGraph {
  /** Every state, in the document's order (ties in the layout follow it). */
  states: readonly string[];
  next: (state: string) => readonly string[];
  isFinal: (state: string) => boolean;
}

const isOrderStatus = (state: string): state is (typeof ORDER_STATUSES)[number] => (ORDER_STATUSES as readonly string[]).includes(state);

export const contractGraph: StateGraph = {
  states: ORDER_STATUSES,
  next: (state) => (isOrderStatus(state) ? nextStatuses(state) : []),
  isFinal: (state) => isOrderStatus(state) && isFinalStatus(state),
};

export interface Transition {
  from: string;
  to: string;
}

export function transitions(graph: StateGraph): Transition[] {
  return graph.states.flatMap((from) => graph.next(from).map((to) => ({ from, to })));
}

/** Every state reachable from `state` by one or more transitions, in the document's order. */
export function reachableFrom(graph: StateGraph, state: string): string[] {
  const seen = new Set<string>();
  const queue = [...graph.next(state)];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...graph.next(next));
  }
  seen.delete(state);
  return graph.states.filter((s) => seen.has(s));
}
