import type { EngineDeps, SendAnswer } from '../../bulk/engine.ts';
import { statusAnswer } from '../../bulk/http-transport.ts';
import { orderEventsResponseSchema } from '../../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import { parseJson } from '../../contract/json-text.ts';
import type { ServiceCall } from '../forward.ts';

// The bulk engine's calls to an environment's Order Service, made by the console server
// through forward.ts's serviceCaller (the token added on the server, the embedded sandbox answered
// in-process, the order index told). It reads the answers as http-transport.ts does for a process
// holding the token; the one difference is that a service that could not be reached arrives here as
// 424 service_unreachable, which for a refund means "lost": the engine then reads the order.

const isUnreachable = (status: number, text: string) => {
  if (status !== 424) return false;
  const body = parseJson(text);
  return typeof body === 'object' && body !== null && 'code' in body && body.code === 'service_unreachable';
};

export function serviceTransport(call: ServiceCall, environmentId: string, sandbox: boolean): Pick<EngineDeps, 'send' | 'readOrder' | 'readHistory'> {
  const send: EngineDeps['send'] = async (orderId, body) => {
    const answer = await call(environmentId, 'POST', orderServicePaths.orderRefund(orderId), body);
    if (answer.status >= 200 && answer.status < 300) {
      const order = orderSchema.safeParse(parseJson(answer.text));
      if (!order.success) return { kind: 'lost', message: `HTTP ${answer.status} with an answer that is not an order` } satisfies SendAnswer;
      return { kind: 'answered', refunded: order.data.refund_amount, remaining: order.data.current_amount };
    }
    if (isUnreachable(answer.status, answer.text)) return { kind: 'lost', message: 'The service could not be reached, or the connection closed before its answer' };
    return statusAnswer(answer.status, answer.text, answer.retryAfter ?? null);
  };

  const readOrder: EngineDeps['readOrder'] = async (orderId) => {
    const answer = await call(environmentId, 'GET', orderServicePaths.orderRead(orderId));
    if (answer.status === 404) return { kind: 'not-found' };
    if (answer.status !== 200) {
      const said = statusAnswer(answer.status, answer.text, answer.retryAfter ?? null);
      return { kind: 'failed', message: said.kind === 'status' ? `HTTP ${answer.status}: ${said.message}` : `HTTP ${answer.status}` };
    }
    const order = orderSchema.safeParse(parseJson(answer.text));
    return order.success ? { kind: 'found', order: order.data } : { kind: 'failed', message: 'The answer is not an order as documented' };
  };

  // D12's history exists in the embedded sandbox only; elsewhere the engine goes by the order alone.
  const readHistory: EngineDeps['readHistory'] = async (orderId) => {
    const answer = await call(environmentId, 'GET', sandboxPaths.orderEvents(orderId));
    if (answer.status !== 200) return null;
    const parsed = orderEventsResponseSchema.safeParse(parseJson(answer.text));
    return parsed.success ? parsed.data.results : null;
  };

  return sandbox ? { send, readOrder, readHistory } : { send, readOrder };
}
