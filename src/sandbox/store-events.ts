import type { OrderEvent, OrderEventType, RefundRefusalCode } from '../contract/history.ts';
import { orderEventSchema, REFUSAL_FIELD_MAX_CHARACTERS, REFUSAL_REASON_MAX_CHARACTERS, REFUSAL_REQUEST_MAX_BYTES } from '../contract/history.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import type { Queryable } from '../db/store-db.ts';

// docs/decisions.md D12: the events of an order. Each is written by the statement or transaction that
// makes the change it tells of (store.ts, store-create-group.ts), never after it. `data` holds the
// event's own members as JSON text, built with json_build_object (the json type keeps a \u0000
// escape of a refused body, which jsonb refuses).

export interface NewEvent {
  type: OrderEventType;
  data: Record<string, unknown>;
}

export interface RefundRefusal {
  code: RefundRefusalCode;
  httpStatus: number;
  /** What the caller was told, as one line (refusalReason in errors.ts). */
  reason: string;
  /** The refund body as received; null when it was not a JSON object. */
  request: Record<string, unknown> | null;
}

/** Appends events to an order, in the order given, in the caller's transaction. */
export async function insertEvents(tx: Queryable, orderId: string, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO order_events (order_id, type, data)
     SELECT $1::uuid, e.type, e.data FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS e(type, data, n) ORDER BY e.n`,
    [orderId, events.map((e) => e.type), events.map((e) => JSON.stringify(e.data))],
  );
}

export const statusChangedEvents = (from: OrderStatus, path: readonly OrderStatus[], source: 'checkout' | 'control' | 'refund'): NewEvent[] => {
  const events: NewEvent[] = [];
  let previous = from;
  for (const to of path) {
    events.push({ type: 'status_changed', data: { from: previous, to, source } });
    previous = to;
  }
  return events;
};

const REFUND_FIELDS = ['amount', 'destination_account_number', 'payment_identifier', 'external_id'] as const;

const cutText = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * What one refusal may add to a history is bounded. A body over
 * REFUSAL_REQUEST_MAX_BYTES keeps only the refund's own fields (each cut) and says how large it was;
 * the reason is cut too. Hundreds of refusals of megabyte bodies then make a small history, not a
 * history of hundreds of megabytes.
 */
export function boundedRefusal(refusal: RefundRefusal): { reason: string; request: Record<string, unknown> | null; requestBytes: number | null } {
  const reason = cutText(refusal.reason, REFUSAL_REASON_MAX_CHARACTERS);
  if (refusal.request === null) return { reason, request: null, requestBytes: null };
  const bytes = Buffer.byteLength(JSON.stringify(refusal.request), 'utf8');
  if (bytes <= REFUSAL_REQUEST_MAX_BYTES) return { reason, request: refusal.request, requestBytes: null };
  const kept: Record<string, unknown> = {};
  for (const field of REFUND_FIELDS) {
    const value = refusal.request[field];
    if (value === undefined) continue;
    kept[field] = typeof value === 'string' ? cutText(value, REFUSAL_FIELD_MAX_CHARACTERS) : cutText(JSON.stringify(value), REFUSAL_FIELD_MAX_CHARACTERS);
  }
  return { reason, request: kept, requestBytes: bytes };
}

export const refusalEvent = (refusal: RefundRefusal, status: OrderStatus): NewEvent => {
  const { reason, request, requestBytes } = boundedRefusal(refusal);
  return {
    type: 'refund_refused',
    data: { code: refusal.code, http_status: refusal.httpStatus, reason, status, request, ...(requestBytes !== null && { request_bytes: requestBytes }) },
  };
};

/**
 * Records a refused refund on an order of `owner`, with the order's status as it is; false (and
 * nothing written) when the owner has no such order.
 */
export async function insertRefusalForOwner(db: Queryable, owner: string, orderId: string, refusal: RefundRefusal): Promise<boolean> {
  const { reason, request, requestBytes } = boundedRefusal(refusal);
  const { rows } = await db.query(
    `INSERT INTO order_events (order_id, type, data)
     SELECT o.id, 'refund_refused', (CASE WHEN $7::int IS NULL
       THEN json_build_object('code', $3::text, 'http_status', $4::int, 'reason', $5::json, 'status', o.status, 'request', $6::json)
       ELSE json_build_object('code', $3::text, 'http_status', $4::int, 'reason', $5::json, 'status', o.status, 'request', $6::json,
         'request_bytes', $7::int) END)::text
     FROM orders o WHERE o.id = $1::uuid AND o.owner = $2
     RETURNING id`,
    // The reason as a JSON string: it may quote a key holding a NUL, which a text parameter refuses.
    [orderId, owner, refusal.code, refusal.httpStatus, JSON.stringify(reason), JSON.stringify(request), requestBytes],
  );
  return rows.length > 0;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeEvent(row: unknown): OrderEvent {
  if (!isRecord(row) || typeof row['id'] !== 'string' || !(row['at'] instanceof Date) || typeof row['data'] !== 'string') {
    throw new Error('unexpected event row from the database');
  }
  const data: unknown = JSON.parse(row['data']);
  if (!isRecord(data)) throw new Error('unexpected event data in the database');
  return orderEventSchema.parse({ ...data, id: Number(row['id']), at: row['at'].toISOString(), type: row['type'] });
}

export interface EventsPage {
  /** Events after this id (a previous page's last); null from the start. */
  after: number | null;
  limit: number;
}

/**
 * One page of the order's events, oldest first, and whether more follow; null when `owner` has no
 * such order. The index on (order_id, id) makes a page cost the same however long the history is.
 */
export async function selectEvents(db: Queryable, owner: string, orderId: string, page: EventsPage): Promise<{ events: OrderEvent[]; more: boolean } | null> {
  const { rows } = await db.query<{ id: string | null }>(
    `SELECT e.id::text AS id, e.at, e.type, e.data FROM orders o
     LEFT JOIN LATERAL (SELECT * FROM order_events WHERE order_id = o.id AND id > $3::bigint ORDER BY id LIMIT $4::int) e ON true
     WHERE o.id = $1::uuid AND o.owner = $2 ORDER BY e.id`,
    [orderId, owner, page.after ?? 0, page.limit + 1],
  );
  if (rows.length === 0) return null;
  const events = rows.filter((row) => row.id !== null).map(decodeEvent);
  return { events: events.slice(0, page.limit), more: events.length > page.limit };
}

/**
 * The create request as the sandbox received it (raw text); orders stored before the raw text was
 * kept answer their jsonb copy. null when `owner` has no such order.
 */
export async function selectRequestText(db: Queryable, owner: string, orderId: string): Promise<string | null> {
  const { rows } = await db.query<{ request_text: string | null; request_json: string | null }>(
    'SELECT request_text, request::text AS request_json FROM orders WHERE id = $1::uuid AND owner = $2',
    [orderId, owner],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return row.request_text ?? row.request_json ?? '{}';
}
