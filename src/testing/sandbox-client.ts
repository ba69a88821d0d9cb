import { test } from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { z } from 'zod';
import type { FaultRule, FaultRuleRequest } from '../contract/faults.ts';
import { faultListResponseSchema, faultRuleSchema } from '../contract/faults.ts';
import type { OrderEvent } from '../contract/history.ts';
import { eventsPageQuery, orderEventsResponseSchema, readAllEventPages } from '../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { Order, OrderStatus } from '../contract/schemas.ts';
import { orderSchema } from '../contract/schemas.ts';
import type { OrderOverrides, RefundInput } from './sample-bodies.ts';
import { sampleOrder, sampleRefund, uniqueId } from './sample-bodies.ts';

// The Order Service and the sandbox control API (D7, D12, D13) called with the token, to seed and
// check data without the UI. Every answer is parsed with the contract's schema, so a test gets typed
// values and a service that answers something else fails loudly, with the body in the message.

const listSchema = z.object({ results: z.array(orderSchema), next_cursor: z.string().nullable() });

export class SandboxCallError extends Error {
  override name = 'SandboxCallError';
}

/** An answer as it came: the HTTP status and the body (parsed JSON, else the text, else null). */
export interface RawAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

async function expectStatus(response: APIResponse, expected: number, what: string): Promise<string> {
  const text = await response.text();
  if (response.status() !== expected) {
    throw new SandboxCallError(`${what}: expected HTTP ${expected}, got ${response.status()}: ${text.slice(0, 500)}`);
  }
  return text;
}

async function parsed<T>(response: APIResponse, expected: number, schema: z.ZodType<T>, what: string): Promise<T> {
  const text = await expectStatus(response, expected, what);
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) throw new SandboxCallError(`${what}: the answer does not match the contract: ${z.prettifyError(result.error)}\n${text.slice(0, 500)}`);
  return result.data;
}

/** The `id` of an answer's body (an order the service made), for the calls after it. Throws when there is none. */
export function idOf(answer: RawAnswer): string {
  const parsed = z.object({ id: z.string() }).safeParse(answer.body);
  if (!parsed.success) throw new SandboxCallError(`expected an answer with an id, got HTTP ${answer.status}: ${JSON.stringify(answer.body)?.slice(0, 500)}`);
  return parsed.data.id;
}

/** D13: arm, list and disarm fault rules of the token. Rules this client armed are disarmed after the test. */
export interface SandboxFaults {
  arm(rule: FaultRuleRequest): Promise<FaultRule>;
  list(): Promise<FaultRule[]>;
  disarm(id: string): Promise<void>;
  /** Every rule of the token, including other tests' rules under the same token. */
  disarmAll(): Promise<void>;
}

export class SandboxClient {
  readonly faults: SandboxFaults;
  private readonly armed = new Set<string>();

  constructor(
    private readonly request: APIRequestContext,
    /** Whether the environment answers the sandbox control API (a real Order Service does not). */
    readonly hasControlApi: boolean,
    private readonly baseURL: string,
    /** Prefix of generated external ids, e.g. the test's worker, so a run's orders are easy to find. */
    private readonly idPrefix = 'QA',
  ) {
    this.faults = {
      arm: async (rule) => {
        this.requireControlApi('POST /sandbox/faults');
        const armed = await parsed(await this.request.post(sandboxPaths.faults(), { data: rule }), 201, faultRuleSchema, 'arm a fault');
        this.armed.add(armed.id);
        return armed;
      },
      list: async () => {
        this.requireControlApi('GET /sandbox/faults');
        return (await parsed(await this.request.get(sandboxPaths.faults()), 200, faultListResponseSchema, 'list faults')).results;
      },
      disarm: async (id) => {
        this.requireControlApi('DELETE /sandbox/faults/{id}');
        await expectStatus(await this.request.delete(sandboxPaths.fault(id)), 204, `disarm fault ${id}`);
        this.armed.delete(id);
      },
      disarmAll: async () => {
        this.requireControlApi('DELETE /sandbox/faults');
        await expectStatus(await this.request.delete(sandboxPaths.faults()), 204, 'disarm all faults');
        this.armed.clear();
      },
    };
  }

  /** A unique id for anything the service wants unique (external ids, payment identifiers). */
  uniqueId(prefix = this.idPrefix): string {
    return uniqueId(prefix);
  }

  /**
   * POST /psp/v2/order/ with a valid body (120.00, two items, a unique order_external_id) changed by
   * `overrides`. `{ status: 'activated' }` (or any status) then moves it there through the sandbox.
   */
  async createOrder(overrides: OrderOverrides & { status?: OrderStatus } = {}): Promise<Order> {
    const { status, ...bodyOverrides } = overrides;
    const body = sampleOrder(bodyOverrides, this.idPrefix);
    const created = await parsed(await this.request.post(orderServicePaths.orderCreate(), { data: body }), 201, orderSchema, `create ${body.order_external_id}`);
    return status === undefined || status === created.status ? created : this.moveTo(created.id, status);
  }

  async getOrder(id: string): Promise<Order> {
    return parsed(await this.request.get(orderServicePaths.orderRead(id)), 200, orderSchema, `read ${id}`);
  }

  /** POST /psp/v2/order/{id}/refund/; only `amount` is required, the rest get valid unique values. */
  async refund(id: string, body: RefundInput): Promise<Order> {
    return parsed(await this.request.post(orderServicePaths.orderRefund(id), { data: sampleRefund(body) }), 200, orderSchema, `refund ${id}`);
  }

  /** D7: moves the order along the shortest allowed path (new -> … -> activated). Skips the test without a sandbox. */
  async moveTo(id: string, status: OrderStatus): Promise<Order> {
    this.requireControlApi('POST /sandbox/orders/{id}/status');
    return parsed(await this.request.post(sandboxPaths.orderStatus(id), { data: { status } }), 200, orderSchema, `move ${id} to ${status}`);
  }

  /** D12: what happened to the order, oldest first. */
  async events(id: string): Promise<OrderEvent[]> {
    this.requireControlApi('GET /sandbox/orders/{id}/events');
    return readAllEventPages(async (cursor) =>
      parsed(await this.request.get(`${sandboxPaths.orderEvents(id)}${eventsPageQuery(cursor)}`), 200, orderEventsResponseSchema, `events of ${id}`),
    );
  }

  /** D7: the token's orders, newest first, one page. */
  async listOrders(query: { q?: string; status?: OrderStatus; limit?: number } = {}): Promise<Order[]> {
    this.requireControlApi('GET /sandbox/orders');
    const params: Record<string, string> = { limit: String(query.limit ?? 100) };
    if (query.q !== undefined) params['q'] = query.q;
    if (query.status !== undefined) params['status'] = query.status;
    return (await parsed(await this.request.get(sandboxPaths.orders(), { params }), 200, listSchema, 'list orders')).results;
  }

  /**
   * D7: deletes EVERY order of the token. Only for a token no other test uses at the same time
   * (parallel workers share the token unless you give each its own).
   */
  async reset(): Promise<void> {
    this.requireControlApi('POST /sandbox/reset');
    await expectStatus(await this.request.post(sandboxPaths.reset()), 204, 'reset');
  }

  /** Any call with the token, answered as it is (no status expected): for tests about errors, and exported journal specs. */
  async call(method: string, path: string, body?: unknown): Promise<RawAnswer> {
    const response = await this.request.fetch(path, { method, ...(body !== undefined && { data: body }) });
    const text = await response.text();
    let parsedBody: unknown = text === '' ? null : text;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status(), body: parsedBody, headers: response.headers() };
  }

  /** Disarms the fault rules this client armed and the test left armed (called by the fixture). */
  async cleanUp(): Promise<void> {
    for (const id of this.armed) {
      const response = await this.request.delete(sandboxPaths.fault(id));
      if (response.status() !== 204 && response.status() !== 404) throw new SandboxCallError(`disarm fault ${id}: HTTP ${response.status()}`);
    }
    this.armed.clear();
  }

  private requireControlApi(what: string): void {
    test.skip(!this.hasControlApi, `needs the sandbox control API (${what}), which ${this.baseURL} does not answer`);
  }
}
