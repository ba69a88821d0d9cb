import { test } from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { z } from 'zod';
import { orderServicePaths, sandboxPaths } from '../../src/contract/paths.ts';
import type { Order, OrderStatus, RefundRequest } from '../../src/contract/schemas.ts';
import { orderSchema } from '../../src/contract/schemas.ts';
import type { OrderOverrides } from './sample-order.ts';
import { sampleOrder, sampleRefund } from './sample-order.ts';

// The Order Service called directly with the token, to seed and check data without the UI
// (STYLE.md: seed orders through the API). Every answer is parsed with the contract's schema.

const listSchema = z.object({ results: z.array(orderSchema), next_cursor: z.string().nullable() });

export class ApiCallError extends Error {
  override name = 'ApiCallError';
}

async function parsed<T>(response: APIResponse, expected: number, schema: z.ZodType<T>, what: string): Promise<T> {
  const text = await response.text();
  if (response.status() !== expected) {
    throw new ApiCallError(`${what}: expected HTTP ${expected}, got ${response.status()}: ${text.slice(0, 500)}`);
  }
  return schema.parse(JSON.parse(text));
}

export interface RawAnswer {
  status: number;
  body: unknown;
}

export class OrderApi {
  constructor(
    private readonly request: APIRequestContext,
    /** Whether the environment answers the sandbox control API (D7). */
    readonly sandbox: boolean,
    private readonly baseURL: string,
  ) {}

  /** POST /psp/v2/order/ with a valid unique body (sampleOrder) changed by `overrides`. */
  async createOrder(overrides: OrderOverrides = {}): Promise<Order> {
    const body = sampleOrder(overrides);
    return parsed(await this.request.post(orderServicePaths.orderCreate(), { data: body }), 201, orderSchema, `create ${body.order_external_id}`);
  }

  async getOrder(id: string): Promise<Order> {
    return parsed(await this.request.get(orderServicePaths.orderRead(id)), 200, orderSchema, `read ${id}`);
  }

  /** POST /psp/v2/order/{id}/refund/; destination, payment identifier and external id default to valid unique values. */
  async refund(id: string, body: Partial<RefundRequest> & Pick<RefundRequest, 'amount'>): Promise<Order> {
    return parsed(await this.request.post(orderServicePaths.orderRefund(id), { data: sampleRefund(body) }), 200, orderSchema, `refund ${id}`);
  }

  /** Sandbox control (D7): moves the order along the allowed path. Skips the test where there is no sandbox. */
  async setStatus(id: string, status: OrderStatus): Promise<Order> {
    this.requireSandbox('POST /sandbox/orders/{id}/status');
    return parsed(await this.request.post(sandboxPaths.orderStatus(id), { data: { status } }), 200, orderSchema, `move ${id} to ${status}`);
  }

  /** Sandbox control (D7): the token's orders, newest first, one page. */
  async listOrders(query: { q?: string; status?: OrderStatus; limit?: number } = {}): Promise<Order[]> {
    this.requireSandbox('GET /sandbox/orders');
    const params: Record<string, string> = { limit: String(query.limit ?? 100) };
    if (query.q !== undefined) params['q'] = query.q;
    if (query.status !== undefined) params['status'] = query.status;
    const page = await parsed(await this.request.get(sandboxPaths.orders(), { params }), 200, listSchema, 'list orders');
    return page.results;
  }

  /** Any call, answered as it is, for tests about errors. */
  async post(path: string, body: unknown): Promise<RawAnswer> {
    const response = await this.request.post(path, { data: body });
    const text = await response.text();
    let parsedBody: unknown = text;
    try {
      parsedBody = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status(), body: parsedBody };
  }

  private requireSandbox(what: string): void {
    test.skip(!this.sandbox, `needs the sandbox control API (${what}), which ${this.baseURL} does not answer`);
  }
}
