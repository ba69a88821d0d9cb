import { configure } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { bypass, http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { beforeAll, vi } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../../../contract/paths.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { CONSOLE_ORIGIN, SANDBOX_URL } from '../../test/msw-server.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { receiveOrder } from '../orders/order-record.ts';

// Orders for these tests are made in the real sandbox through its API, as QA would. `bypass` keeps
// these calls out of MSW, which refuses requests it has no handler for.

const headers = { Authorization: 'Token dev-token', 'Content-Type': 'application/json', Accept: 'application/json' };

export async function seedOrder(amount = '120.00', status: OrderStatus = 'new'): Promise<OrderRecord> {
  const created = await fetch(bypass(new URL(orderServicePaths.orderCreate(), SANDBOX_URL), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      order_external_id: `OD-${crypto.randomUUID().slice(0, 13)}`,
      return_url: 'https://shop.example/return',
      order_data: { eshop_external_id: 'ESHOP-1', amount },
      customer_data: {},
    }),
  }));
  if (!created.ok) throw new Error(`seed create: HTTP ${created.status} ${await created.text()}`);
  const order = receiveOrder(await created.json()).record;
  return status === 'new' ? order : moveOrder(order.id, status);
}

/** Moves an order in the sandbox behind the console's back (a tester at the checkout page). */
export async function moveOrder(orderId: string, status: OrderStatus): Promise<OrderRecord> {
  const moved = await fetch(bypass(new URL(sandboxPaths.orderStatus(orderId), SANDBOX_URL), { method: 'POST', headers, body: JSON.stringify({ status }) }));
  if (!moved.ok) throw new Error(`seed status: HTTP ${moved.status} ${await moved.text()}`);
  return receiveOrder(await moved.json()).record;
}

export async function seedRefund(orderId: string, amount: string, paymentIdentifier: string): Promise<void> {
  const body = { amount, destination_account_number: 'ACC-SEED', payment_identifier: paymentIdentifier, external_id: 'SEED' };
  const refunded = await fetch(bypass(new URL(orderServicePaths.orderRefund(orderId), SANDBOX_URL), { method: 'POST', headers, body: JSON.stringify(body) }));
  if (!refunded.ok) throw new Error(`seed refund: HTTP ${refunded.status} ${await refunded.text()}`);
}

/** The order as the sandbox has it now, read around the console. */
export async function readOrder(orderId: string): Promise<OrderRecord> {
  const response = await fetch(bypass(new URL(orderServicePaths.orderRead(orderId), SANDBOX_URL), { headers }));
  if (!response.ok) throw new Error(`read: HTTP ${response.status}`);
  return receiveOrder(await response.json()).record;
}

export const orderUrl = (orderId: string) => `${CONSOLE_ORIGIN}${orderServicePaths.orderRead(orderId)}`;
export const refundUrl = (orderId: string) => `${CONSOLE_ORIGIN}${orderServicePaths.orderRefund(orderId)}`;

/** A GET answering `body` instead of the sandbox (a service that differs, D9). */
export function answerOrderWith(orderId: string, body: JsonBodyType, status = 200) {
  return http.get(orderUrl(orderId), () => HttpResponse.json(body, { status }));
}

export function orderBody(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    external_id: 'EXT-1',
    redirect_url: 'https://pay.example/checkout/1',
    initial_amount: '120.00',
    current_amount: '120.00',
    refund_amount: '0.00',
    date_settled: '2026-03-01T10:00:00Z',
    status: 'new',
    service: 'provider-pay',
    ...overrides,
  };
}

/**
 * Shared set-up for a test file: the lazy page loaded up front (so a first test's time is not spent
 * compiling it), and waits patient enough for a real sandbox on a busy two-core machine.
 */
export function prepareOrderPageTests(): void {
  vi.setConfig({ testTimeout: 30_000 });
  configure({ asyncUtilTimeout: 5_000 });
  beforeAll(async () => {
    await import('./order-page.tsx');
  });
}

/** The refund dialog's input with that name (the request's JSON path, D10). */
export function input(dialog: HTMLElement, name: string): HTMLInputElement {
  const element = dialog.querySelector(`input[name="${name}"]`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input named ${name}`);
  return element;
}

/** Replaces an input's text as a person would: clear it, click into it, paste. */
export async function replace(user: UserEvent, element: HTMLInputElement, value: string): Promise<void> {
  await user.clear(element);
  await user.click(element);
  await user.paste(value);
}
