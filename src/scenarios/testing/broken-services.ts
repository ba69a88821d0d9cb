import { Hono } from 'hono';
import { formatMoney, parseMoney } from '../../contract/money.ts';
import { createApp } from '../../sandbox/app.ts';
import type { SandboxEnv } from '../../sandbox/auth.ts';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import type { Store } from '../../sandbox/store.ts';
import type { ArrayErrorShape } from '../../contract/drf-errors.ts';

// Order Services that are mostly right and wrong in one way each, for the tests that prove the
// catalogue catches them. Each is the real sandbox app (control API and checkout included, so every
// scenario runs without a person) with one behaviour broken in the store or on the wire.

type Forward = (request: Request) => Promise<Response>;

export interface Breakage {
  /** Replaces store behaviour (the service's rules). */
  store?: (store: Store) => Store;
  /** Sits on the wire between the client and the app. */
  wire?: (request: Request, forward: Forward) => Promise<Response>;
  arrayErrors?: ArrayErrorShape;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function jsonOf(message: Request | Response): Promise<unknown> {
  try {
    const value: unknown = JSON.parse(await message.clone().text());
    return value;
  } catch {
    return undefined;
  }
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const isPsp = (request: Request) => new URL(request.url).pathname.startsWith('/psp/');
const isRefund = (request: Request) => request.method === 'POST' && /\/refund\/$/.test(new URL(request.url).pathname);
const isCreate = (request: Request) => request.method === 'POST' && new URL(request.url).pathname === '/psp/v2/order/';

export const BREAKAGES = {
  /** Refunds whatever the status (answers as if it had; the document's one state rule ignored). */
  refundsInAnyStatus: {
    store: (store) => ({
      ...store,
      async refundOrder(owner, id, refund, options) {
        const order = await store.getOrder(owner, id);
        if (order === null || order.status === 'activated') return store.refundOrder(owner, id, refund, options);
        const current = formatMoney(parseMoney(order.current_amount).minus(parseMoney(refund.amount)));
        const refunded = formatMoney(parseMoney(order.refund_amount).plus(parseMoney(refund.amount)));
        return { kind: 'refunded', order: { ...order, current_amount: current, refund_amount: refunded }, fault: null };
      },
    }),
  },
  /** Answers the partner interface's amounts as JSON numbers instead of decimal strings. */
  amountsAsNumbers: {
    async wire(request, forward) {
      const response = await forward(request);
      const body = await jsonOf(response);
      if (!isPsp(request) || !isRecord(body) || typeof body['initial_amount'] !== 'string') return response;
      const numbers = Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, key.endsWith('_amount') && typeof value === 'string' ? JSON.parse(value) : value]),
      );
      return json(numbers, response.status);
    },
  },
  /** A duplicate order_external_id crashes the service: 500 with Django's HTML page. */
  duplicateIs500: {
    async wire(request, forward) {
      const response = await forward(request);
      const body = await jsonOf(response);
      if (!isCreate(request) || response.status !== 400 || !isRecord(body) || !('order_external_id' in body)) return response;
      const text = JSON.stringify(body);
      if (!text.includes('already exists')) return response;
      return new Response('<!doctype html><title>Server Error (500)</title><h1>Server Error (500)</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } });
    },
  },
  /** Takes "Bearer <token>" as well as "Token <token>". */
  acceptsBearer: {
    wire(request, forward) {
      const header = request.headers.get('authorization') ?? '';
      if (!/^bearer\s/i.test(header)) return forward(request);
      const headers = new Headers(request.headers);
      headers.set('authorization', header.replace(/^bearer/i, 'Token'));
      return forward(new Request(request, { headers }));
    },
  },
  /** Rounds a refund amount with three decimals to two instead of refusing it. */
  roundsRefundAmounts: {
    async wire(request, forward) {
      if (!isRefund(request)) return forward(request);
      const body = await jsonOf(request);
      if (!isRecord(body) || typeof body['amount'] !== 'string' || !/^\d+\.\d{3}$/.test(body['amount'])) return forward(request);
      const rounded = JSON.stringify({ ...body, amount: formatMoney(body['amount']) });
      return forward(new Request(request.url, { method: 'POST', headers: request.headers, body: rounded }));
    },
  },
  /**
   * Conforming, the way a real DRF service answers where the document is silent: 400 (not 409) for
   * the status rule, 403 (not 401) without credentials, and DRF 3.18's index-shaped array errors.
   */
  drfStyle: {
    arrayErrors: 'index',
    async wire(request, forward) {
      const response = await forward(request);
      const body = await jsonOf(response);
      if (response.status === 409 && isPsp(request)) return json(body, 400);
      if (response.status === 401 && isRecord(body) && body['code'] === 'not_authenticated') return json(body, 403);
      return response;
    },
  },
} satisfies Record<string, Breakage>;

export type BreakageName = keyof typeof BREAKAGES;

/**
 * Not broken: an Order Service without the sandbox control API, as a staging service is. Its
 * checkout page still answers, so a test can play the person the runner asks to act.
 */
export const WITHOUT_CONTROL_API: Breakage = {
  wire(request, forward) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/sandbox/') && !path.startsWith('/sandbox/checkout/')) return Promise.resolve(json({ detail: 'Not found.' }, 404));
    return forward(request);
  },
};

export const BROKEN_TOKEN = 'broken-service-token';

/** One broken service over `store`, on a free port of 127.0.0.1. */
export function startBrokenService(store: Store, breakage: Breakage): Promise<RunningServer> {
  const inner = createApp({
    store: breakage.store?.(store) ?? store,
    tokens: [BROKEN_TOKEN],
    log: () => undefined,
    ...(breakage.arrayErrors !== undefined && { arrayErrors: breakage.arrayErrors }),
  });
  const outer = new Hono<SandboxEnv>();
  outer.all('*', (c) => {
    // The Node bindings (c.env) go along: the sandbox's connection faults (D13) close the socket.
    const forward: Forward = async (request) => inner.fetch(request, c.env);
    return breakage.wire === undefined ? forward(c.req.raw) : breakage.wire(c.req.raw, forward);
  });
  return serveApp(outer);
}
