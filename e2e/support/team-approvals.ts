import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { z } from 'zod';
import type { Approval } from '../../src/contract/approvals.ts';
import { approvalSchema } from '../../src/contract/approvals.ts';
import type { FaultEffect } from '../../src/contract/faults.ts';
import { orderEventsResponseSchema } from '../../src/contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import { orderSchema } from '../../src/contract/schemas.ts';
import { sampleOrder } from '../../src/testing/kit.ts';
import { guardContext } from './guard.ts';
import type { Target } from './target.ts';
import { TEAM_SANDBOX_TOKEN } from './target.ts';

// The team console's approvals (D17) as the e2e specs drive them: people signed in through the sign-in
// route in contexts of their own, requests made as the agent through the console's API (the dialog's
// own path is team-approvals.spec.ts), and the embedded sandbox read and misbehaving (D13) through its
// own API with the token only the test and the console's server hold.

export interface TeamPerson {
  email: string;
  password: string;
}

/** A browser context of its own for `person`, signed in; its first page. */
export async function signedIn(browser: Browser, target: Target, baseURL: string, person: TeamPerson): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await guardContext(context, target);
  const answer = await context.request.post('/auth/sign-in', { data: { email: person.email, password: person.password } });
  expect(answer.status(), `sign-in of ${person.email}`).toBe(200);
  return context.newPage();
}

const sandboxHeaders = { Authorization: `Token ${TEAM_SANDBOX_TOKEN}` };

/** An activated order of `amount` in the team console's embedded sandbox; its id. */
export async function activatedOrder(request: APIRequestContext, amount: string, prefix: string): Promise<string> {
  const created = await request.post(orderServicePaths.orderCreate(), { headers: sandboxHeaders, data: sampleOrder({ order_data: { amount } }, prefix) });
  expect(created.status()).toBe(201);
  const { id } = orderSchema.parse(await created.json());
  const moved = await request.post(`/sandbox/orders/${id}/status`, { headers: sandboxHeaders, data: { status: 'activated' } });
  expect(moved.ok()).toBe(true);
  return id;
}

/** The order as the service has it. */
export async function serviceOrder(request: APIRequestContext, id: string): Promise<Order> {
  const read = await request.get(orderServicePaths.orderRead(id), { headers: sandboxHeaders });
  return orderSchema.parse(await read.json());
}

/** The refunds the service applied to the order, from its history (D12): what "at most once" is counted on. */
export async function serviceRefunds(request: APIRequestContext, id: string) {
  const events = await request.get(sandboxPaths.orderEvents(id), { headers: sandboxHeaders });
  return orderEventsResponseSchema.parse(await events.json()).results.filter((event) => event.type === 'refunded');
}

/** Arms a D13 fault on this order's next refund (the console's server sends it with the sandbox token). */
export async function armRefundFault(request: APIRequestContext, orderId: string, effect: FaultEffect): Promise<void> {
  const armed = await request.post(sandboxPaths.faults(), { headers: sandboxHeaders, data: { operation: 'refund', order_id: orderId, effect, times: 1 } });
  expect(armed.status()).toBe(201);
}

const requested = z.object({ approval: approvalSchema });

/** A refund over the threshold asked for by whoever `page` is signed in as: the request it made. */
export async function askForRefund(page: Page, orderId: string, amount: string): Promise<Approval> {
  const answer = await page.request.post(`/api/env/sandbox/orders/${orderId}/refunds`, {
    data: { amount, destination_account_number: 'CZ6508000000192000145399', reason: 'Goods returned' },
  });
  expect(answer.status()).toBe(202);
  return requested.parse(await answer.json()).approval;
}

/** The request's card in the /approvals queue. */
export const queueCard = (page: Page, approval: Approval) => page.getByRole('article', { name: `Refund of ${approval.amount} on order ${approval.order_id}` });
