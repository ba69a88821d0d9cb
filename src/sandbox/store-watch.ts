import { formatMoney } from '../contract/money.ts';
import type { CustomerData, Order } from '../contract/schemas.ts';
import { customerDataSchema } from '../contract/schemas.ts';
import { parseJson } from '../contract/json-text.ts';
import type { OrderRow } from './store-schema.ts';

// What the store tells whoever watches it (the console's server keeps its team order index current
// with it): each order it made or changed, once the change is committed, and each owner it reset.
// A watcher runs after the caller has its answer's data and can neither fail nor slow a change: it
// is called synchronously and its errors are swallowed here (it should hand its work off at once).

export type OrderChange =
  | { kind: 'order'; what: 'created' | 'refunded' | 'moved'; owner: string; order: Omit<Order, 'redirect_url'>; customer: CustomerData | null; at: Date }
  | { kind: 'reset'; owner: string };

export type StoreWatcher = (change: OrderChange) => void;

export interface StoreWatch {
  /** Calls `watcher` with every change from now on; the function returned stops it. */
  watch(watcher: StoreWatcher): () => void;
}

const createBody = (text: string): CustomerData | null => {
  const body = parseJson(text);
  if (typeof body !== 'object' || body === null || !('customer_data' in body)) return null;
  const parsed = customerDataSchema.safeParse(body.customer_data);
  return parsed.success ? parsed.data : null;
};

export interface StoreWatchers extends StoreWatch {
  watching(): boolean;
  orderChanged(what: 'created' | 'refunded' | 'moved', owner: string, row: OrderRow, requestText?: string): void;
  reset(owner: string): void;
}

export function storeWatchers(): StoreWatchers {
  const watchers = new Set<StoreWatcher>();
  const tell = (change: OrderChange) => {
    for (const watcher of watchers) {
      try {
        watcher(change);
      } catch {
        // A watcher's failure is its own; the store's change stands.
      }
    }
  };
  return {
    watching: () => watchers.size > 0,
    watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    orderChanged(what, owner, row, requestText) {
      if (watchers.size === 0) return;
      const order = {
        id: row.id,
        external_id: row.external_id,
        initial_amount: formatMoney(row.initial_amount),
        current_amount: formatMoney(row.current_amount),
        refund_amount: formatMoney(row.refund_amount),
        date_settled: row.created_at.toISOString(),
        status: row.status,
        service: row.service,
      };
      tell({ kind: 'order', what, owner, order, customer: requestText === undefined ? null : createBody(requestText), at: new Date() });
    },
    reset(owner) {
      tell({ kind: 'reset', owner });
    },
  };
}
