// Issue 28: the team order index's table in the console's database (console-db.ts runs this once, in
// order with its other migrations; IF NOT EXISTS keeps it harmless on a database that has it).
//
// Searches are prefix searches on normalized columns (lower case, phone digits, the phone's digits
// reversed for "the last digits"), each with a btree in the "C" collation so that
// `col >= prefix AND col < prefix || U+10FFFF` is an index range on PGlite and PostgreSQL alike,
// with parameters and the adapters' generic plans (a LIKE 'x%' pattern only uses an index when the
// pattern is a constant). pg_trgm would answer substrings too, but PGlite loads it only as an extension
// of the whole database; prefixes keep the index on both stores without one (bench/order-index.ts).
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
