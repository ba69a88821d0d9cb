import { bypass } from 'msw';
import { orderServicePaths, sandboxPaths } from '../../../../contract/paths.ts';
import type { OrderCreateRequest } from '../../../../contract/schemas.ts';
import { SANDBOX_URL } from '../../../test/msw-server.ts';
import type { OrderRecord } from '../../orders/order-record.ts';
import { receiveOrder } from '../../orders/order-record.ts';

// Orders for the history tests, made in the real sandbox around the console (as a shop and a
// customer would), with everything "What was sent" shows.

const headers = { Authorization: 'Token dev-token', 'Content-Type': 'application/json', Accept: 'application/json' };

export function fullCreateBody(): OrderCreateRequest {
  return {
    order_external_id: `HIST-${crypto.randomUUID().slice(0, 12)}`,
    return_url: 'https://shop.example/return?cart=42',
    order_data: { eshop_external_id: 'ESHOP-CZ-01', amount: '120.50' },
    customer_data: { email: 'eva.tester@example.test', first_name: 'Eva', last_name: 'Tester' },
    items: [
      { name: 'Ceramic mug', product_id: 'SKU-MUG', quantity: 2, amount: '45.25', vat: '21', type: 'goods' },
      { name: 'Parcel delivery', quantity: 1, amount: '30.00', vat: '21', type: 'shipment' },
    ],
    transaction_history: [
      { date: '2026-01-15', transaction_id: 'TX-0001', eshop_external_id: 'ESHOP-CZ-01', amount: '99.90', mcc: 5411, is_canceled: false, payment_type: 'card' },
    ],
  };
}

export async function createFullOrder(): Promise<OrderRecord> {
  const response = await fetch(bypass(new URL(orderServicePaths.orderCreate(), SANDBOX_URL), { method: 'POST', headers, body: JSON.stringify(fullCreateBody()) }));
  if (!response.ok) throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
  return receiveOrder(await response.json()).record;
}

/** The customer presses Approve on the sandbox checkout page. */
export async function approveAtCheckout(orderId: string): Promise<void> {
  const response = await fetch(bypass(new URL(`${sandboxPaths.checkout(orderId)}/approve`, SANDBOX_URL), { method: 'POST', redirect: 'manual' }));
  if (response.status >= 400) throw new Error(`checkout approve: HTTP ${response.status}`);
}

/** A refund sent around the console; answers the HTTP status. */
export async function refundAround(orderId: string, amount: string, n: number): Promise<number> {
  const body = { amount, destination_account_number: 'CZ6508000000192000145399', payment_identifier: `RF-${n}-${orderId.slice(0, 8)}`, external_id: `REFUND-${n}` };
  const response = await fetch(bypass(new URL(orderServicePaths.orderRefund(orderId), SANDBOX_URL), { method: 'POST', headers, body: JSON.stringify(body) }));
  return response.status;
}

/** The history panel's lazy code loaded up front, so a file's first test does not spend its waits compiling it. */
export async function loadHistoryPanel(): Promise<void> {
  await import('../../../app/page-styles.ts');
  await import('./history-panel.tsx');
}
