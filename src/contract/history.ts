import { z } from 'zod';
import { amount } from './fields.ts';
import { faultEffectSchema, FAULT_OPERATIONS } from './faults.ts';
import { orderStatusSchema } from './schemas.ts';

// docs/decisions.md D12: what happened to an order, as the sandbox records it. Every event is written in
// the same transaction as the change it describes. Parsed by the console (order history), the QA kit
// and the scenario runner, so the shape lives here once.

/** Who moved an order: the customer on the checkout page, the control API, or a refund. */
export const EVENT_SOURCES = ['checkout', 'control', 'refund'] as const;
export const eventSourceSchema = z.enum(EVENT_SOURCES);

/** Why a refund was refused (the HTTP status and the service's message come with it). */
export const REFUND_REFUSAL_CODES = ['invalid_status', 'invalid_amount', 'duplicate_payment_identifier', 'invalid_body'] as const;
export const refundRefusalCodeSchema = z.enum(REFUND_REFUSAL_CODES);

const eventBase = {
  /** Increasing across the whole sandbox: events of one order sort by it. */
  id: z.int().positive(),
  at: z.iso.datetime({ offset: true }),
};

export const createdEventSchema = z.object({
  ...eventBase,
  type: z.literal('created'),
  external_id: z.string(),
  initial_amount: amount(),
  status: z.literal('new'),
});

export const statusChangedEventSchema = z.object({
  ...eventBase,
  type: z.literal('status_changed'),
  from: orderStatusSchema,
  to: orderStatusSchema,
  source: eventSourceSchema,
});

export const refundedEventSchema = z.object({
  ...eventBase,
  type: z.literal('refunded'),
  amount: amount(),
  payment_identifier: z.string(),
  external_id: z.string(),
  destination_account_number: z.string(),
  /** The order's amounts right after this refund. */
  current_amount: amount(),
  refund_amount: amount(),
  /** `refund`: through the partner interface; `control`: a simulated move to refunded refunded the rest. */
  source: z.enum(['refund', 'control']),
});

export const refundRefusedEventSchema = z.object({
  ...eventBase,
  type: z.literal('refund_refused'),
  code: refundRefusalCodeSchema,
  /** The HTTP status the caller got (409 for the status rule, 400 otherwise). */
  http_status: z.int(),
  /** The service's message, as the caller got it. */
  reason: z.string(),
  /** The order's status when it was refused. */
  status: orderStatusSchema,
  /**
   * The refund body as received (any JSON object: a refused body may not match the schema); null
   * when it was no JSON object at all (malformed JSON, another JSON type, 413, 415).
   */
  request: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Present when the body was larger than REFUSAL_REQUEST_MAX_BYTES: its size in bytes.
   * `request` then keeps only the refund's own fields, each cut to REFUSAL_FIELD_MAX_CHARACTERS.
   */
  request_bytes: z.int().nonnegative().optional(),
});

export const faultAppliedEventSchema = z.object({
  ...eventBase,
  type: z.literal('fault_applied'),
  fault_id: z.string(),
  operation: z.enum(FAULT_OPERATIONS),
  effect: faultEffectSchema,
});

export const orderEventSchema = z.discriminatedUnion('type', [
  createdEventSchema,
  statusChangedEventSchema,
  refundedEventSchema,
  refundRefusedEventSchema,
  faultAppliedEventSchema,
]);

export const ORDER_EVENT_TYPES = ['created', 'status_changed', 'refunded', 'refund_refused', 'fault_applied'] as const;

/** A refused body larger than this (as JSON text, in bytes) is kept cut. */
export const REFUSAL_REQUEST_MAX_BYTES = 4096;
export const REFUSAL_FIELD_MAX_CHARACTERS = 256;
/** A refusal's reason is kept to this many characters. */
export const REFUSAL_REASON_MAX_CHARACTERS = 2000;

/** `GET /sandbox/orders/{id}/events?limit=&cursor=`: events per page, default and at most. */
export const EVENTS_PAGE_DEFAULT = 200;
export const EVENTS_PAGE_MAX = 500;

/**
 * `GET /sandbox/orders/{id}/events`: one page, oldest first. `next_cursor` asks for the next page
 * (`?cursor=`); null on the last. A sandbox from before paging answers everything with no cursor.
 */
export const orderEventsResponseSchema = z.object({ results: z.array(orderEventSchema), next_cursor: z.string().nullable().optional() });

/** A page as read by a client that shows events it does not know raw (the console): the events unparsed. */
export const orderEventsPageSchema = z.object({ results: z.array(z.unknown()), next_cursor: z.string().nullable().optional() });

/** The events path with the page query. */
export const eventsPageQuery = (cursor: string | null, limit = EVENTS_PAGE_MAX): string =>
  `?${new URLSearchParams({ limit: String(limit), ...(cursor === null ? {} : { cursor }) }).toString()}`;

/**
 * Every event of an order, following the pages. `fetchPage` answers one page for a cursor (null:
 * the first). A cursor that does not move on is the server's bug: reading stops rather than loops.
 */
export async function readAllEventPages<T>(fetchPage: (cursor: string | null) => Promise<{ results: T[]; next_cursor?: string | null | undefined }>): Promise<T[]> {
  const all: T[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchPage(cursor);
    all.push(...page.results);
    const next = page.next_cursor ?? null;
    if (next === null || seen.has(next)) return all;
    seen.add(next);
    cursor = next;
  }
}

export type EventSource = z.infer<typeof eventSourceSchema>;
export type RefundRefusalCode = z.infer<typeof refundRefusalCodeSchema>;
export type OrderEvent = z.infer<typeof orderEventSchema>;
export type OrderEventType = OrderEvent['type'];
export type CreatedEvent = z.infer<typeof createdEventSchema>;
export type StatusChangedEvent = z.infer<typeof statusChangedEventSchema>;
export type RefundedEvent = z.infer<typeof refundedEventSchema>;
export type RefundRefusedEvent = z.infer<typeof refundRefusedEventSchema>;
export type FaultAppliedEvent = z.infer<typeof faultAppliedEventSchema>;
