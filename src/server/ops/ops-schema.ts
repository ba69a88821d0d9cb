// What the console's own workers keep in its database, so that they survive a restart and
// work across processes: how far each reader of the audit log has got (the audit sink, the notifier),
// with the lease of the process reading it now, and the notifications waiting to be delivered.

export const OPS_MIGRATION = `
CREATE TABLE console_audit_readers (
  reader text PRIMARY KEY,
  delivered_seq bigint NOT NULL,
  lease_owner text,
  lease_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE console_notify_outbox (
  id bigserial PRIMARY KEY,
  audit_seq bigint NOT NULL,
  event text NOT NULL,
  environment text NOT NULL,
  message jsonb NOT NULL,
  recheck_approval text,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'gave_up', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (audit_seq, event)
);
CREATE INDEX console_notify_outbox_due ON console_notify_outbox (next_at) WHERE state = 'pending';
`;
