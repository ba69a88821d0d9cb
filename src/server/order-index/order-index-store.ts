import type { ImportRow } from '../../contract/index-import.ts';
import type { IndexSource } from '../../contract/order-index.ts';
import type { CustomerData, Order } from '../../contract/schemas.ts';
import type { Queryable } from '../../db/store-db.ts';

// Writes to the team order index (docs/order-index.md). Two kinds of word about an order:
// - a sighting: the service's own answer (through the console or the gateway, a refresh, a sandbox
//   event). The newest sighting's status and amounts win, an older one arriving late changes nothing;
//   a create body's customer fields stay when a later answer carries none, and replace a file's.
// - an import row: a PSP's export. It speaks only where the service has not: the status, amounts and
//   date of an order no sighting has told of, and customer fields no create body gave. Between two
//   files the later import wins.

/** The order as the index keeps it: the service's answer without its redirect_url. */
export type SightedOrder = Omit<Order, 'redirect_url'>;

export interface IndexedSighting {
  environment: string;
  order: SightedOrder;
  customer: CustomerData | null;
  source: IndexSource;
  seenAt: Date;
}

// "newer": this sighting is at least as recent as what the record holds from the service.
const NEWER = '(o.service_seen_at IS NULL OR EXCLUDED.service_seen_at >= o.service_seen_at)';
const CHANGED = '(o.status IS DISTINCT FROM EXCLUDED.status OR o.current_amount IS DISTINCT FROM EXCLUDED.current_amount)';
const whenNewer = (column: string) => `${column} = CASE WHEN ${NEWER} THEN EXCLUDED.${column} ELSE o.${column} END`;

const UPSERT = `
  INSERT INTO order_index AS o (environment, order_id, external_id, status, service, initial_amount, current_amount, refund_amount,
    initial_value, email, first_name, last_name, phone_number, created_at, created_known, first_seen_at, last_seen_at, first_source, source,
    service_seen_at, changed_at, checked_at, customer_source)
  SELECT r.environment, r.order_id, r.external_id, r.status, r.service, r.initial_amount, r.current_amount, r.refund_amount,
    r.initial_amount::numeric, r.email, r.first_name, r.last_name, r.phone_number, r.created_at, true, r.seen_at, r.seen_at, r.source, r.source,
    r.seen_at, r.seen_at, r.seen_at,
    CASE WHEN coalesce(r.email, r.first_name, r.last_name, r.phone_number) IS NOT NULL THEN 'service' END
  FROM jsonb_to_recordset($1::jsonb) AS r(environment text, order_id uuid, external_id text, status text, service text,
    initial_amount text, current_amount text, refund_amount text, email text, first_name text, last_name text, phone_number text,
    created_at timestamptz, seen_at timestamptz, source text)
  ON CONFLICT (environment, order_id) DO UPDATE SET
    ${['external_id', 'status', 'service', 'initial_amount', 'current_amount', 'refund_amount', 'initial_value', 'created_at', 'created_known'].map(whenNewer).join(',\n    ')},
    changed_at = CASE WHEN ${NEWER} AND ${CHANGED} THEN EXCLUDED.changed_at ELSE o.changed_at END,
    missing_at = CASE WHEN ${NEWER} THEN NULL ELSE o.missing_at END,
    email = coalesce(EXCLUDED.email, o.email),
    first_name = coalesce(EXCLUDED.first_name, o.first_name),
    last_name = coalesce(EXCLUDED.last_name, o.last_name),
    phone_number = coalesce(EXCLUDED.phone_number, o.phone_number),
    customer_source = coalesce(EXCLUDED.customer_source, o.customer_source),
    source = CASE WHEN EXCLUDED.last_seen_at >= o.last_seen_at THEN EXCLUDED.source ELSE o.source END,
    last_seen_at = greatest(o.last_seen_at, EXCLUDED.last_seen_at),
    service_seen_at = greatest(o.service_seen_at, EXCLUDED.service_seen_at),
    checked_at = greatest(o.checked_at, EXCLUDED.checked_at)`;

// PostgreSQL's text takes no NUL; a body may hold one (JSON allows \u0000). Dropped, so the order is still indexed.
const noNul = (value: string) => value.split('\u0000').join('');
/** An empty customer field is no field: '' would hide the create body's value behind nothing. */
const field = (value: string | null | undefined) => (value === undefined || value === null || noNul(value).trim() === '' ? null : noNul(value).trim());

/** In key order, so two batches touching the same orders lock them in the same order (no deadlock on PostgreSQL). */
function lastPerOrder<T>(items: readonly T[], key: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) byKey.set(key(item), item);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
}

/** Upserts the sightings in one statement (the last sighting of an order in the batch wins). */
export async function upsertSightings(db: Queryable, sightings: readonly IndexedSighting[]): Promise<void> {
  if (sightings.length === 0) return;
  const rows = lastPerOrder(sightings, (s) => `${s.environment} ${s.order.id.toLowerCase()}`).map((s) => ({
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

// A file speaks where the service has not (o.service_seen_at IS NULL), and for customer fields no
// create body gave (customer_source 'import' or none). Its rows keep their own last_seen_at and
// source only while no sighting has come.
const FILE_ONLY = 'o.service_seen_at IS NULL';
const fromFile = (column: string) => `${column} = CASE WHEN ${FILE_ONLY} THEN coalesce(EXCLUDED.${column}, o.${column}) ELSE o.${column} END`;
const customerFromFile = (column: string) =>
  `${column} = CASE WHEN o.customer_source = 'service' THEN coalesce(o.${column}, EXCLUDED.${column}) ELSE coalesce(EXCLUDED.${column}, o.${column}) END`;

const IMPORT_UPSERT = `
  INSERT INTO order_index AS o (environment, order_id, external_id, status, service, initial_amount, current_amount, refund_amount,
    initial_value, email, first_name, last_name, phone_number, created_at, created_known, first_seen_at, last_seen_at, first_source, source,
    service_seen_at, changed_at, checked_at, customer_source)
  SELECT $1::text, r.order_id, r.external_id, r.status, NULL, r.initial_amount, NULL, NULL,
    r.initial_amount::numeric, r.email, r.first_name, r.last_name, r.phone_number, coalesce(r.created_at, $2::timestamptz), r.created_at IS NOT NULL,
    $2::timestamptz, $2::timestamptz, 'import', 'import', NULL, $2::timestamptz, NULL,
    CASE WHEN coalesce(r.email, r.first_name, r.last_name, r.phone_number) IS NOT NULL THEN 'import' END
  FROM jsonb_to_recordset($3::jsonb) AS r(order_id uuid, external_id text, status text, initial_amount text, email text, first_name text,
    last_name text, phone_number text, created_at timestamptz)
  ON CONFLICT (environment, order_id) DO UPDATE SET
    external_id = CASE WHEN ${FILE_ONLY} THEN EXCLUDED.external_id ELSE o.external_id END,
    ${['status', 'initial_amount', 'initial_value'].map(fromFile).join(',\n    ')},
    created_at = CASE WHEN ${FILE_ONLY} AND EXCLUDED.created_known THEN EXCLUDED.created_at ELSE o.created_at END,
    created_known = o.created_known OR (${FILE_ONLY} AND EXCLUDED.created_known),
    changed_at = CASE WHEN ${FILE_ONLY} AND EXCLUDED.status IS NOT NULL AND EXCLUDED.status IS DISTINCT FROM o.status THEN EXCLUDED.changed_at ELSE o.changed_at END,
    ${['email', 'first_name', 'last_name', 'phone_number'].map(customerFromFile).join(',\n    ')},
    customer_source = CASE WHEN o.customer_source = 'service' THEN 'service' ELSE coalesce(EXCLUDED.customer_source, o.customer_source) END,
    last_seen_at = CASE WHEN ${FILE_ONLY} THEN EXCLUDED.last_seen_at ELSE o.last_seen_at END,
    source = CASE WHEN ${FILE_ONLY} THEN 'import' ELSE o.source END`;

/** Upserts a file's rows into `environment` in one statement (a later row of one order wins). */
export async function upsertImportRows(db: Queryable, environment: string, rows: readonly ImportRow[], importedAt: Date): Promise<void> {
  if (rows.length === 0) return;
  const kept = lastPerOrder(rows, (row) => row.order_id).map((row) => ({
    ...row,
    external_id: noNul(row.external_id),
    email: field(row.email),
    first_name: field(row.first_name),
    last_name: field(row.last_name),
    phone_number: field(row.phone_number),
  }));
  await db.query(IMPORT_UPSERT, [environment, importedAt.toISOString(), JSON.stringify(kept)]);
}
