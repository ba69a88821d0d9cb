import type { OrderRecord } from './order-record-text.ts';
import { orderRecordOf } from './order-record-text.ts';
import type { ReceivedOrder } from './received-order.ts';

// The orders this browser has created or opened, per environment: ids and the last record received.
// localStorage, because support agents expect the list to survive a restart; it never holds a token.

export const ORDER_INDEX_CAPACITY = 1000;
const key = (environmentId: string) => `order-console:order-index:${environmentId}`;
export interface IndexedOrder {
  record: OrderRecord;
  receivedAt: string;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored index as kept, or null when it is not one: each entry's record as text, a field missing
 * or null as '' (one missing field must not blank the whole record). Read without zod: a cold order's
 * page reads it before it shows.
 */
export function parseIndex(value: unknown): IndexedOrder[] | null {
  if (!Array.isArray(value)) return null;
  const entries: IndexedOrder[] = [];
  for (const entry of value) {
    if (!isObject(entry)) return null;
    const record: unknown = Reflect.get(entry, 'record');
    const receivedAt: unknown = Reflect.get(entry, 'receivedAt');
    if (!isObject(record) || typeof receivedAt !== 'string') return null;
    entries.push({ record: orderRecordOf(record), receivedAt });
  }
  return entries;
}

const cache = new Map<string, readonly IndexedOrder[]>();
const listeners = new Set<() => void>();

function read(environmentId: string): readonly IndexedOrder[] {
  const cached = cache.get(environmentId);
  if (cached !== undefined) return cached;
  let value: readonly IndexedOrder[];
  try {
    value = parseIndex(JSON.parse(window.localStorage.getItem(key(environmentId)) ?? '[]')) ?? [];
  } catch {
    // Not JSON (storage written by something else): an empty index, as for one of the wrong shape.
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
