import { flattenDrfErrors } from '../contract/drf-errors.ts';
import type { OrderEvent } from '../contract/history.ts';
import { orderEventsResponseSchema } from '../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { parseRetryAfter } from '../contract/retry-after.ts';
import type { RefundRequest } from '../contract/schemas.ts';
import { orderSchema } from '../contract/schemas.ts';
import type { OrderLookup } from './checks.ts';
import type { SendAnswer } from './engine.ts';
import { parseJson } from '../contract/json-text.ts';

// The engine's calls to an Order Service over fetch, for a process that holds the token itself:
// the console server in team mode, and the tests. (The browser in personal mode goes through the
// console's api-client instead, for its journal.) The token travels in the Authorization header only.

export interface HttpTarget {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error answer's words and the fields it named (D3's two shapes), as the engine wants them. */
export function statusAnswer(status: number, text: string, retryAfter: string | null): SendAnswer {
  const body = parseJson(text);
  const seconds = parseRetryAfter(retryAfter);
  const extra = seconds === undefined ? {} : { retryAfterSeconds: seconds };
  if (isRecord(body) && typeof body['detail'] === 'string') return { kind: 'status', status, message: body['detail'], fields: [], ...extra };
  const flat = flattenDrfErrors(body);
  if (flat !== null) {
    const messages = [...flat.nonField, ...flat.fields.map((f) => `${f.path}: ${f.messages.join(' ')}`)];
    return { kind: 'status', status, message: messages.join(' '), fields: flat.fields.map((f) => f.path), ...extra };
  }
  return { kind: 'status', status, message: `HTTP ${status}${text === '' ? '' : `: ${text.slice(0, 200)}`}`, fields: [], ...extra };
}

export function httpTransport(target: HttpTarget) {
  const doFetch = target.fetch ?? fetch;
  const call = async (method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal) => {
    const timeout = AbortSignal.timeout(target.timeoutMs ?? 15_000);
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Token ${target.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await doFetch(new URL(path, target.baseUrl), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.any([signal, timeout]),
    });
    return { status: response.status, text: await response.text(), retryAfter: response.headers.get('Retry-After') };
  };

  const send = async (orderId: string, body: RefundRequest, signal: AbortSignal): Promise<SendAnswer> => {
    let answer;
    try {
      answer = await call('POST', orderServicePaths.orderRefund(orderId), body, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return { kind: 'lost', message: error instanceof Error ? error.message : String(error) };
    }
    if (answer.status >= 200 && answer.status < 300) {
      const order = orderSchema.safeParse(parseJson(answer.text));
      // It acted, but what it answered cannot be read: as good as lost (the order is read again).
      if (!order.success) return { kind: 'lost', message: `HTTP ${answer.status} with an answer that is not an order` };
      return { kind: 'answered', refunded: order.data.refund_amount, remaining: order.data.current_amount };
    }
    return statusAnswer(answer.status, answer.text, answer.retryAfter);
  };

  const readOrder = async (orderId: string, signal: AbortSignal): Promise<OrderLookup> => {
    let answer;
    try {
      answer = await call('GET', orderServicePaths.orderRead(orderId), undefined, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    if (answer.status === 404) return { kind: 'not-found' };
    if (answer.status !== 200) {
      const said = statusAnswer(answer.status, answer.text, answer.retryAfter);
      return { kind: 'failed', message: said.kind === 'status' ? `HTTP ${answer.status}: ${said.message}` : `HTTP ${answer.status}` };
    }
    const order = orderSchema.safeParse(parseJson(answer.text));
    return order.success ? { kind: 'found', order: order.data } : { kind: 'failed', message: 'The answer is not an order as documented' };
  };

  const readHistory = async (orderId: string, signal: AbortSignal): Promise<OrderEvent[] | null> => {
    try {
      const answer = await call('GET', sandboxPaths.orderEvents(orderId), undefined, signal);
      if (answer.status !== 200) return null;
      const parsed = orderEventsResponseSchema.safeParse(parseJson(answer.text));
      return parsed.success ? parsed.data.results : null;
    } catch {
      return null;
    }
  };

  return { send, readOrder, readHistory };
}
