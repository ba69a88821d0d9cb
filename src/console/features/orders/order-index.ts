import { z } from 'zod';
import type { ReceivedOrder } from './order-record.ts';
import { receivedOrderSchema } from './order-record.ts';

// The orders this browser has created or opened, per environment: ids and the last record received.
// localStorage, because support agents expect the list to survive a restart; it never holds a token.

export const ORDER_INDEX_CAPACITY = 1000;
const key = (environmentId: string) => `order-console:order-index:${environmentId}`;
const indexSchema = z.array(receivedOrderSchema.pick({ record: true, receivedAt: true }));
export type IndexedOrder = z.infer<typeof indexSchema>[number];

const cache = new Map<string, readonly IndexedOrder[]>();
const listeners = new Set<() => void>();

function read(environmentId: string): readonly IndexedOrder[] {
  const cached = cache.get(environmentId);
  if (cached !== undefined) return cached;
  let value: readonly IndexedOrder[] = [];
  try {
    const parsed = indexSchema.safeParse(JSON.parse(window.localStorage.getItem(key(environmentId)) ?? '[]'));
    if (parsed.success) value = parsed.data;
  } catch {
    value = [];
  }
  cache.set(environmentId, value);
  return value;
}

function write(environmentId: string, value: readonly IndexedOrder[]): void {
  cache.set(environmentId, value);
  try {
    window.localStorage.setItem(key(environmentId), JSON.stringify(value));
  } catch {
    // Full storage: the index still works for this tab.
  }
  for (const listener of listeners) listener();
}

export const orderIndex = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Newest (most recently seen) first. */
  list: (environmentId: string): readonly IndexedOrder[] => {
    return read(environmentId);
  },
  get: (environmentId: string, orderId: string): IndexedOrder | undefined => {
    return read(environmentId).find((o) => o.record.id === orderId);
  },
  remember: (environmentId: string, received: ReceivedOrder): void => {
    const id = received.record.id;
    if (id === '') return;
    const rest = read(environmentId).filter((o) => o.record.id !== id);
    write(environmentId, [{ record: received.record, receivedAt: received.receivedAt }, ...rest].slice(0, ORDER_INDEX_CAPACITY));
  },
  forget: (environmentId: string, orderId: string): void => {
    write(environmentId, read(environmentId).filter((o) => o.record.id !== orderId));
  },
  /** Tests clear storage between cases. */
  reset: (): void => {
    cache.clear();
    for (const listener of listeners) listener();
  },
};
