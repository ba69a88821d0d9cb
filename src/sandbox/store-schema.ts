import { FAULT_OPERATIONS } from '../contract/faults.ts';
import { ORDER_EVENT_TYPES } from '../contract/history.ts';
import type { OrderStatus, Service } from '../contract/schemas.ts';
import { ORDER_STATUSES, SERVICES } from '../contract/schemas.ts';

// docs/decisions.md D6: amounts are numeric(10,2) (8 integer digits and 2 decimals, the document's
// pattern), so PostgreSQL does the money arithmetic exactly and PGlite hands back exact strings.
// The CHECKs make an inconsistent order impossible to store, whatever a bug upstream does.
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS orders (
  id uuid PRIMARY KEY,
  owner text NOT NULL,
  external_id text NOT NULL,
  service text NOT NULL CHECK (service IN (${quoted(SERVICES)})),
  payment_identifier text NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL CHECK (status IN (${quoted(ORDER_STATUSES)})),
  initial_amount numeric(10,2) NOT NULL CHECK (initial_amount > 0),
  current_amount numeric(10,2) NOT NULL CHECK (current_amount >= 0),
  refund_amount numeric(10,2) NOT NULL CHECK (refund_amount >= 0),
  request jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_owner_external_id_key UNIQUE (owner, external_id),
  CONSTRAINT orders_amounts_add_up CHECK (current_amount + refund_amount = initial_amount)
);
CREATE INDEX IF NOT EXISTS orders_owner_created_idx ON orders (owner, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount numeric(10,2) NOT NULL CHECK (amount > 0),
  destination_account_number text NOT NULL,
  payment_identifier text NOT NULL,
  external_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT refunds_order_payment_identifier_key UNIQUE (order_id, payment_identifier)
);
-- D12: the create request body as received (raw text). Orders stored before it keep their jsonb copy,
-- so an existing data directory still opens and still answers GET .../request.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS request_text text;
ALTER TABLE orders ALTER COLUMN request DROP NOT NULL;
-- D12: what happened to each order, written in the transaction of the change itself. data is the
-- event's own members as JSON text (not jsonb: a refused body may hold an escaped NUL, which jsonb refuses).
CREATE TABLE IF NOT EXISTS order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  type text NOT NULL CHECK (type IN (${quoted(ORDER_EVENT_TYPES)})),
  data text NOT NULL
);
CREATE INDEX IF NOT EXISTS order_events_order_idx ON order_events (order_id, id);
-- D13: armed fault rules, per owner. seq is the arming order (the oldest matching rule fires first);
-- remaining counts down in the statement that applies the rule, and a rule at 0 is no longer armed.
CREATE TABLE IF NOT EXISTS faults (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  owner text NOT NULL,
  operation text NOT NULL CHECK (operation IN (${quoted(FAULT_OPERATIONS)})),
  order_id uuid,
  effect jsonb NOT NULL,
  times integer NOT NULL CHECK (times > 0),
  remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= times),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS faults_armed_idx ON faults (owner, seq) WHERE remaining > 0;
-- D15: the list's order is the order in which the database received the orders, numbered by a
-- sequence (a clock per process cannot order the orders of several processes). The orders of a
-- data directory from before keep their old order (created_at, then id).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS arrival bigint;
CREATE SEQUENCE IF NOT EXISTS orders_arrival_seq OWNED BY orders.arrival;
UPDATE orders o SET arrival = n.rn
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM orders WHERE arrival IS NULL) n WHERE o.id = n.id;
SELECT setval('orders_arrival_seq', coalesce((SELECT max(arrival) FROM orders), 0) + 1, false);
ALTER TABLE orders ALTER COLUMN arrival SET DEFAULT nextval('orders_arrival_seq');
ALTER TABLE orders ALTER COLUMN arrival SET NOT NULL;
CREATE INDEX IF NOT EXISTS orders_owner_arrival_idx ON orders (owner, arrival);
DROP INDEX IF EXISTS orders_owner_created_idx;
-- GET /sandbox/stats lists the newest refused refunds; this index holds only those events.
CREATE INDEX IF NOT EXISTS order_events_refused_idx ON order_events (id) WHERE type = 'refund_refused';
-- The origin each create came to: the order's redirect_url in every answer (order-view.ts). Orders
-- from before have none and take the request's.
ALTER TABLE orders ADD COLUMN IF NOT EXISTS checkout_origin text;
`;

/** Bumped whenever SCHEMA_SQL gains a step; a database at this version skips SCHEMA_SQL at start. */
export const SCHEMA_VERSION = 4;

/** The columns every order query selects; `created_key` is created_at to the microsecond, for cursors. */
export const ORDER_COLUMNS = `id::text AS id, external_id, service, status, payment_identifier, return_url,
  initial_amount::text AS initial_amount, current_amount::text AS current_amount,
  refund_amount::text AS refund_amount, created_at, checkout_origin,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key`;

export interface OrderRow {
  id: string;
  external_id: string;
  service: Service;
  status: OrderStatus;
  payment_identifier: string;
  return_url: string;
  initial_amount: string;
  current_amount: string;
  refund_amount: string;
  created_at: Date;
  created_key: string;
  /** Null for an order stored before it was kept. */
  checkout_origin: string | null;
}

// Rows come from our own queries, typed by PGlite (text columns as strings, timestamptz as Date),
// so a few typeof checks prove their shape; a zod parse per row cost more than the insert's plan.
const serviceSet: ReadonlySet<string> = new Set(SERVICES);
const statusSet: ReadonlySet<string> = new Set(ORDER_STATUSES);
const TEXT_COLUMNS = ['id', 'external_id', 'payment_identifier', 'return_url', 'initial_amount', 'current_amount', 'refund_amount'] as const;

function rowProblem(row: Record<string, unknown>): string | null {
  for (const column of TEXT_COLUMNS) if (typeof row[column] !== 'string') return column;
  if (row['checkout_origin'] !== null && typeof row['checkout_origin'] !== 'string') return 'checkout_origin';
  if (typeof row['service'] !== 'string' || !serviceSet.has(row['service'])) return 'service';
  if (typeof row['status'] !== 'string' || !statusSet.has(row['status'])) return 'status';
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A row of ORDER_COLUMNS, checked. */
export function decodeOrderRow(row: unknown): OrderRow {
  const problem = isRecord(row) ? rowProblem(row) : 'row';
  if (problem !== null || !isRecord(row)) throw new Error(`unexpected order row from the database (${problem ?? 'row'})`);
  if (!(row['created_at'] instanceof Date) || typeof row['created_key'] !== 'string') {
    throw new Error('unexpected order row from the database (created_at)');
  }
  return row as unknown as OrderRow;
}
