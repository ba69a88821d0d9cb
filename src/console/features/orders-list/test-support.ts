import { bypass } from 'msw';
import { orderServicePaths, sandboxPaths } from '../../../contract/paths.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { SANDBOX_URL } from '../../test/msw-server.ts';
import type { IndexedOrder } from '../orders/order-index.ts';
import { orderIndex } from '../orders/order-index.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { receiveOrder } from '../orders/order-record.ts';

// Test seeding: orders created straight in the real sandbox (as QA would, through the API), and
// generated records for the local index.

const headers = { Authorization: 'Token dev-token', 'Content-Type': 'application/json', Accept: 'application/json' };

/** A prefix no other test file uses, so tests sharing the one sandbox can search for their own orders. */
export function uniquePrefix(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`;
}

// Straight to the sandbox, past MSW (which refuses requests it has no handler for).
function sandboxPost(path: string, body: unknown): Promise<Response> {
  return fetch(bypass(new Request(new URL(path, SANDBOX_URL), { method: 'POST', headers, body: JSON.stringify(body) })));
}

export async function seedSandboxOrder(externalId: string, amount: string, status?: OrderStatus): Promise<OrderRecord> {
  const created = await sandboxPost(orderServicePaths.orderCreate(), {
    order_external_id: externalId,
    return_url: 'https://shop.example/return',
    order_data: { eshop_external_id: 'ESHOP-1', amount },
    customer_data: {},
  });
  if (created.status !== 201 && created.status !== 200) throw new Error(`seed create: HTTP ${created.status} ${await created.text()}`);
  let order = receiveOrder(await created.json()).record;
  if (status !== undefined && status !== 'new') {
    const moved = await sandboxPost(sandboxPaths.orderStatus(order.id), { status });
    if (!moved.ok) throw new Error(`seed status: HTTP ${moved.status} ${await moved.text()}`);
    order = receiveOrder(await moved.json()).record;
  }
  return order;
}

/** A record as the local index keeps it; only the columns the list shows are filled in. */
export function generatedRecord(index: number, overrides: Partial<OrderRecord> = {}): IndexedOrder {
  const hex = index.toString(16).padStart(12, '0');
  return {
    record: {
      id: `00000000-0000-4000-8000-${hex}`,
      external_id: `GEN-${String(index).padStart(5, '0')}`,
      redirect_url: '',
      initial_amount: '100.00',
      current_amount: '100.00',
      refund_amount: '0.00',
      date_settled: '2026-03-01T10:00:00Z',
      status: 'new',
      service: 'provider-pay',
      ...overrides,
    },
    receivedAt: '2026-03-01T10:00:00.000Z',
  };
}

/** Fills the local index of an environment as a browser that has seen these orders would have it. */
export function writeLocalIndex(environmentId: string, orders: readonly IndexedOrder[]): void {
  window.localStorage.setItem(`order-console:order-index:${environmentId}`, JSON.stringify(orders));
  orderIndex.reset();
}
