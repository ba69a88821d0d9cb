import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { orderEventSchema } from '../../../../contract/history.ts';
import type { Environment } from '../../../lib/environments.ts';
import { historyQueries } from '../history/history-queries.ts';
import type { PathStep } from './order-path.ts';
import { pathFromEvents } from './order-path.ts';

const orderEventsSchema = z.array(orderEventSchema);

/** D12 history as the path the order took; throws when an event is not the contract's shape (the path is then not drawn). */
export function pathOfEvents(events: unknown[]): PathStep[] {
  return pathFromEvents(orderEventsSchema.parse(events));
}

export const lifecycleQueries = {
  // The history panel's read of the order's events (one request for both), which it asks again each
  // time the order is received again: a move (here, in the Simulate menu, at the checkout page) is
  // drawn once the order shows it.
  path: (environment: Environment, orderId: string) => queryOptions({ ...historyQueries.events(environment, orderId), select: pathOfEvents }),
};
