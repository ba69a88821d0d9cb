import { z } from 'zod';
import { ORDER_STATUSES, orderStatusSchema, SERVICES, serviceSchema } from '../contract/schemas.ts';

// decisions.md D6: amounts are numeric(10,2) (8 integer digits and 2 decimals, the document's
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
`;

/** The columns every order query selects; `created_key` is created_at to the microsecond, for cursors. */
export const ORDER_COLUMNS = `id::text AS id, external_id, service, status, payment_identifier, return_url,
  initial_amount::text AS initial_amount, current_amount::text AS current_amount,
  refund_amount::text AS refund_amount, created_at,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key`;

export const orderRowSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  service: serviceSchema,
  status: orderStatusSchema,
  payment_identifier: z.string(),
  return_url: z.string(),
  initial_amount: z.string(),
  current_amount: z.string(),
  refund_amount: z.string(),
  created_at: z.date(),
  created_key: z.string(),
});

export type OrderRow = z.infer<typeof orderRowSchema>;
