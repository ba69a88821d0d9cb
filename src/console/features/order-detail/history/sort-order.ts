import { useSyncExternalStore } from 'react';
import type { SortOrder } from './history-model.ts';

// The timeline's order is the agent's choice, remembered on this device (it is no secret).

const KEY = 'order-console:history-order';
const DEFAULT: SortOrder = 'newest';
const listeners = new Set<() => void>();
/** The choice when storage refuses it. */
let memory: SortOrder | null = null;

function read(): SortOrder {
  try {
    const stored = window.localStorage.getItem(KEY);
    return stored === 'oldest' || stored === 'newest' ? stored : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing it follows too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setSortOrder(order: SortOrder): void {
  try {
    window.localStorage.setItem(KEY, order);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
    memory = order;
  }
  for (const listener of listeners) listener();
}

export function useSortOrder(): [SortOrder, (order: SortOrder) => void] {
  // A page the console server rendered starts with the default; this device's choice follows.
  const order = useSyncExternalStore(subscribe, () => memory ?? read(), () => DEFAULT);
  return [order, setSortOrder];
}
