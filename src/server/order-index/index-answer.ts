import { z } from 'zod';
import { PSP_PREFIX } from '../../contract/paths.ts';
import { customerDataSchema, orderSchema } from '../../contract/schemas.ts';
import type { Queryable } from '../../db/store-db.ts';
import { parseJson } from '../../contract/json-text.ts';
import type { IndexSource } from '../../contract/order-index.ts';
import type { IndexedSighting } from './order-index-store.ts';
import { indexWriter } from './index-writer.ts';
import { UUID_SOURCE } from '../../contract/uuid.ts';

// What forward.ts and the gateway hand the order index after they have answered. The answer is parsed
// with the contract's schemas (an answer that is not an order indexes nothing); the create body gives
// the customer fields. The work runs after the response is on its way and never throws: the index is
// a convenience, the answer is what counts, so a failure is logged and that is all. Sightings that
// arrive together are written together (index-writer.ts), so a burst of calls costs a few statements.
export interface ForwardedAnswer {
  environment: string;
  method: string;
  /** The path after /env/{id}. */
  path: string;
  status: number;
  requestBody: Uint8Array | undefined;
  responseText: string;
  /** A person's call through the console (default) or a machine's through the gateway. */
  channel?: 'console' | 'gateway';
}

const ORDER_CREATE = new RegExp(`^${PSP_PREFIX}/order/$`);
const ORDER_READ = new RegExp(`^${PSP_PREFIX}/order/${UUID_SOURCE}/$`);
const ORDER_REFUND = new RegExp(`^${PSP_PREFIX}/order/${UUID_SOURCE}/refund/$`);
const SANDBOX_LIST = /^\/sandbox\/orders$/;

const createBodySchema = z.object({ customer_data: customerDataSchema });
const listPageSchema = z.object({ results: z.array(z.unknown()).max(10_000) });

function sourceOf(method: string, path: string, channel: ForwardedAnswer['channel'] = 'console'): IndexSource | null {
  const machine = channel === 'gateway';
  if (method === 'POST' && ORDER_CREATE.test(path)) return machine ? 'service_create' : 'create';
  if (method === 'POST' && ORDER_REFUND.test(path)) return machine ? 'service_refund' : 'refund';
  if (method === 'GET' && ORDER_READ.test(path)) return machine ? 'service_read' : 'read';
  if (method === 'GET' && SANDBOX_LIST.test(path)) return 'list';
  return null;
}

/** The sightings an answer holds: none for an error, a non-order or a path that carries no order. */
export function sightingsOf(answer: ForwardedAnswer, seenAt: Date): IndexedSighting[] {
  if (answer.status < 200 || answer.status >= 300) return [];
  const source = sourceOf(answer.method, answer.path, answer.channel);
  if (source === null) return [];
  const body = parseJson(answer.responseText);
  if (source === 'list') {
    const page = listPageSchema.safeParse(body);
    if (!page.success) return [];
    return page.data.results.flatMap((item) => {
      const order = orderSchema.safeParse(item);
      return order.success ? [{ environment: answer.environment, order: order.data, customer: null, source, seenAt }] : [];
    });
  }
  const order = orderSchema.safeParse(body);
  if (!order.success) return [];
  let customer = null;
  if ((source === 'create' || source === 'service_create') && answer.requestBody !== undefined) {
    const created = createBodySchema.safeParse(parseJson(new TextDecoder().decode(answer.requestBody)));
    customer = created.success ? created.data.customer_data : null;
  }
  return [{ environment: answer.environment, order: order.data, customer, source, seenAt }];
}

/** Indexes an answer once the response has left; never throws, never delays the answer. */
export function indexAnswerLater(db: Queryable, log: (line: string) => void, answer: ForwardedAnswer): void {
  if (sourceOf(answer.method, answer.path, answer.channel) === null || answer.status < 200 || answer.status >= 300) return;
  const seenAt = new Date();
  setImmediate(() => {
    try {
      indexWriter(db, log).add(sightingsOf(answer, seenAt));
    } catch (error) {
      log(`order index: could not read an answer of ${answer.environment} (${error instanceof Error ? error.message : String(error)})`);
    }
  });
}
