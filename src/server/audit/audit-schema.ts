import type { Session } from '../../db/store-db.ts';

// docs/decisions.md D16: the audit log's table in the console's database. Rows are only ever added:
// a trigger refuses UPDATE, DELETE and TRUNCATE, so no code path of the server can rewrite history;
// what someone does by hand around it (disabling the trigger, editing the files) the hash chain
// shows (audit-verify.ts). Every statement is idempotent: the console's migrations run it at each
// start, inside their own transaction and lock.

export const AUDIT_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS audit_log (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  at timestamptz NOT NULL,
  user_name text,
  role text,
  environment text,
  action text NOT NULL,
  order_id text,
  body json NOT NULL,
  outcome text NOT NULL,
  address text,
  user_agent text,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  key_id text
);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at);
CREATE INDEX IF NOT EXISTS audit_log_user ON audit_log (user_name, seq);
CREATE INDEX IF NOT EXISTS audit_log_action ON audit_log (action, seq);
CREATE INDEX IF NOT EXISTS audit_log_order ON audit_log (order_id, seq);
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP;
END
$$;
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
`;

/** A log made before the key (audit-key.ts) gets the column; its rows keep null there. */
export const AUDIT_KEY_MIGRATION = 'ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS key_id text;';

/** Creates the audit table, its indexes and its append-only triggers when they are not there yet. */
export async function createAuditSchema(session: Session): Promise<void> {
  await session.exec(AUDIT_SCHEMA_SQL);
}
