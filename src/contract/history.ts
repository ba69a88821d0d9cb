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

/** `GET /sandbox/orders/{id}/events`: oldest first. */
export const orderEventsResponseSchema = z.object({ results: z.array(orderEventSchema) });

export type EventSource = z.infer<typeof eventSourceSchema>;
export type RefundRefusalCode = z.infer<typeof refundRefusalCodeSchema>;
export type OrderEvent = z.infer<typeof orderEventSchema>;
export type OrderEventType = OrderEvent['type'];
export type CreatedEvent = z.infer<typeof createdEventSchema>;
export type StatusChangedEvent = z.infer<typeof statusChangedEventSchema>;
export type RefundedEvent = z.infer<typeof refundedEventSchema>;
export type RefundRefusedEvent = z.infer<typeof refundRefusedEventSchema>;
export type FaultAppliedEvent = z.infer<typeof faultAppliedEventSchema>;
