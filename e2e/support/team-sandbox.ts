import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { orderServicePaths, sandboxPaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import { orderSchema } from '../../src/contract/schemas.ts';
import { sampleOrder } from '../../src/testing/kit.ts';
import { TEAM_USER } from './target.ts';

// In team mode the embedded sandbox answers only through /env/sandbox/... with a session (docs/security.md):
// the specs that play the PSP's own system (making an order, activating it, reading what the service has)
// do it there, as the agent, on a request context of their own.

export const ENV_SANDBOX = '/env/sandbox';

const signedInContexts = new WeakSet<APIRequestContext>();

/** Signs the agent in on `request` (once per context): its cookie goes with every later call. */
export async function asAgent(request: APIRequestContext): Promise<APIRequestContext> {
  if (signedInContexts.has(request)) return request;
  const answer = await request.post('/auth/sign-in', { data: { email: TEAM_USER.email, password: TEAM_USER.password } });
  expect(answer.status(), 'sign-in of the agent who makes the orders').toBe(200);
  signedInContexts.add(request);
  return request;
}

/** An activated order of `amount` in the team console's embedded sandbox, made by the agent; its id. */
export async function activatedOrder(request: APIRequestContext, amount: string, prefix: string): Promise<string> {
  const agent = await asAgent(request);
  const created = await agent.post(`${ENV_SANDBOX}${orderServicePaths.orderCreate()}`, { data: sampleOrder({ order_data: { amount } }, prefix) });
  expect(created.status()).toBe(201);
  const { id } = orderSchema.parse(await created.json());
  const moved = await agent.post(`${ENV_SANDBOX}${sandboxPaths.orderStatus(id)}`, { data: { status: 'activated' } });
  expect(moved.ok()).toBe(true);
  return id;
}

/** The order as the service has it. */
export async function serviceOrder(request: APIRequestContext, id: string): Promise<Order> {
  const read = await (await asAgent(request)).get(`${ENV_SANDBOX}${orderServicePaths.orderRead(id)}`);
  expect(read.status(), await read.text()).toBe(200);
  return orderSchema.parse(await read.json());
}
