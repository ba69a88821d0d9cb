import type { IndexSource } from '../../contract/order-index.ts';
import type { CustomerData, Order } from '../../contract/schemas.ts';
import type { Queryable } from '../../db/store-db.ts';

// Writes to the team order index. Every order answer that passes through the console server
// (forward.ts) is upserted here: the latest answer's status and amounts win, the create body's customer
// fields are kept when a later answer (a read, a refund, a list page) carries none.


export interface IndexedSighting {
  environment: string;
  order: Order;
  customer: CustomerData | null;
  source: IndexSource;
  seenAt: Date;
}

const UPSERT = `
  INSERT INTO order_index AS o (environment, order_id, external_id, status, service, initial_amount, current_amount, refund_amount,
    initial_value, email, first_name, last_name, phone_number, created_at, first_seen_at, last_seen_at, first_source, source)
  SELECT r.environment, r.order_id, r.external_id, r.status, r.service, r.initial_amount, r.current_amount, r.refund_amount,
    r.initial_amount::numeric, r.email, r.first_name, r.last_name, r.phone_number, r.created_at, r.seen_at, r.seen_at, r.source, r.source
  FROM jsonb_to_recordset($1::jsonb) AS r(environment text, order_id uuid, external_id text, status text, service text,
    initial_amount text, current_amount text, refund_amount text, email text, first_name text, last_name text, phone_number text,
    created_at timestamptz, seen_at timestamptz, source text)
  ON CONFLICT (environment, order_id) DO UPDATE SET
    external_id = EXCLUDED.external_id,
    status = EXCLUDED.status,
    service = EXCLUDED.service,
    initial_amount = EXCLUDED.initial_amount,
    current_amount = EXCLUDED.current_amount,
    refund_amount = EXCLUDED.refund_amount,
    initial_value = EXCLUDED.initial_value,
    email = coalesce(EXCLUDED.email, o.email),
    first_name = coalesce(EXCLUDED.first_name, o.first_name),
    last_name = coalesce(EXCLUDED.last_name, o.last_name),
    phone_number = coalesce(EXCLUDED.phone_number, o.phone_number),
    created_at = EXCLUDED.created_at,
    last_seen_at = greatest(o.last_seen_at, EXCLUDED.last_seen_at),
    source = EXCLUDED.source`;

// PostgreSQL's text takes no NUL; a body may hold one (JSON allows \u0000). Dropped, so the order is still indexed.
const noNul = (value: string) => value.split('\u0000').join('');

/** An empty customer field is no field: '' would hide the create body's value behind nothing. */
const field = (value: string | undefined) => (value === undefined || noNul(value).trim() === '' ? null : noNul(value).trim());

/** Upserts the sightings in one statement (the last sighting of an order in the batch wins). */
export async function upsertSightings(db: Queryable, sightings: readonly IndexedSighting[]): Promise<void> {
  if (sightings.length === 0) return;
  const byOrder = new Map<string, IndexedSighting>();
  for (const s of sightings) byOrder.set(`${s.environment} ${s.order.id.toLowerCase()}`, s);
  // In key order, so two batches touching the same orders lock them in the same order (no deadlock on PostgreSQL).
  const sorted = [...byOrder.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, s]) => s);
  const rows = sorted.map((s) => ({
    environment: s.environment,
    order_id: s.order.id,
    external_id: noNul(s.order.external_id),
    status: s.order.status,
    service: s.order.service,
    initial_amount: s.order.initial_amount,
    current_amount: s.order.current_amount,
    refund_amount: s.order.refund_amount,
    email: field(s.customer?.email),
    first_name: field(s.customer?.first_name),
    last_name: field(s.customer?.last_name),
    phone_number: field(s.customer?.phone_number),
    created_at: s.order.date_settled,
    seen_at: s.seenAt.toISOString(),
    source: s.source,
  }));
  await db.query(UPSERT, [JSON.stringify(rows)]);
}
