import { orderEventsResponseSchema } from '../../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../../contract/paths.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import type { OrderLookup } from '../../../bulk/checks.ts';
import type { SendAnswer } from '../../../bulk/engine.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { getOrder } from '../orders/api/get-order.ts';
import { orderIndex } from '../orders/order-index.ts';
import { checkOrder, receiveOrder } from '../orders/order-record.ts';

// The bulk engine's calls in personal mode: through the console's api client, so every refund and
// read is in the request journal like any other, and the orders land in this browser's index.

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function lookupOrder(environment: Environment, orderId: string, signal?: AbortSignal): Promise<OrderLookup> {
  try {
    const received = await getOrder(environment, orderId, signal);
    // The order page's read checks an answer once the check is loaded; here it always is (this module imports it).
    const { order, mismatches } = received.mismatches === null ? checkOrder(received.data) : { order: received.order, mismatches: received.mismatches };
    if (order === null) return { kind: 'failed', message: `The answer is not an order as documented (${mismatches.join('; ')})` };
    return { kind: 'found', order };
  } catch (error) {
    if (signal?.aborted === true) throw error;
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
    return { kind: 'failed', message: message(error) };
  }
}

export function bulkTransport(environment: Environment) {
  const send = async (orderId: string, body: RefundRequest, signal: AbortSignal): Promise<SendAnswer> => {
    try {
      const response = await apiRequest(environment, { method: 'POST', path: orderServicePaths.orderRefund(orderId), body, signal });
      const received = receiveOrder(response.data);
      if (received.order === null) return { kind: 'lost', message: 'The service answered with something that is not an order' };
      orderIndex.remember(environment.id, received);
      return { kind: 'answered', refunded: received.order.refund_amount, remaining: received.order.current_amount };
    } catch (error) {
      if (signal.aborted) throw error;
      if (!(error instanceof ApiError) || error.status === undefined || error.kind !== 'http') return { kind: 'lost', message: message(error) };
      // A 2xx whose body could not be read: the service acted; the engine reads the order.
      if (error.status < 300) return { kind: 'lost', message: error.message };
      const words = [error.detail, ...error.nonFieldErrors, ...error.fieldErrors.map((f) => `${f.path}: ${f.messages.join(' ')}`)].filter((w): w is string => w !== undefined);
      return {
        kind: 'status',
        status: error.status,
        message: words.length > 0 ? words.join(' ') : error.message,
        fields: error.fieldErrors.map((f) => f.path),
        ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
      };
    }
  };

  const readHistory = environment.sandbox
    ? async (orderId: string, signal: AbortSignal) => {
        try {
          const response = await apiRequest(environment, { method: 'GET', path: sandboxPaths.orderEvents(orderId), signal });
          const parsed = orderEventsResponseSchema.safeParse(response.data);
          return parsed.success ? parsed.data.results : null;
        } catch {
          return null;
        }
      }
    : undefined;

  return { send, readOrder: (orderId: string, signal: AbortSignal) => lookupOrder(environment, orderId, signal), ...(readHistory ? { readHistory } : {}) };
}
