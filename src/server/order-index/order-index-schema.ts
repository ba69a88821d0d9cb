import { INDEX_SOURCES } from '../../contract/order-index.ts';

const INDEX_SOURCE_LIST = INDEX_SOURCES.map((source) => `'${source}'`).join(', ');

// the team order index's table in the console's database (console-db.ts runs these once, in
// order with its other migrations; IF NOT EXISTS keeps them harmless on a database that has them).
//
// Filters (email:, ext:) are exact or prefix matches on normalized columns (lower case, phone digits),
// each with a btree in the "C" collation so that `col >= prefix AND col < prefix || U+10FFFF` is an
// index range on PGlite and PostgreSQL alike, with parameters and the adapters' generic plans (a
// LIKE 'x%' pattern only uses a btree when the pattern is a constant).
// Free text of three characters or more matches anywhere inside the external id and the customer's
// e-mail, name and phone digits: a support agent types part of a name, the middle of a reference or
// the last digits of a phone. That is pg_trgm's GIN index, which answers `LIKE '%x%'` with the
// pattern as a parameter: PostgreSQL ships it in contrib (a trusted extension since 13, so the
// database's owner may create it) and PGlite 0.5 as @electric-sql/pglite/contrib/pg_trgm, loaded by
// console-db.ts. The customer's fields share one column (customer_text, fields apart by U+001F, which
// no search can hold), so a word is one index lookup per column (bench/order-index.ts).
// Amounts are numeric for ranges; the answers keep the service's decimal strings as text beside them.

export const ORDER_INDEX_MIGRATION = `
  CREATE TABLE IF NOT EXISTS order_index (
    environment text NOT NULL,
    order_id uuid NOT NULL,
    external_id text NOT NULL,
    status text NOT NULL,
    service text NOT NULL,
    initial_amount text NOT NULL,
    current_amount text NOT NULL,
    refund_amount text NOT NULL,
    initial_value numeric NOT NULL,
    email text,
    first_name text,
    last_name text,
    phone_number text,
    created_at timestamptz NOT NULL,
    first_seen_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    first_source text NOT NULL CHECK (first_source IN ('create', 'read', 'refund', 'list')),
    source text NOT NULL CHECK (source IN ('create', 'read', 'refund', 'list')),
    ext_norm text COLLATE "C" GENERATED ALWAYS AS (lower(external_id)) STORED,
    email_norm text COLLATE "C" GENERATED ALWAYS AS (lower(email)) STORED,
    name_norm text COLLATE "C" GENERATED ALWAYS AS (lower(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))) STORED,
    last_name_norm text COLLATE "C" GENERATED ALWAYS AS (lower(btrim(last_name))) STORED,
    phone_norm text COLLATE "C" GENERATED ALWAYS AS (nullif(regexp_replace(phone_number, '[^0-9]', '', 'g'), '')) STORED,
    phone_rev text COLLATE "C" GENERATED ALWAYS AS (reverse(nullif(regexp_replace(phone_number, '[^0-9]', '', 'g'), ''))) STORED,
    PRIMARY KEY (environment, order_id)
  );
  CREATE INDEX IF NOT EXISTS order_index_created ON order_index (created_at, environment, order_id);
  CREATE INDEX IF NOT EXISTS order_index_status_created ON order_index (status, created_at);
  CREATE INDEX IF NOT EXISTS order_index_amount ON order_index (initial_value);
  CREATE INDEX IF NOT EXISTS order_index_ext ON order_index (ext_norm);
  CREATE INDEX IF NOT EXISTS order_index_email ON order_index (email_norm);
  CREATE INDEX IF NOT EXISTS order_index_name ON order_index (name_norm);
  CREATE INDEX IF NOT EXISTS order_index_last_name ON order_index (last_name_norm);
  CREATE INDEX IF NOT EXISTS order_index_phone ON order_index (phone_norm);
  CREATE INDEX IF NOT EXISTS order_index_phone_rev ON order_index (phone_rev);
`;

export const ORDER_INDEX_INFIX_MIGRATION = `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  ALTER TABLE order_index ADD COLUMN IF NOT EXISTS customer_text text GENERATED ALWAYS AS (lower(
    coalesce(email, '') || chr(31) || btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) || chr(31) ||
    coalesce(regexp_replace(phone_number, '[^0-9]', '', 'g'), ''))) STORED;
  -- current: and refunded: compare numbers, as amount: does with initial_value.
  ALTER TABLE order_index ADD COLUMN IF NOT EXISTS current_value numeric GENERATED ALWAYS AS (current_amount::numeric) STORED;
  ALTER TABLE order_index ADD COLUMN IF NOT EXISTS refund_value numeric GENERATED ALWAYS AS (refund_amount::numeric) STORED;
  CREATE INDEX IF NOT EXISTS order_index_ext_trgm ON order_index USING gin (ext_norm gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS order_index_customer_trgm ON order_index USING gin (customer_text gin_trgm_ops);
`;

// What the index is fed beyond the console's own calls (docs/order-index.md): files a PSP exports,
// the refresher's reads, the embedded sandbox's events and the gateway's machine calls. A record a
// file alone told of may lack status, amounts and date until the service is read. The columns that
// keep the sources apart:
//   service_seen_at  when the service last told this order's state (null: only a file has); a file
//                    never overwrites what the service told, and an older answer never a newer one;
//   changed_at       when its status or amounts last changed as seen (the refresher lets an order
//                    untouched for 30 days rest);
//   checked_at       when the refresher (or any answer) last asked the service: the stalest first;
//   missing_at       when the service answered 404 (an imported id it does not know): not re-read;
//   customer_source  'service' (a create body) or 'import': a file fills, never replaces, the first;
//   created_known    false while created_at is only when a file without dates was read (sort key).
const FINAL = "('rejected', 'canceled', 'refunded', 'error')";
export const ORDER_INDEX_FEEDS_MIGRATION = `
  ALTER TABLE order_index ALTER COLUMN status DROP NOT NULL, ALTER COLUMN service DROP NOT NULL,
    ALTER COLUMN initial_amount DROP NOT NULL, ALTER COLUMN current_amount DROP NOT NULL,
    ALTER COLUMN refund_amount DROP NOT NULL, ALTER COLUMN initial_value DROP NOT NULL;
  ALTER TABLE order_index DROP CONSTRAINT IF EXISTS order_index_first_source_check, DROP CONSTRAINT IF EXISTS order_index_source_check;
  ALTER TABLE order_index
    ADD CONSTRAINT order_index_first_source_check CHECK (first_source IN (${INDEX_SOURCE_LIST})),
    ADD CONSTRAINT order_index_source_check CHECK (source IN (${INDEX_SOURCE_LIST})),
    ADD COLUMN created_known boolean NOT NULL DEFAULT true,
    ADD COLUMN service_seen_at timestamptz,
    ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN checked_at timestamptz,
    ADD COLUMN missing_at timestamptz,
    ADD COLUMN customer_source text CHECK (customer_source IN ('service', 'import'));
  UPDATE order_index SET service_seen_at = last_seen_at, changed_at = last_seen_at, checked_at = last_seen_at,
    customer_source = CASE WHEN coalesce(email, first_name, last_name, phone_number) IS NOT NULL THEN 'service' END;
  CREATE INDEX order_index_refresh ON order_index (environment, checked_at NULLS FIRST)
    WHERE (status IS NULL OR status NOT IN ${FINAL}) AND missing_at IS NULL;
  CREATE TABLE order_index_leases (
    environment text PRIMARY KEY,
    holder text NOT NULL,
    expires_at timestamptz NOT NULL
  );
  CREATE TABLE order_index_imports (
    id uuid PRIMARY KEY,
    environment text NOT NULL,
    file_name text NOT NULL,
    user_name text,
    state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
    bytes_read bigint NOT NULL DEFAULT 0,
    rows_read integer NOT NULL DEFAULT 0,
    rows_indexed integer NOT NULL DEFAULT 0,
    rows_refused integer NOT NULL DEFAULT 0,
    refusals jsonb NOT NULL DEFAULT '[]',
    error text,
    started_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
  );
  CREATE INDEX order_index_imports_started ON order_index_imports (started_at DESC);
`;

/** The statuses the refresher reads again: every one but the final ones (D7), and none known yet. */
export const REFRESHABLE = `(o.status IS NULL OR o.status NOT IN ${FINAL}) AND o.missing_at IS NULL`;
