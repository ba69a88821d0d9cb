import { z } from 'zod';
import type { OrderEvent } from '../../../../contract/history.ts';
import { ORDER_EVENT_TYPES, orderEventSchema } from '../../../../contract/history.ts';
import type { HistoryItem, OrderHistory, RefundRow } from './history-model.ts';
import { mergeMoves } from './history-model.ts';

// The sandbox's history (D12) into the history model. Each event is parsed on its own with the
// contract's schema: one event this console does not know (a newer sandbox) or cannot read becomes an
// "unknown event" shown raw, and the rest of the history still shows (D9).

const envelopeSchema = z.object({ results: z.array(z.unknown()) });

/** Just enough of any event to place it: its id, time and type, when they are there. */
const looseEventSchema = z.object({
  id: z.unknown().optional(),
  at: z.string().optional().catch(undefined),
  type: z.string().optional().catch(undefined),
});

const KNOWN_TYPES: ReadonlySet<string> = new Set(ORDER_EVENT_TYPES);

export class HistoryShapeError extends Error {
  override name = 'HistoryShapeError';
}

/** The answer of `GET /sandbox/orders/{id}/events`; throws HistoryShapeError when it is no list of events at all. */
export function historyFromEvents(data: unknown): OrderHistory {
  const envelope = envelopeSchema.safeParse(data);
  if (!envelope.success) throw new HistoryShapeError('The sandbox answered something that is not a history ({"results": [...]})');
  const items = mergeMoves(envelope.data.results.map((raw, index) => itemFromEvent(raw, index)));
  return {
    origin: 'sandbox',
    items,
    refunds: items.flatMap((item) => (item.kind === 'refunded' ? [item.refund] : [])),
    fromCreation: items.some((item) => item.kind === 'created'),
  };
}

function itemFromEvent(raw: unknown, index: number): HistoryItem {
  const parsed = orderEventSchema.safeParse(raw);
  if (parsed.success) return itemFromKnown(parsed.data);
  const loose = looseEventSchema.safeParse(raw);
  const type = loose.success ? (loose.data.type ?? null) : null;
  const at = loose.success ? (loose.data.at ?? null) : null;
  // A known type that does not read as documented says what differs; a new type needs no excuse.
  const problem =
    type !== null && KNOWN_TYPES.has(type)
      ? parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(event)'}: ${issue.message}`).join('; ')
      : null;
  return { kind: 'unknown', key: `unknown-${index}`, at, type, problem, raw };
}

function itemFromKnown(event: OrderEvent): HistoryItem {
  const key = `event-${event.id}`;
  switch (event.type) {
    case 'created':
      return { kind: 'created', key, at: event.at, externalId: event.external_id, initialAmount: event.initial_amount, status: event.status };
    case 'status_changed':
      return { kind: 'status', key, at: event.at, from: event.from, via: [], to: event.to, source: event.source };
    case 'refunded': {
      const refund: RefundRow = {
        key,
        at: event.at,
        amount: event.amount,
        paymentIdentifier: event.payment_identifier,
        externalId: event.external_id,
        destinationAccount: event.destination_account_number,
        currentAfter: event.current_amount,
        refundedAfter: event.refund_amount,
        source: event.source,
      };
      return { kind: 'refunded', key, at: event.at, refund };
    }
    case 'refund_refused':
      return {
        kind: 'refused',
        key,
        at: event.at,
        code: event.code,
        httpStatus: event.http_status,
        reason: event.reason,
        status: event.status,
        request: event.request,
        requestBytes: event.request_bytes,
      };
    case 'fault_applied':
      return { kind: 'fault', key, at: event.at, event };
  }
}
