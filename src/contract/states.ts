import type { OrderStatus } from './schemas.ts';
import { ORDER_STATUSES } from './order-shape.ts';

// docs/decisions.md D7. The document shows no transitions; this is the sandbox's model, and the console
// uses the same table to tell which simulated moves are possible.
export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(['rejected', 'canceled', 'refunded', 'error']);

const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['data_completed', 'canceled', 'error'],
  data_completed: ['checking', 'canceled', 'error'],
  checking: ['accepted', 'rejected', 'error'],
  accepted: ['activated', 'canceled', 'error'],
  // activated -> refunded happens through refunds only: a simulated move there refunds the rest.
  activated: ['refunded', 'error'],
  rejected: [],
  canceled: [],
  refunded: [],
  error: [],
};

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.has(status);
}

export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return NEXT[status];
}

/** The shortest allowed path from `from` to `to`, without `from`; [] when equal; null when unreachable. */
export function pathToStatus(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  if (from === to) return [];
  const previous = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === undefined) break;
    for (const next of NEXT[current]) {
      if (next === from || previous.has(next)) continue;
      previous.set(next, current);
      if (next === to) {
        const path: OrderStatus[] = [to];
        let step = current;
        while (step !== from) {
          path.unshift(step);
          const before = previous.get(step);
          if (before === undefined) break;
          step = before;
        }
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** Every status reachable from `status` (not including itself), in the document's order. */
export function reachableStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => s !== status && pathToStatus(status, s) !== null);
}
