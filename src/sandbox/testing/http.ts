import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import type { Order } from '../../contract/schemas.ts';
import { orderSchema } from '../../contract/schemas.ts';

// Test helpers: real HTTP calls against a running sandbox.

export interface CallOptions {
  /** Sent as `Authorization: Token <token>`; null sends no Authorization header. */
  token?: string | null;
  /** Serialised as JSON with Content-Type application/json. */
  json?: unknown;
  /** A raw body (then set Content-Type yourself in `headers`). */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  redirect?: 'manual' | 'follow' | 'error';
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.token !== null && options.token !== undefined) headers.set('Authorization', `Token ${options.token}`);
  let body: string | Uint8Array | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: options.redirect ?? 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

let counter = 0;

/** A fresh order_external_id (at most 36 characters), so tests sharing a server never collide. */
export function uniqueExternalId(prefix = 'ext'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}`.slice(0, 36);
}

/** A valid order creation body; `overrides` replace top-level members. */
export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_external_id: uniqueExternalId(),
    return_url: 'https://shop.example/return?lang=en',
    order_data: { eshop_external_id: 'eshop-1', amount: '120.50' },
    customer_data: { email: 'jana@example.com', first_name: 'Jana' },
    items: [{ name: 'Book', quantity: 2, amount: '60.25', type: 'goods' }],
    ...overrides,
  };
}

export function refundBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: '10.00',
    destination_account_number: 'CZ6508000000192000145399',
    payment_identifier: `refund-${randomUUID()}`,
    external_id: `refund-ext-${randomUUID()}`,
    ...overrides,
  };
}

export function parseOrder(result: CallResult): Order {
  return orderSchema.parse(result.json);
}

export async function createOrder(baseUrl: string, token: string, overrides: Record<string, unknown> = {}): Promise<Order> {
  const result = await call(baseUrl, 'POST', orderServicePaths.orderCreate(), { token, json: orderBody(overrides) });
  if (result.status !== 201) throw new Error(`create answered ${result.status}: ${result.text}`);
  return parseOrder(result);
}

export async function moveOrder(baseUrl: string, token: string, id: string, status: string): Promise<Order> {
  const result = await call(baseUrl, 'POST', sandboxPaths.orderStatus(id), { token, json: { status } });
  if (result.status !== 200) throw new Error(`status move answered ${result.status}: ${result.text}`);
  return parseOrder(result);
}

export async function readOrder(baseUrl: string, token: string, id: string): Promise<Order> {
  const result = await call(baseUrl, 'GET', orderServicePaths.orderRead(id), { token });
  if (result.status !== 200) throw new Error(`read answered ${result.status}: ${result.text}`);
  return parseOrder(result);
}

export type RawOutcome = { kind: 'answer'; status: number; headers: Record<string, string | string[] | undefined>; text: string } | { kind: 'no_answer'; code: string };

/**
 * One request on a connection of its own (node:http, no keep-alive reuse), telling an answer apart
 * from a connection that ended without one (what a fault's drop or lose_answer does).
 */
export function callRaw(baseUrl: string, method: string, path: string, options: { token: string; json?: unknown }): Promise<RawOutcome> {
  const url = new URL(path, baseUrl);
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string | number> = { Authorization: `Token ${options.token}` };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'no_answer', code: error.code ?? 'ERESPONSE' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'no_answer', code: error.code ?? 'EUNKNOWN' }));
    req.end(payload);
  });
}
