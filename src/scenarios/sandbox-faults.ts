import type { FaultRule, FaultRuleRequest } from '../contract/faults.ts';
import { faultRuleSchema } from '../contract/faults.ts';
import type { OrderEvent } from '../contract/history.ts';
import { eventsPageQuery, orderEventsResponseSchema, readAllEventPages } from '../contract/history.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import { orderSchema } from '../contract/schemas.ts';
import { z } from 'zod';
import { describeAnswer } from './checks.ts';
import type { ScenarioContext, StepContext } from './scenario.ts';

// The sandbox's fault injection (D13) and history (D12) as the RESILIENCE scenarios use them.

/** Arms a rule and has it disarmed after the scenario, fired or not. */
export async function armFault(context: ScenarioContext, step: StepContext, rule: FaultRuleRequest): Promise<FaultRule> {
  const result = await step.call({ method: 'POST', path: sandboxPaths.faults(), json: rule });
  const parsed = faultRuleSchema.safeParse(result.json);
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const fault = step.require('the fault is armed', ok ? parsed.data : null, 'a 2xx answer with the armed rule (D13)', describeAnswer(result));
  context.cleanup('Disarm the fault', async (cleanupStep) => {
    const removed = await cleanupStep.call({ method: 'DELETE', path: sandboxPaths.fault(fault.id) });
    // 404: it fired its last time and is gone already.
    cleanupStep.note(`Disarmed: HTTP ${removed.status ?? 'no answer'}`);
  });
  return fault;
}

/** D12: what happened to the order, oldest first. */
export async function orderEvents(step: StepContext, orderId: string): Promise<OrderEvent[]> {
  return readAllEventPages(async (cursor) => {
    const result = await step.call({ method: 'GET', path: `${sandboxPaths.orderEvents(orderId)}${eventsPageQuery(cursor)}` });
    const parsed = orderEventsResponseSchema.safeParse(result.json);
    return step.require('the order’s history is readable (D12)', result.status === 200 ? parsed.data : null, 'HTTP 200 with the events', describeAnswer(result));
  });
}

const listSchema = z.object({ results: z.array(orderSchema) });

/** The token's orders with exactly this external id (sandbox control list, D7). */
export async function ordersWithExternalId(step: StepContext, externalId: string): Promise<Order[]> {
  const result = await step.call({ method: 'GET', path: `${sandboxPaths.orders()}?${new URLSearchParams({ q: externalId, limit: '50' }).toString()}` });
  const parsed = listSchema.safeParse(result.json);
  const orders = step.require('the sandbox lists the orders', result.status === 200 ? parsed.data?.results : null, 'HTTP 200 with a list of orders', describeAnswer(result));
  return orders.filter((order) => order.external_id === externalId);
}

/** A call whose answer a fault took away: no status, the connection closed. */
export function expectNoAnswer(step: StepContext, result: { status: number | null; exchange: { error: string | null } }, what: string): void {
  step.expect(`${what}: the answer is lost`, result.status === null, 'the connection closed without an answer', result.status === null ? (result.exchange.error ?? '') : `HTTP ${result.status}`);
  step.note(`${what}: ${result.exchange.error ?? ''}`);
}
